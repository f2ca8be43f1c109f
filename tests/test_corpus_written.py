"""The learner-style ground (corpus/written.py: the texts of stages 14, 15, 16, 18 and 19): no sentence of any set
in tests/data, every put-in error a verb-only edit the guard accepts, most kept unchanged; v8 mixes a share
of the first, v9 a share of the second on top of v8, v10 a share of the third on top of v9, v12 a share of
the fourth on top of v11, v13 a share of the fifth on top of v12."""

import itertools

import pytest

from miniserve.tutor.corpus import v3, v8, v9, v10, v12, v13, written
from miniserve.tutor.runtime.guard import verb_edit_only

SOURCES = tuple(written.SOURCES)


@pytest.fixture(scope="module", params=SOURCES)
def made(request):
    return request.param, written.generate("train", 3000, seed=0, source=request.param)


@pytest.mark.parametrize("source", SOURCES)
def test_the_source_is_clean_and_split_three_ways(source):
    sentences = written.sentences(source)
    assert len(sentences) > 2000
    assert all("\t" not in s and 3 <= len(s.split()) <= 45 for s in sentences)
    splits = [written.split_of(s, source) for s in sentences]
    assert 0.7 < splits.count("train") / len(splits) < 0.8
    assert not {g.sentence for g in written.ground("train", source)} & {g.sentence for g in written.ground("test", source)}


@pytest.mark.parametrize("first, second", list(itertools.combinations(SOURCES, 2)))
def test_the_texts_share_no_sentence(first, second):
    assert not {v3.normal(s) for s in written.sentences(first)} & {v3.normal(s) for s in written.sentences(second)}


def test_no_sentence_of_the_sets_in_tests_data_is_output(made):
    _, examples = made
    assert written.excluded() >= v3.exclusions()  # every set, not only the ones stage 9 knew
    for ex in examples:
        assert v3.normal(ex.sentence) not in written.excluded(), ex
        assert v3.normal(ex.corrected) not in written.excluded(), ex


def test_most_are_kept_and_every_error_is_a_verb_edit(made):
    source, examples = made
    kept = [ex for ex in examples if ex.kind == "correct"]
    assert written.UNCHANGED_SHARES.get(source, written.UNCHANGED_SHARE) <= len(kept) / len(examples) < 0.8
    for ex in examples:
        assert ex.frame.startswith(f"{source}|"), ex
        if ex.kind == "correct":
            assert ex.sentence == ex.corrected, ex
        else:
            assert ex.sentence != ex.corrected and verb_edit_only(ex.sentence, ex.corrected), ex
    kinds = {ex.kind for ex in examples}
    assert {"agreement", "two"} <= kinds and len(kinds) > 6


def test_v8_v9_and_v10_mix_their_shares_and_the_same_seed_gives_the_same_list():
    mix = v8.generate("valid", 400, seed=1)
    assert sum(ex.frame.startswith("written|") for ex in mix) == round(400 * v8.WRITTEN_SHARE)
    assert mix == v8.generate("valid", 400, seed=1)
    mix = v9.generate("valid", 400, seed=1)
    assert sum(ex.frame.startswith("written2|") for ex in mix) == round(400 * v9.WRITTEN2_SHARE)
    assert sum(ex.frame.startswith("written|") for ex in mix) == round((400 - round(400 * v9.WRITTEN2_SHARE)) * v8.WRITTEN_SHARE)
    assert mix == v9.generate("valid", 400, seed=1)
    mix = v10.generate("valid", 400, seed=1)
    assert sum(ex.frame.startswith("written3|") for ex in mix) == round(400 * v10.WRITTEN3_SHARE)
    assert sum(ex.frame.startswith("written2|") for ex in mix) == round((400 - round(400 * v10.WRITTEN3_SHARE)) * v9.WRITTEN2_SHARE)
    assert mix == v10.generate("valid", 400, seed=1)


def test_v12_mixes_the_fourth_text_into_v11():
    mix = v12.generate("valid", 400, seed=1)
    fourth = [ex for ex in mix if ex.frame.startswith("written4|")]
    assert len(fourth) == round(400 * v12.WRITTEN4_SHARE)
    assert any(ex.frame.startswith("parsed|") for ex in mix)  # v11's part is in
    assert mix == v12.generate("valid", 400, seed=1)


def test_v13_mixes_the_fifth_text_into_v12():
    mix = v13.generate("valid", 400, seed=1)
    fifth = [ex for ex in mix if ex.frame.startswith("written5|")]
    assert len(fifth) == round(400 * v13.WRITTEN5_SHARE)
    assert any(ex.frame.startswith("written4|") for ex in mix)  # v12's part is in
    assert mix == v13.generate("valid", 400, seed=1)
