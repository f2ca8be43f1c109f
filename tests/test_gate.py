"""The tutor's confidence gate: edits, their margins, the decision, and the scoring through the
service (the copy and the correction scored in one engine step)."""

import pytest

from engines import RecordingEngine
from miniserve.tutor.runtime import gate
from miniserve.tutor.runtime.guard import NO_ERROR, Review
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.service.tutoring import Tutor
from test_service import serving

SENTENCE = "She have two cats and they lives in Kisumu."
CORRECTED = "She has two cats and they live in Kisumu."
EXPLANATION = "The verb must agree with its subject: 'has', not 'have'. Use 'live' with 'they'."


def test_edits_apply_one_by_one_and_together():
    changes = gate.edits(SENTENCE, CORRECTED)
    assert len(changes) == 2
    assert gate.apply(SENTENCE, changes, frozenset()) == SENTENCE
    assert gate.apply(SENTENCE, changes, frozenset({0, 1})) == CORRECTED
    assert gate.apply(SENTENCE, changes, frozenset({0})) == "She has two cats and they lives in Kisumu."
    assert gate.apply(SENTENCE, changes, frozenset({1})) == "She have two cats and they live in Kisumu."
    assert gate.variants(1) == [frozenset(), frozenset({0})]
    assert set(gate.variants(2)) == {frozenset(), frozenset({0}), frozenset({1}), frozenset({0, 1})}


def test_an_edit_that_needs_the_other_passes_on_its_margin_among_them():
    scores = {frozenset(): -10.0, frozenset({0}): -12.0, frozenset({1}): -11.0, frozenset({0, 1}): -4.0}
    assert gate.margins(2, scores) == [7.0, 8.0]  # alone both lose; together each gains


@pytest.fixture(scope="module")
def tutor(tutor_folder):
    return Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=5.0)


def proposed(tutor):
    """A turn whose model proposed the two-edit correction (as if decoded)."""
    turn = tutor.plan(SENTENCE, paragraph=False).turns[0]
    p = tutor.prompt
    turn.decoded(p.completion_ids(CORRECTED, EXPLANATION), "stop")
    assert turn.review is None and len(turn.scoring) == 4  # copy, correction, each edit alone
    return turn


def scores_for(turn, totals: dict) -> list[list[float]]:
    """Per-token scores (one token each here) in the order the turn asked for them."""
    return [[totals[keep]] for keep in turn.variants]


def test_the_gate_keeps_a_high_margin_edit_and_withholds_a_low_margin_one(tutor):
    turn = proposed(tutor)
    # edit 0 ("has") gains 9 nats alone, edit 1 ("live") 1 nat alone and 1 among the others
    turn.scored(scores_for(turn, {frozenset(): -20.0, frozenset({0}): -11.0, frozenset({1}): -19.0,
                                  frozenset({0, 1}): -10.0}))
    assert turn.margins == [9.0, 1.0]
    assert turn.review == Review("She has two cats and they lives in Kisumu.",
                                 "The verb must agree with its subject: 'has', not 'have'.", changed=True, withheld=False)
    assert turn.gated(0.5) == turn.proposal  # a lower threshold keeps both
    assert turn.gated(10.0) == Review(SENTENCE, NO_ERROR, changed=False, withheld=True)


def test_a_kept_edit_whose_explanation_names_only_the_dropped_one_gets_its_own():
    changes = gate.edits(SENTENCE, CORRECTED)
    said = gate.explanation_for("Use 'live' with 'they'.", SENTENCE, changes, frozenset({0}))
    assert said == "Use 'has', not 'have'."


def test_the_gate_withholds_when_no_edit_passes(tutor):
    turn = proposed(tutor)
    turn.scored(scores_for(turn, {frozenset(): -10.0, frozenset({0}): -11.0, frozenset({1}): -12.0,
                                  frozenset({0, 1}): -9.0}))
    assert turn.review == Review(SENTENCE, NO_ERROR, changed=False, withheld=True)


async def test_the_copy_and_the_correction_are_scored_in_one_engine_step(tutor_folder):
    engine = RecordingEngine.from_folder(tutor_folder, n_slots=8, max_step_tokens=256)
    async with serving(tutor_folder, engine, max_batch=8, gate_threshold=0.0) as (client, _):
        body = await (await client.post("/correct", json={"sentence": "She have two cats."})).get_json()
    assert body["corrected"] == "She has two cats." and not body["withheld"]
    prompt = TutorPrompt.from_folder(tutor_folder)
    answers = {tuple(seq.prompt[-seq.params.score_tokens:]): steps for steps, step in enumerate(engine.steps)
               for seq in step if seq.scoring}
    copy = tuple(prompt.encode_text("She have two cats.") + [prompt.why_id])
    correction = tuple(prompt.encode_text("She has two cats.") + [prompt.why_id])
    assert set(answers) == {copy, correction} and answers[copy] == answers[correction]


@pytest.mark.parametrize("threshold, shown, withheld", [(0.0, "She has two cats.", False),
                                                       (1000.0, "She have two cats.", True)])
async def test_the_threshold_is_the_services_setting(tutor_folder, threshold, shown, withheld):
    async with serving(tutor_folder, gate_threshold=threshold) as (client, _):
        body = await (await client.post("/correct", json={"sentence": "She have two cats."})).get_json()
    assert (body["corrected"], body["withheld"]) == (shown, withheld)


def test_an_edit_the_sentence_speaks_against_needs_a_larger_margin(tutor):
    """No word calls for an -ing form after "lovely to": "to hearing" must beat the threshold by
    agreement.EVIDENCE_MARGIN more (5 + 4 nats here), so a margin of 8 that would keep an ordinary edit
    is withheld."""
    sentence, proposal = "It was lovely to hear from you.", "It was lovely to hearing from you."
    for margin, withheld in ((8.0, True), (9.5, False)):
        turn = tutor.plan(sentence, paragraph=False).turns[0]
        turn.decoded(tutor.prompt.completion_ids(proposal, "After 'to', use the -ing form."), "stop")
        turn.scored(scores_for(turn, {frozenset(): -20.0, frozenset({0}): -20.0 + margin}))
        assert turn.review.withheld is withheld
        assert turn.review.corrected == (sentence if withheld else proposal)


def test_a_negative_imperative_is_never_made_third_person(tutor):
    """"So don't forget your coat." -> "doesn't" (the issue's first damage class) is ruled out
    (vetoes.negative_imperative), whatever margin the model gives it."""
    sentence, proposal = "So don't forget your coat.", "So doesn't forget your coat."
    turn = tutor.plan(sentence, paragraph=False).turns[0]
    turn.decoded(tutor.prompt.completion_ids(proposal, "Use 'doesn't' with a singular subject."), "stop")
    if turn.review is None:  # scored only if an edit survived
        turn.scored(scores_for(turn, {frozenset(): -20.0, frozenset({0}): 80.0}))
    assert turn.review.corrected == sentence
