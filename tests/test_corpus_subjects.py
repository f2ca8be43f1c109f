"""Stage 10's hard subjects (corpus/subjects.py): one verb changed at most, the explanation naming
it, about half unchanged, the number a quantifier decides respected, and the same list for the same
seed."""

from collections import Counter

import pytest

from miniserve.tutor.corpus import subjects, v4
from miniserve.tutor.runtime.guard import verb_edit_only
from test_corpus3 import _changed


@pytest.fixture(scope="module")
def made():
    return subjects.generate("train", 3000, seed=0)


def test_an_error_is_one_verb_that_the_explanation_names(made):
    errors = [ex for ex in made if ex.kind != "correct"]
    assert len(errors) >= 1000
    for ex in errors:
        assert verb_edit_only(ex.sentence, ex.corrected), ex
        [(old, new)] = _changed(ex.sentence, ex.corrected)
        assert f"'{ex.target}'" in ex.explanation and new.strip() in ex.target, ex
        assert old.strip() != new.strip()


def test_about_half_is_unchanged_and_every_kind_is_there(made):
    kinds = Counter(ex.kind for ex in made)
    assert 0.45 <= kinds["correct"] / len(made) <= 0.65, kinds
    assert all(kinds[k] >= 100 for k in ("agreement", "plural_s", "aux_agreement", "gerund")), kinds
    for ex in made:
        if ex.kind == "correct":
            assert ex.sentence == ex.corrected and ex.explanation == subjects.CORRECT


@pytest.mark.parametrize("opening", ["each of my", "everybody", "there is", "i look forward to"])
def test_the_shapes_the_dev_half_showed_are_made_with_errors(made, opening):
    """Not the dev half's sentences (no dev-set sentence is output), but their shapes: a
    quantifier, a pronoun subject, "there" with a plural, "look forward to"."""
    assert any(ex.kind != "correct" and f" {opening} " in f" {ex.sentence.lower()}" for ex in made), opening


def test_a_quantifier_decides_the_number(made):
    for ex in made:
        words = ex.corrected.lower().split()
        if words[:2] == ["each", "of"] and words[4:5] and words[3] in ("is", "are"):
            assert words[3] == "is", ex
        if words[:3] == ["there", "are", "many"]:
            assert ex.kind in ("correct", "aux_agreement")


def test_the_same_seed_gives_the_same_list_and_v4_mixes_a_fifth():
    assert subjects.generate("valid", 200, seed=3) == subjects.generate("valid", 200, seed=3)
    assert subjects.generate("valid", 200, seed=3) != subjects.generate("valid", 200, seed=4)
    mix = v4.generate("valid", 500, seed=1)
    share = sum(ex.frame == "subjects" for ex in mix) / len(mix)
    assert share == pytest.approx(v4.SUBJECTS_SHARE, abs=0.01)
