"""Tutor v3's corpus on real sentences (WordNet's examples; needs Debian's wordnet-base): every
injected error a verb-only edit, enough real sentences kept unchanged (with the kinds a tutor
damages), lemminflect's forms and learners' misspellings right, no dev-set sentence output, and the
same mix for the same seed. Built on the first LIMIT WordNet examples to stay fast."""

from collections import Counter
from difflib import SequenceMatcher

import pytest

from miniserve.tutor.corpus import v3 as corpus3

from miniserve.tutor.corpus import inject
from miniserve.tutor.runtime.guard import tokens, verb_edit_only
from miniserve.tutor.runtime.inflect import Forms, forms, misspellings

LIMIT = 2500


@pytest.fixture(scope="module")
def real():
    return corpus3.real("train", 600, seed=0, limit=LIMIT)


def _changed(a: str, b: str) -> list[tuple[str, str]]:
    """The changed stretches between two sentences, as (old words, new words)."""
    x, y = tokens(a), tokens(b)
    ops = SequenceMatcher(None, x, y, autojunk=False).get_opcodes()
    return [("".join(x[i1:i2]), "".join(y[j1:j2])) for op, i1, i2, j1, j2 in ops if op != "equal"]


def test_an_injected_error_is_a_verb_only_edit_that_the_explanation_names(real):
    errors = [ex for ex in real if ex.kind != "correct"]
    assert len(errors) >= 250
    for ex in errors:
        assert ex.sentence != ex.corrected
        assert verb_edit_only(ex.sentence, ex.corrected), ex
        stretches = _changed(ex.sentence, ex.corrected)
        assert 1 <= len(stretches) <= 2, ex
        for old, new in stretches:  # one word for another, or a stray "to" that goes
            assert (len(old.split()), len(new.split())) == (1, 1) or (old.strip(), new) == ("to", ""), ex
        for target in ex.target.split(","):
            assert f"'{target}'" in ex.explanation, ex


def test_many_real_sentences_stay_unchanged_with_the_kinds_a_tutor_damages(real):
    kinds = Counter(ex.kind for ex in real)
    assert kinds["correct"] / len(real) >= 0.4
    unchanged = [ex for ex in real if ex.kind == "correct"]
    assert all(ex.sentence == ex.corrected and ex.explanation == corpus3.CORRECT for ex in unchanged)
    shown = Counter(c for ex in unchanged for c in ex.frame.removeprefix("real|").split("+"))
    for damage_class in ("imperative", "generic_plural", "noun_verb", "modal", "there", "coordination"):
        assert shown[damage_class] > 0, damage_class


def test_the_mix_keeps_the_unchanged_share_of_its_real_part():
    mix = corpus3.generate("train", 400, seed=0, limit=LIMIT)
    stats = corpus3.stats(mix)
    assert stats["real"] == 200 and stats["real_unchanged_share"] >= 0.4
    assert any(not ex.frame.startswith("real|") for ex in mix)  # the template corpus is in it


@pytest.mark.parametrize("base, third, past, participle, ing", [
    ("write", "writes", "wrote", "written", "writing"),
    ("choose", "chooses", "chose", "chosen", "choosing"),
    ("pay", "pays", "paid", "paid", "paying"),
    ("study", "studies", "studied", "studied", "studying"),
    ("plan", "plans", "planned", "planned", "planning"),
    ("cost", "costs", "cost", "cost", "costing"),
    ("go", "goes", "went", "gone", "going"),
    ("be", "is", "was", "been", "being"),
])
def test_lemminflect_forms(base, third, past, participle, ing):
    assert forms(base) == Forms(base, third, past, participle, ing)


@pytest.mark.parametrize("base, wrong, right", [
    ("write", "writting", "writing"), ("choose", "choosen", "chosen"), ("pay", "payed", "paid"),
    ("study", "studing", "studying"), ("plan", "planed", "planned"), ("choose", "choosed", "chose"),
    ("cost", "costed", "cost"),
])
def test_learners_misspellings_and_the_guard_accepts_their_correction(base, wrong, right):
    assert misspellings(forms(base))[wrong][0] == right
    assert verb_edit_only(f"They were {wrong} it.", f"They were {right} it.")


