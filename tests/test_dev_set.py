"""The hand-written dev set (tests/data/dev_v2.tsv) holds what issue 9 asks of it."""

from collections import Counter

from miniserve.tutor.corpus import v2 as corpus2

from miniserve.tutor.evaluation import evaluate
from miniserve.tutor.corpus.lexicon import pools

NEW_KINDS = ("be_have_do", "added_s", "do_support", "passive", "modal_to_progressive", "past_marker", "two_errors")


def test_size_kinds_and_lengths():
    cases = evaluate.dev_cases()
    kinds = Counter(c.kind for c in cases)
    assert len(cases) >= 250
    assert all(kinds[k] >= 25 for k in NEW_KINDS), kinds
    assert kinds["correct"] >= 60 and kinds["two_errors"] >= 20
    assert sum(len(c.sentence.split()) >= 20 for c in cases) >= 50
    assert sum(len(c.sentence.split()) >= 40 for c in cases) >= 5
    correct = [c for c in cases if c.kind == "correct"]
    assert min(len(c.sentence.split()) for c in correct) <= 4 and max(len(c.sentence.split()) for c in correct) >= 40


def test_every_case_is_consistent():
    for case in evaluate.dev_cases():
        if case.kind in ("correct", "out_of_scope"):
            assert case.corrected == case.sentence and case.target == ""
        else:
            assert case.corrected != case.sentence and case.target
            assert len(case.target.split(",")) == (2 if case.kind == "two_errors" else 1)


def test_names_and_places_outside_the_lexicon():
    """Capitalised words inside sentences (names, places) that the corpus never uses."""
    both = pools(False), pools(True)
    known = {w for p in both for phrase in p.names + p.places for w in phrase.split()}
    known |= {w for p in both for n in p.people + p.things for w in (n.singular, n.plural)}
    unseen = set()
    for case in evaluate.dev_cases():
        for word in case.sentence.split()[1:]:
            word = word.strip(".,?!;:'").removesuffix("'s")
            if word[:1].isupper() and word not in known and word != "I":
                unseen.add(word)
    assert len(unseen) >= 60, sorted(unseen)


def test_not_generated_by_the_corpus():
    generated = {ex.sentence for split in ("train", "valid", "test") for ex in corpus2.generate(split, 3000, seed=0)}
    assert not generated & {c.sentence for c in evaluate.dev_cases()}
