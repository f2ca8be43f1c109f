"""The quality bar of the shipped model, on samples (the full evaluation is `python -m
miniserve.tutor.evaluation.evaluate --n 2000`, whose numbers are in docs/model.md). Every answer goes through
the service's tutoring flow on the project's engine, free or edit-constrained, with the gate off
(the model's own quality) or at the shipped threshold (what /correct shows)."""

import pytest

from miniserve.config import Settings
from miniserve.tutor.evaluation import evaluate, learner_set
from test_service import serving

# What the shipped model (stage 12) measurably reaches (docs/model.md); each bar sits a little under it.
BARS = {
    "handwritten_free": 0.80,
    "handwritten_constrained": 0.90,  # measured 96.5% (82 of 85)
    "old_split_free": 0.94,
    "old_split_constrained": 0.95,  # measured 97.55% on 2000
    "dev_constrained": 0.80,  # measured 85.6% on all 306
    "dev_correct_unchanged": 0.90,  # measured 94.1% on all 306 (stage 11; 100% shown at the gate, stage 12)
    "learner_unchanged_served": 0.99,  # learner-style dev half, at the shipped gate: measured 100% (160 of 160)
    "learner_exact_served": 0.33,  # measured 37.5% (57 of 152)
}


@pytest.fixture(scope="module")
def free(tutor_folder):
    return evaluate.engine_tutor(tutor_folder, constrained=False)


@pytest.fixture(scope="module")
def constrained(tutor_folder):
    return evaluate.engine_tutor(tutor_folder, constrained=True)


@pytest.fixture(scope="module")
def served(tutor_folder):
    return evaluate.engine_tutor(tutor_folder, constrained=True, threshold=Settings().gate_threshold)


def run(flow, cases):
    return evaluate.score(cases, evaluate.answer(*flow, [c.sentence for c in cases]))


def test_handwritten_set(free):
    cases = evaluate.handwritten_cases()
    assert len(cases) >= 60 and {c.kind for c in cases} == {"past", "participle", "agreement", "base", "correct"}
    result = run(free, cases)
    assert result["exact_match"] >= BARS["handwritten_free"], result["failures"]


def test_test_split_sample(free):
    result = run(free, evaluate.corpus_cases(400, seed=7))
    assert result["exact_match"] >= BARS["old_split_free"], result["failures"]
    assert min(result["exact_match_by_kind"].values()) >= 0.85, result["exact_match_by_kind"]  # agreement 88.7% (stage 9)
    assert result["explanation_names_target"] >= 0.93


def test_constrained_decoding_on_the_handwritten_set(constrained):
    result = run(constrained, evaluate.handwritten_cases())
    assert result["exact_match"] >= BARS["handwritten_constrained"], result["failures"]
    assert result["withheld"] == 0.0  # whatever the constraint lets through, the guard accepts


def test_constrained_decoding_on_a_test_split_sample(constrained):
    result = run(constrained, evaluate.corpus_cases(200, seed=13))
    assert result["exact_match"] >= BARS["old_split_constrained"], result["failures"]
    # without the gate; stage 18 changes 2 of its 56 template sentences ("Fergus had lowered my orange" -> "lower"),
    # the gate none (docs/model.md, "Stage 18")
    assert result["correct_unchanged_shown"] >= 0.96


def test_constrained_decoding_on_the_dev_set(constrained, served):
    """The hand-written dev set of issue 9 (every other sentence: all kinds, short and long); the gate
    withholds, so more correct sentences come back unchanged, never fewer."""
    cases = evaluate.dev_cases()[::2]
    result = run(constrained, cases)
    assert result["exact_match"] >= BARS["dev_constrained"], result["exact_match_by_kind"]
    assert result["correct_unchanged_shown"] >= BARS["dev_correct_unchanged"]
    assert result["withheld"] == 0.0
    gated = run(served, cases)
    assert gated["exact_match"] == result["exact_match"]  # the same model answers: the gate only withholds
    assert gated["correct_unchanged_shown"] >= result["correct_unchanged_shown"]


# The table of issue 9, as /correct answers it (the edit constraint and the guard included).
ISSUE_EXAMPLES = [
    ("She have two cats.", "She has two cats."),
    ("They was at the cinema last night.", "They were at the cinema last night."),
    ("My brother don't like spinach.", "My brother doesn't like spinach."),
    ("We goes to the market every Saturday.", "We go to the market every Saturday."),
    ("The teacher walked into the room and opened the window.", "The teacher walked into the room and opened the window."),
]


async def test_the_issue_examples_through_the_service(tutor_folder):
    """With the gate off, as issue 9 measured them; with the shipped gate each is the same answer or
    withheld (the input as typed), never another one."""
    async with serving(tutor_folder) as (client, _):
        gated = [await (await client.post("/correct", json={"sentence": s})).get_json() for s, _ in ISSUE_EXAMPLES]
    for (sentence, corrected), got in zip(ISSUE_EXAMPLES, gated):
        assert (got["corrected"], got["withheld"]) in ((corrected, False), (sentence, True)), got
    async with serving(tutor_folder, gate=0) as (client, _):
        for sentence, corrected in ISSUE_EXAMPLES:
            got = await (await client.post("/correct", json={"sentence": sentence})).get_json()
            assert (got["corrected"], got["withheld"]) == (corrected, False), got
            if corrected == sentence:
                assert got["explanation"] == "No verb error found."
            else:
                changed = set(corrected.split()) - set(sentence.split())
                assert all(f"'{word.strip('.')}'" in got["explanation"] for word in changed), got


def test_the_guard_never_shows_damage_on_the_dev_set(free):
    """Free decoding of sentences the shipped model was not trained for: whatever it answers, what
    the service would show is the input or a verb-form edit of it."""
    cases = evaluate.dev_cases()[::5]
    for case, turn in zip(cases, evaluate.answer(*free, [c.sentence for c in cases])):
        assert turn.review.corrected == case.sentence or turn.review.changed, (case.sentence, turn.completion)


def test_learner_style_dev_half_as_served(served):
    """Real learners' kind of writing (the dev half of tests/data/learner_v3.tsv), as /correct answers
    it: error-free sentences come back as typed, and some verb errors are fixed."""
    cases = learner_set.learner_cases("dev")
    turns = evaluate.answer(*served, [c.sentence for c in cases])
    result = learner_set.report(cases, [t.completion for t in turns], [t.review for t in turns])
    assert result["correct_unchanged"]["share"] >= BARS["learner_unchanged_served"], result["failures"]
    assert result["errors_exact"]["share"] >= BARS["learner_exact_served"], result["errors_exact_by_class"]
