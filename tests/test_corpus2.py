"""The widened corpus: every kind, long sentences, two errors named, out-of-scope input left alone,
the held-out split kept, and every correction a verb-form edit the guard accepts."""

from collections import Counter

import pytest

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import v2 as corpus2
from miniserve.tutor.runtime.guard import tokens, verb_edit_only

N = 6000


@pytest.fixture(scope="module")
def train():
    return corpus2.generate("train", N)


@pytest.fixture(scope="module")
def test_split():
    return corpus2.generate("test", N // 3)


def test_deterministic_and_the_first_corpus_unchanged():
    assert corpus2.generate("valid", 100, seed=5) == corpus2.generate("valid", 100, seed=5)
    assert corpus2.generate("valid", 100, seed=5) != corpus2.generate("valid", 100, seed=6)
    # The first tutor's test split (its quality numbers) does not move with the widened corpus.
    first = corpus.generate("test", 3, seed=0)
    assert first[0].sentence == corpus.Generator("test", 3).example().sentence


def test_every_kind_and_length(train):
    kinds = Counter(ex.kind for ex in train)
    assert set(kinds) == set(corpus2.KINDS)
    assert min(kinds.values()) > N * 0.01
    words = [len(ex.sentence.split()) for ex in train]
    assert min(words) >= 3 and max(len(ex.sentence) for ex in train) <= corpus2.MAX_CHARS
    assert sum(w >= 20 for w in words) > N * 0.15 and sum(w >= 40 for w in words) > 0
    correct_lengths = [len(ex.sentence.split()) for ex in train if ex.kind == "correct"]
    assert min(correct_lengths) <= 5 and max(correct_lengths) >= 30


def _changed_words(ex):
    a, b = tokens(ex.sentence), tokens(ex.corrected)
    return [(x, y) for x, y in zip(a, b) if x != y] if len(a) == len(b) else None


def test_corrections_are_verb_edits_the_explanation_names(train):
    for ex in train:
        assert verb_edit_only(ex.sentence, ex.corrected), ex
        if ex.kind in ("correct", "out_of_scope"):
            assert ex.sentence == ex.corrected and ex.target == ""
            assert ex.explanation == corpus2.EXPLANATIONS[ex.kind]
            continue
        assert ex.sentence != ex.corrected
        targets = ex.target.split(",")
        assert len(targets) == (2 if ex.kind == "two" else 1), ex
        for target in targets:
            assert f"'{target}'" in ex.explanation, ex


def test_two_errors_name_both_in_order(train):
    twos = [ex for ex in train if ex.kind == "two"]
    assert len(twos) > N * 0.05
    for ex in twos:
        first, second = ex.target.split(",")
        assert ex.explanation.count(". ") >= 1
        assert ex.explanation.index(f"'{first}'") <= ex.explanation.rindex(f"'{second}'")


def test_new_kinds_look_like_their_names(train):
    by_kind = {}
    for ex in train:
        by_kind.setdefault(ex.kind, []).append(ex)
    for ex in by_kind["modal_to"]:
        assert " to " in f" {ex.sentence.lower()} " and len(ex.sentence.split()) == len(ex.corrected.split()) + 1
    for ex in by_kind["progressive"]:
        assert ex.target.endswith("ing")
    for ex in by_kind["past_marker"]:
        assert "past" in ex.explanation
    for kind in ("aux_agreement", "plural_s", "passive"):
        for ex in by_kind[kind]:
            changed = _changed_words(ex)
            assert changed and len(changed) == 1, ex
    aux = Counter(_changed_words(ex)[0][1].lower() for ex in by_kind["aux_agreement"])
    assert {"is", "are", "was", "were", "has", "have"} <= set(aux) and {"does", "do"} & set(aux)


def test_out_of_scope_inputs_come_back_unchanged(train):
    oos = [ex for ex in train if ex.kind == "out_of_scope"]
    assert len(oos) > 50
    assert any("," in ex.sentence for ex in oos) and any(ex.sentence.split()[0] in {"Ich", "Je", "El", "Nous", "Mi",
                                                                                   "Wij", "Eu", "Jag", "Nie", "Dove"}
                                                         for ex in oos)
    assert all(ex.explanation == corpus2.NO_ERROR for ex in oos)


def test_test_split_is_held_out(train, test_split):
    assert not {ex.frame for ex in train} & {ex.frame for ex in test_split}
    assert set(Counter(ex.kind for ex in test_split)) == set(corpus2.KINDS)


def test_an_error_can_sit_in_any_clause(train):
    """Learners' errors are not all in the first clause: a single error sits after the first
    connector in a good share of the multi-clause sentences."""
    later = 0
    multi = [ex for ex in train if ex.kind not in ("two", "correct", "out_of_scope")
             and any(c in ex.sentence for c in (", and ", ", but ", " because ", ", so "))]
    for ex in multi:
        a, b = tokens(ex.sentence), tokens(ex.corrected)
        first_change = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
        connector = next(i for i, t in enumerate(a) if t in ("and", "but", "because", "so"))
        later += first_change > connector
    assert len(multi) > 300 and later > 0.25 * len(multi)


def test_fronted_past_settings_and_main_verb_have_do(train):
    stories = [ex for ex in train if ex.kind == "past_marker"
               and any(ex.sentence.lower().startswith(s) for s in corpus2.PAST_SETTINGS)]
    assert len(stories) > 20
    changed = Counter(y.lower() for ex in train if (pairs := _changed_words(ex)) for _, y in pairs)
    assert changed["has"] and changed["done"] and changed["have"]
    do_support = [ex for ex in train if ex.kind == "base" and ("doesn't has" in ex.sentence or "did had" in ex.sentence
                                                                or "didn't had" in ex.sentence or "does" in ex.sentence.lower()
                                                                and " has " in ex.sentence and " have " in ex.corrected)]
    assert do_support  # "He doesn't has", "Did she had"


def test_participles_wrong_as_past_base_or_regularised(train):
    passives = [_changed_words(ex)[0] for ex in train if ex.kind == "passive"]
    wrong_kinds = Counter()
    for wrong, right in passives:
        verb = next(v for v in corpus2.irregular_verbs() + corpus2.regular_verbs() + corpus2.MAIN_AUXILIARIES
                    if v.participle == right.lower())
        wrong_kinds["past" if wrong == verb.past else "base" if wrong == verb.base else "regularised"] += 1
    assert min(wrong_kinds.values()) > 0.1 * len(passives), wrong_kinds
