"""Stage 14's learner-style ground (corpus/written.py): no sentence of any set in tests/data, every
put-in error a verb-only edit the guard accepts, most kept unchanged; v8 mixes a share."""

import pytest

from miniserve.tutor.corpus import v3, v8, written
from miniserve.tutor.runtime.guard import verb_edit_only


@pytest.fixture(scope="module")
def made():
    return written.generate("train", 3000, seed=0)


def test_the_source_is_clean_and_split_three_ways():
    sentences = written.sentences()
    assert len(sentences) > 2000
    assert all("\t" not in s and 3 <= len(s.split()) <= 45 for s in sentences)
    splits = [written.split_of(s) for s in sentences]
    assert 0.7 < splits.count("train") / len(splits) < 0.8
    assert not {g.sentence for g in written.ground("train")} & {g.sentence for g in written.ground("test")}


def test_no_sentence_of_the_sets_in_tests_data_is_output(made):
    assert written.excluded() >= v3.exclusions()  # every set, not only the ones stage 9 knew
    for ex in made:
        assert v3.normal(ex.sentence) not in written.excluded(), ex
        assert v3.normal(ex.corrected) not in written.excluded(), ex


def test_most_are_kept_and_every_error_is_a_verb_edit(made):
    kept = [ex for ex in made if ex.kind == "correct"]
    assert written.UNCHANGED_SHARE <= len(kept) / len(made) < 0.7
    for ex in made:
        assert ex.frame.startswith("written|"), ex
        if ex.kind == "correct":
            assert ex.sentence == ex.corrected, ex
        else:
            assert ex.sentence != ex.corrected and verb_edit_only(ex.sentence, ex.corrected), ex
    kinds = {ex.kind for ex in made}
    assert {"agreement", "two"} <= kinds and len(kinds) > 6


def test_v8_mixes_its_share_and_the_same_seed_gives_the_same_list():
    mix = v8.generate("valid", 400, seed=1)
    assert sum(ex.frame.startswith("written|") for ex in mix) == round(400 * v8.WRITTEN_SHARE)
    assert mix == v8.generate("valid", 400, seed=1)
