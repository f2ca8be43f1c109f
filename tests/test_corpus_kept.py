"""Stage 11's kept sentences (corpus/kept.py): correct, unchanged, in the frames stage 10's corrections
share ("to" + a base form, nouns that look like verbs, joined plurals), and v5 mixes a share of them."""

import pytest

from miniserve.tutor.corpus import kept, subjects, v3, v5
from miniserve.tutor.runtime.forms import form_kinds


@pytest.fixture(scope="module")
def made():
    return kept.generate("train", 2000, seed=0)


def test_every_sentence_is_kept_unchanged_and_called_correct(made):
    for ex in made:
        assert ex.sentence == ex.corrected and ex.kind == "correct" and ex.explanation == subjects.CORRECT, ex


def test_the_frames_stage_10_damaged_are_there(made):
    text = [f" {ex.sentence.lower().rstrip('.')} " for ex in made]
    assert any(" great to hear from you " in t for t in text)
    assert any(" car park " in t for t in text) and any(" free time " in t for t in text)
    assert any(" or shops " in t or " and shops " in t or " shops or " in t for t in text)
    assert any(" look forward to your reply " in t for t in text)


def test_a_base_form_follows_to_and_no_dev_sentence_is_made(made):
    for ex in made:
        words = ex.sentence.rstrip(".").split()
        for before, after in zip(words, words[1:]):
            if before == "to" and after not in ("your", "the", "it", "our", "my"):
                assert "ing" not in form_kinds(after), ex
        assert v3.normal(ex.sentence) not in v3.exclusions()


def test_v5_mixes_its_share_and_the_same_seed_gives_the_same_list():
    mix = v5.generate("valid", 400, seed=1)
    assert sum(ex.frame == "kept" for ex in mix) == round(400 * v5.KEPT_SHARE)
    assert mix == v5.generate("valid", 400, seed=1)
