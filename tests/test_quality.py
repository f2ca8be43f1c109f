"""The quality bar of the shipped model, on samples (the full evaluation is `python -m
miniserve.tutor.evaluate --n 2000`, whose numbers are in docs/model.md). Free decoding runs on the
project's engine; edit-constrained decoding on evaluation's own masked greedy loop (greedy.py)."""

import pytest

from miniserve.tutor import evaluate
from miniserve.tutor.guard import review
from test_service import serving

# What the shipped model (stage 5) measurably reaches (docs/model.md); each bar sits a little under it.
BARS = {
    "handwritten_free": 0.80,  # measured 82.4% (70 of 85)
    "handwritten_constrained": 0.88,  # measured 90.6% (77 of 85)
    "old_split_free": 0.94,  # measured 96.6% on 2000
    "old_split_constrained": 0.95,  # measured 97.8% on 2000
    "dev_constrained": 0.78,  # measured 82.0% on all 306
    "dev_correct_unchanged": 0.82,  # measured 85.9% on all 306
}


@pytest.fixture(scope="module")
def generator(tutor_folder):
    return evaluate.EngineGenerator(tutor_folder)


@pytest.fixture(scope="module")
def constrained(tutor_folder):
    from miniserve.tutor.greedy import GreedyGenerator

    return GreedyGenerator(tutor_folder, constrained=True, threads=2)


def test_handwritten_set(generator):
    cases = evaluate.handwritten_cases()
    assert len(cases) >= 60 and {c.kind for c in cases} == {"past", "participle", "agreement", "base", "correct"}
    result = evaluate.score(cases, generator.complete([c.sentence for c in cases]))
    assert result["exact_match"] >= BARS["handwritten_free"], result["failures"]


def test_test_split_sample(generator):
    cases = evaluate.corpus_cases(400, seed=7)
    result = evaluate.score(cases, generator.complete([c.sentence for c in cases]))
    assert result["exact_match"] >= BARS["old_split_free"], result["failures"]
    assert min(result["exact_match_by_kind"].values()) >= 0.90, result["exact_match_by_kind"]
    assert result["explanation_names_target"] >= 0.93


def test_constrained_decoding_on_the_handwritten_set(constrained):
    cases = evaluate.handwritten_cases()
    result = evaluate.score(cases, constrained.complete([c.sentence for c in cases]))
    assert result["exact_match"] >= BARS["handwritten_constrained"], result["failures"]
    assert result["withheld"] == 0.0  # whatever the constraint lets through, the guard accepts


def test_constrained_decoding_on_a_test_split_sample(constrained):
    cases = evaluate.corpus_cases(200, seed=13)
    result = evaluate.score(cases, constrained.complete([c.sentence for c in cases]))
    assert result["exact_match"] >= BARS["old_split_constrained"], result["failures"]
    assert result["correct_unchanged_after_guard"] >= 0.98


def test_constrained_decoding_on_the_dev_set(constrained):
    """The hand-written dev set of issue 9 (every other sentence: all kinds, short and long)."""
    cases = evaluate.dev_cases()[::2]
    result = evaluate.score(cases, constrained.complete([c.sentence for c in cases]))
    assert result["exact_match"] >= BARS["dev_constrained"], result["exact_match_by_kind"]
    assert result["correct_unchanged_after_guard"] >= BARS["dev_correct_unchanged"]
    assert result["withheld"] == 0.0


# The table of issue 9, as /correct answers it (the edit constraint and the guard included).
ISSUE_EXAMPLES = [
    ("She have two cats.", "She has two cats."),
    ("They was at the cinema last night.", "They were at the cinema last night."),
    ("My brother don't like spinach.", "My brother doesn't like spinach."),
    ("We goes to the market every Saturday.", "We go to the market every Saturday."),
    ("The teacher walked into the room and opened the window.", "The teacher walked into the room and opened the window."),
]


async def test_the_issue_examples_through_the_service(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        for sentence, corrected in ISSUE_EXAMPLES:
            got = await (await client.post("/correct", json={"sentence": sentence})).get_json()
            assert (got["corrected"], got["withheld"]) == (corrected, False), got
            if corrected == sentence:
                assert got["explanation"] == "No verb error found."
            else:
                changed = set(corrected.split()) - set(sentence.split())
                assert all(f"'{word.strip('.')}'" in got["explanation"] for word in changed), got


def test_the_guard_never_shows_damage_on_the_dev_set(generator):
    """Free decoding of sentences the shipped model was not trained for: whatever it answers, what
    the service would show is the input or a verb-form edit of it."""
    cases = evaluate.dev_cases()[::5]
    for case, got in zip(cases, generator.complete([c.sentence for c in cases])):
        shown = review(case.sentence, got.corrected, got.explanation)
        assert shown.corrected == case.sentence or shown.changed, (case.sentence, got)


def test_engine_and_transformers_agree_on_a_sample(tutor_folder, generator):
    pytest.importorskip("transformers")
    sentences = [c.sentence for c in evaluate.corpus_cases(24, seed=11)]
    assert generator.complete(sentences) == evaluate.HFGenerator(tutor_folder).complete(sentences)


def test_the_masked_greedy_loop_agrees_with_the_engine_when_free(tutor_folder, generator):
    from miniserve.tutor.greedy import GreedyGenerator

    sentences = [c.sentence for c in evaluate.corpus_cases(24, seed=12)] + [c.sentence for c in evaluate.dev_cases()[:8]]
    assert GreedyGenerator(tutor_folder, constrained=False).complete(sentences) == generator.complete(sentences)