@pytest.mark.parametrize("sentence, expected", [
    ("So don't forget your coat.", "imperative"),
    ("People spend more time online.", "generic_plural"),
    ("It is a wonderful place.", "noun_verb"),
    ("You only have to take the bus.", "modal"),
    ("It opens at nine and closes at five.", "coordination"),
    ("There are two shops in the village.", "there"),
])
def test_damage_classes_are_recognised(sentence, expected):
    assert expected in inject.classes(sentence)


@pytest.mark.parametrize("sentence, edit", [
    ("She knows the answer.", ("knows", "know", "agreement")),
    ("They were late.", ("were", "was", "aux_agreement")),
    ("He doesn't like fish.", ("doesn't", "don't", "aux_agreement")),
    ("We can go home.", ("go", "to go", "modal_to")),
    ("I look forward to seeing you.", ("seeing", "see", "gerund")),
    ("He went home yesterday.", ("went", "goes", "past_marker")),
    ("The window was broken.", ("broken", "broke", "passive")),
])
def test_rules_find_the_verb(sentence, edit):
    found = {(e.right, e.wrong, e.kind) for e in inject.edits(sentence)}
    assert edit in found


@pytest.mark.parametrize("sentence, word", [
    ("The bus stops here.", "stops"),  # may be a plural noun: no agreement error put in
    ("I suggest he go home.", "go"),  # a subjunctive, not a missing -s
    ("Let it go.", "go"),  # "it" is an object here
])
def test_rules_stay_out_where_unsure(sentence, word):
    assert word not in {e.right for e in inject.edits(sentence) if e.category == "agreement"}


def test_no_dev_set_sentence_is_output(real):
    excluded = corpus3.exclusions()
    assert len(excluded) > 300  # the dev sets were found
    for ex in real + corpus3.generate("valid", 300, seed=0, limit=LIMIT):
        assert corpus3.normal(ex.sentence) not in excluded and corpus3.normal(ex.corrected) not in excluded
    pool = corpus3.ground("train", 300)
    dropped = corpus3.normal(pool[0].sentence)
    assert dropped not in {corpus3.normal(g.sentence) for g in corpus3.ground("train", 300, frozenset({dropped}))}


def test_rebuild_is_deterministic_by_seed():
    first = corpus3.generate("train", 300, seed=1, limit=LIMIT)
    assert first == corpus3.generate("train", 300, seed=1, limit=LIMIT)
    assert first != corpus3.generate("train", 300, seed=2, limit=LIMIT)


def test_splits_hold_different_sentences():
    train = {g.sentence for g in corpus3.ground("train", LIMIT)}
    test = {g.sentence for g in corpus3.ground("test", LIMIT)}
    assert train and test and not train & test


def test_errors_come_in_learners_shares_until_a_kind_runs_out():
    plenty = corpus3.allocate(1000, {c: 10_000 for c in corpus3.CATEGORY_SHARES})
    total = sum(corpus3.CATEGORY_SHARES.values())
    for category, share in corpus3.CATEGORY_SHARES.items():
        assert abs(plenty[category] - 1000 * share / total) <= 2
    scarce = corpus3.allocate(1000, {"tense": 10, "form": 10_000, "agreement": 10_000, "inflection": 10_000})
    assert scarce["tense"] == corpus3.MAX_REUSE * 10  # each (sentence, error) at most MAX_REUSE times
    for category in ("form", "agreement", "inflection"):  # the others grow, to CEILING x their share at most
        share = 1000 * corpus3.CATEGORY_SHARES[category] / total
        assert share < scarce[category] <= corpus3.CEILING * share + 1


def test_a_large_mix_from_few_sentences_has_its_full_size_and_more_unchanged():
    examples = corpus3.real("train", 3000, seed=0, limit=200)
    assert len(examples) == 3000
    assert sum(ex.kind == "correct" for ex in examples) > 1500


def test_a_past_that_is_another_verbs_base_gets_no_plural_s_error():
    assert not [e for e in inject.edits("We saw the ducks in flight.") if e.kind == "plural_s"]
    assert [e for e in inject.edits("We see the ducks in flight.") if e.kind == "plural_s"]
