from collections import Counter

import pytest

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus.lexicon import pools
from miniserve.tutor.runtime.verbs import all_verbs

N = 6000


@pytest.fixture(scope="module")
def train():
    return corpus.generate("train", N)


@pytest.fixture(scope="module")
def test_split():
    return corpus.generate("test", N // 3)


def test_deterministic():
    assert corpus.generate("valid", 200, seed=5) == corpus.generate("valid", 200, seed=5)
    assert corpus.generate("valid", 200, seed=5) != corpus.generate("valid", 200, seed=6)


def test_every_kind_and_length_range(train):
    kinds = Counter(ex.kind for ex in train)
    assert set(kinds) == set(corpus.KINDS)
    assert min(kinds.values()) > N * 0.12
    lengths = [len(ex.sentence.split()) for ex in train]
    assert min(lengths) == 3 and max(lengths) >= 20 and max(lengths) <= corpus.MAX_WORDS


def test_at_most_one_verb_changes(train):
    forms = {form for v in all_verbs() for form in (v.base, v.third, v.past, v.participle, v.regularised_past)}
    for ex in train:
        wrong, right = ex.sentence.split(), ex.corrected.split()
        assert len(wrong) == len(right)
        changed = [(a, b) for a, b in zip(wrong, right) if a != b]
        if ex.kind == "correct":
            assert changed == [] and ex.explanation == "The sentence is correct."
        else:
            assert len(changed) == 1, ex
            a, b = (w.strip(".?,") for w in changed[0])
            assert a in forms and b in forms and b == ex.target, ex
            assert f"'{ex.target}'" in ex.explanation


def test_explanations_follow_one_template_per_kind(train):
    starts = {
        "past": "The past tense of '", "participle": "After '", "agreement": "A third-person singular",
        "base": "After '", "correct": "The sentence is correct.",
    }
    for ex in train:
        assert ex.explanation.startswith(starts[ex.kind])
    assert "The past tense of 'go' is the irregular form 'went'." in {ex.explanation for ex in train}


def test_variety(train):
    subjects = {" ".join(ex.corrected.split()[:3]) for ex in train}
    assert len(subjects) > 2000
    assert sum(ex.sentence.endswith("?") for ex in train) > N * 0.1
    assert sum("n't" in ex.sentence or " not " in ex.sentence for ex in train) > N * 0.1


def test_test_split_is_held_out(train, test_split):
    assert not {ex.frame for ex in train} & {ex.frame for ex in test_split}
    held, seen = pools(True), pools(False)
    assert not set(held.names) & set(seen.names)
    assert not {n.singular for n in held.people} & {n.singular for n in seen.people}
    assert not {n.singular for n in held.things} & {n.singular for n in seen.things}
    # Held-out names never appear in training, except where a shared pool (places, time phrases)
    # happens to hold the same word ("Victoria", "in Victoria").
    shared = {w for phrase in seen.places + seen.time_past + seen.time_present + seen.time_future
              + seen.time_perfect for w in phrase.split()}
    words = lambda exs: {w.rstrip(".?,").removesuffix("'s") for ex in exs for w in ex.sentence.split()}  # noqa: E731
    held_names_used = (words(test_split) & set(held.names)) - shared
    assert held_names_used and not held_names_used & words(train)
