"""The learner-style set (tests/data/learner_v3.tsv) holds what issue 20 asks of it, and its report
counts what the issue measures."""

import statistics
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

import pytest

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import v2 as corpus2

from miniserve.tutor.evaluation import evaluate
from miniserve.tutor.runtime.forms import aux_family, is_verb_form
from miniserve.tutor.runtime.guard import tokens
from miniserve.tutor.evaluation.learner_set import (CLASSES, ERROR_CLASSES, GENRES, HALVES, HARD_FAMILIES, learner_cases,
                                         report, table)
from miniserve.tutor.runtime.prompt import Completion

# Tense is the learners' commonest verb error, then verb form, agreement, inflection (LEARNER_ERRORS).
MIN_PER_CLASS = {"tense": 100, "verb_form": 55, "agreement": 40, "inflection": 20, "two_errors": 25}
# Verb forms that forms.py's tables do not know: learners' misspellings and verbs outside the lexicon.
UNLISTED_VERB_FORMS = {"choosen", "writen", "writting", "studing", "forgoten", "recommend", "recommended",
                       "organise", "organised", "organising", "cancel", "cancelled"}


@pytest.fixture(scope="module")
def cases():
    return learner_cases()


def test_size_and_error_free_share(cases):
    kinds = Counter(c.kind for c in cases)
    assert len(cases) >= 560
    assert kinds["correct"] >= len(cases) / 2, kinds
    assert set(kinds) == set(CLASSES), kinds


def test_every_class_family_and_genre_present(cases):
    kinds = Counter(c.kind for c in cases)
    assert all(kinds[k] >= n for k, n in MIN_PER_CLASS.items()), kinds
    assert kinds["tense"] == max(kinds[k] for k in ERROR_CLASSES), kinds
    families = Counter(c.hard for c in cases if c.kind == "correct")
    assert set(families) == set(HARD_FAMILIES), families
    assert all(families[f] >= 20 for f in HARD_FAMILIES), families
    genres = Counter(c.genre for c in cases)
    assert set(genres) == set(GENRES) and min(genres.values()) >= 40, genres


def test_lengths_like_learners_sentences(cases):
    lengths = [len(c.sentence.split()) for c in cases]
    assert min(lengths) >= 5 and max(lengths) <= 40
    assert 12 <= statistics.median(lengths) <= 16
    assert sum(n >= 25 for n in lengths) >= 30


def test_inputs_and_corrections_agree_with_the_class(cases):
    for c in cases:
        if c.kind == "correct":
            assert c.corrected == c.sentence and c.hard in HARD_FAMILIES, c
        else:
            assert c.corrected != c.sentence and c.hard == "-", c


def _words(text: str) -> list[str]:
    return [t for t in tokens(text) if not t.isspace()]


def _verb_word(word: str) -> bool:
    w = word.lower()
    return is_verb_form(w) or aux_family(w) is not None or w == "not" or w in UNLISTED_VERB_FORMS


def test_corrections_change_only_verbs(cases):
    """A token-level diff of one short span (two for two_errors), every changed token a verb form
    (or "to"/"not" of one); punctuation, case and every other word stay as the learner wrote them."""
    for c in cases:
        if c.kind == "correct":
            continue
        a, b = _words(c.sentence), _words(c.corrected)
        spans = [op for op in SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
        assert len(spans) == (2 if c.kind == "two_errors" else 1), (c.id, spans)
        for _, i1, i2, j1, j2 in spans:
            changed = a[i1:i2] + b[j1:j2]
            assert i2 - i1 <= 2 and j2 - j1 <= 2, (c.id, changed)
            assert all(_verb_word(w) for w in changed), (c.id, changed)


def test_sentences_read_as_written(cases):
    """Dialogue in stories opens with a quotation mark; the reader keeps it."""
    lines = (Path(__file__).parent / "data" / "learner_v3.tsv").read_text(encoding="utf-8").splitlines()
    written = {line.split("\t")[5] for line in lines if line[:1] == "L"}
    assert written == {c.sentence for c in cases}
    assert sum(c.sentence.startswith('"') for c in cases) >= 5


def test_ids_and_sentences_unique(cases):
    assert len({c.id for c in cases}) == len(cases)
    assert len({c.sentence for c in cases}) == len(cases)


def test_halves_disjoint_and_balanced(cases):
    dev, test = learner_cases("dev"), learner_cases("test")
    assert len(dev) + len(test) == len(cases)
    assert not {c.sentence for c in dev} & {c.sentence for c in test}
    for group in ({(c.kind,) for c in cases} | {(c.kind, c.hard) for c in cases}):
        n_dev = sum((c.kind, c.hard)[:len(group)] == group for c in dev)
        n_test = sum((c.kind, c.hard)[:len(group)] == group for c in test)
        assert abs(n_dev - n_test) <= 1, (group, n_dev, n_test)
    with pytest.raises(ValueError):
        learner_cases("train")
    assert HALVES == ("dev", "test")


def test_not_generated_by_the_corpus_code(cases):
    generated = {ex.sentence for split in ("train", "valid", "test") for gen in (corpus, corpus2)
                 for ex in gen.generate(split, 3000, seed=0)}
    assert not generated & {c.sentence for c in cases}


def test_no_sentence_of_the_older_hand_written_sets(cases):
    older = {c.sentence for c in evaluate.dev_cases() + evaluate.handwritten_cases()}
    assert not older & {c.sentence for c in cases}


def test_report_counts_what_the_issue_measures():
    cases = learner_cases("dev")
    perfect = report(cases, [Completion(c.corrected, "A verb form: 'x'.", True) for c in cases])
    copied = report(cases, [Completion(c.sentence, "No verb error was found.", True) for c in cases])
    n_correct = sum(c.kind == "correct" for c in cases)
    everything = {"n": n_correct, "ok": n_correct, "share": 1.0}
    assert perfect["correct_unchanged"] == copied["correct_unchanged"] == everything
    assert copied["errors_exact"]["ok"] == 0 and copied["errors_exact"]["n"] == len(cases) - n_correct
    assert copied["withheld"]["ok"] == 0
    # exactly right answers are shown only where the guard lets the expected correction through
    assert perfect["errors_exact_before_guard"]["share"] == 1.0
    assert perfect["errors_exact"]["ok"] == perfect["errors_the_guard_allows"]["ok"]
    assert set(perfect["errors_exact_by_class"]) == set(ERROR_CLASSES)
    assert "tense" in table(perfect) and "imperative" in table(copied)
