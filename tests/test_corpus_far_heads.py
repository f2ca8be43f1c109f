"""Stage 13's subjects whose number the nearest words hide (corpus/far_heads.py): one agreement edit
at most, made for the head (never for the clause's own subject), half kept unchanged; v7 mixes a share."""

import pytest

from miniserve.tutor.corpus import far_heads, v3, v7
from test_corpus_long_subjects import one_agreement_edit_each_and_half_kept

SINGULAR_FORMS = ("is", "was", "has", "doesn't", "isn't", "wasn't")


@pytest.fixture(scope="module")
def made():
    return far_heads.generate("train", 2000, seed=0)


def test_errors_are_one_agreement_edit_and_half_is_kept(made):
    one_agreement_edit_each_and_half_kept(made)
    for ex in made:
        assert v3.normal(ex.sentence) not in v3.exclusions()


def head_is_singular(text: str) -> bool | None:
    """The number of the head a far_heads subject starts with, read off its own tables; None: not one of them."""
    words = text.lower().replace(",", "").split()
    for singular, plural, opener in far_heads.CLAUSE_HEADS:
        for i, w in enumerate(words[:-1]):
            if w in (singular, plural) and words[i + 1] == opener:
                return w == singular
    if "news" in words or any(u.lower() in words for u in far_heads.S_UNCOUNTABLES):
        return True
    return None


def test_the_fix_agrees_with_the_head_not_with_the_clause_subject(made):
    checked = 0
    for ex in made:
        singular = head_is_singular(ex.corrected)
        if ex.kind == "correct" or singular is None:
            continue
        checked += 1
        wants_singular = ex.kind == "agreement" or ex.target in SINGULAR_FORMS
        assert wants_singular == singular, ex
    assert checked > 400


def test_the_three_kinds_are_made(made):
    text = [ex.corrected.lower() for ex in made]
    assert sum(" where " in t for t in text) > 100 and any(" why " in t for t in text) and any(" when " in t for t in text)
    assert sum("news" in t for t in text) > 50
    adjectives = tuple(a.lower() + " " for a in far_heads.ADJECTIVES)
    assert sum(any(a in t for a in adjectives) for t in text) > 200


def test_v7_mixes_its_share_and_the_same_seed_gives_the_same_list():
    mix = v7.generate("valid", 400, seed=1)
    assert sum(ex.frame == "far_heads" for ex in mix) == round(400 * v7.FAR_HEADS_SHARE)
    assert mix == v7.generate("valid", 400, seed=1)
