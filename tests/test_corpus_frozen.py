"""The corpora are published training data (v1 and v2 rebuild stages 1-8, v3 stage 9, v5 stage 11, v6 stage 12, v8 stage 14, v9 stage 15, v10 stage 16, v12 stage 18, v13 stage 19, v14 stage 20, whose sets part tests/test_corpus_sets.py pins): a change
to what they draw from (verbs.py's tables and spelling rules, the guard that filters their errors)
must not change a single example. v3 needs Debian's wordnet-base, as tests/test_corpus3.py does."""

import hashlib

import pytest

from miniserve.tutor.corpus import v1, v2, v3

# sha256 of repr(generate(split, 2000, seed=0)), taken before the runtime's verb forms moved to lemminflect.
PINNED = {
    (v1, "train"): "db0366e57fe63c4e2ac99bdee93a6bd9aafa5a02a1b2af1bf612da3fb6d2220c",
    (v1, "test"): "fb314d1e4e5f791e82c120a6d61eac720d0fe2f3ccedc4c3ecc0a865c93f7093",
    (v2, "train"): "55da56bb7713666d871e7f65d1a807d58615bc280ac1937fa50d55e38301ec74",
    (v2, "test"): "e17a5cbd05b674d32691b527e04a3b698064eebea557f20f617855163d93fd47",
}


@pytest.mark.parametrize("corpus, split", list(PINNED), ids=lambda x: getattr(x, "__name__", x).rsplit(".", 1)[-1])
def test_template_corpus_output_is_unchanged(corpus, split):
    examples = corpus.generate(split, 2000, seed=0)
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == PINNED[(corpus, split)]


def test_the_real_english_corpus_is_unchanged():
    """v3 keeps errors the guard accepts without lemminflect's word pairs (as when stage 9 was
    trained): the guard that serves accepts more, and v3 must not start drawing those."""
    examples = v3.generate("train", 2000, seed=0, limit=3000)
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "3f4ed1d127af4ac0a4c6d56bdaa90ea3b93d5f2c2c6ce505e2c54274279fbe4c")


@pytest.mark.parametrize("module, digest", [
    ("subjects", "aba3d4dc4c9fe6d6cc87ea3f56c956bc7f33050a8936744fbca594b00d8ef059"),
    ("kept", "eaef0ca5567e3338b44980e7a2fc5f423aef1012b24e7ac6ae5026c2f440d948"),
    ("long_subjects", "0cf43e2cf2e032d0fa85d46d123b78cae02e05cf3bab789bb2253508ca9c3d72"),
])
def test_stage_11s_and_12s_additions_are_unchanged(module, digest):
    """v5 (stage 11) is v3 (pinned above) with the first two mixed in, v6 (stage 12) v5 with the third;
    each pinned as its stage was trained."""
    from miniserve.tutor.corpus import kept, long_subjects, subjects

    examples = {"subjects": subjects, "kept": kept, "long_subjects": long_subjects}[module].generate("train", 2000, seed=0)
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == digest


def test_stage_14s_learner_style_part_is_unchanged():
    """v8 (stage 14) is v6 with written.py's part mixed in; pinned as stage 14 was trained. It leaves out
    every sentence of every set in tests/data: a set added later must not share one with data/written.txt."""
    from miniserve.tutor.corpus import written

    examples = written.generate("train", 2000, seed=0)
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "4641ec181e25a5a67d5bffffb07b1b1fc4b69a36824f4325623dbf9492c52354")


def test_stage_15s_second_learner_style_part_is_unchanged():
    """v9 (stage 15) is v8 with written.py's second text mixed in; pinned as stage 15 was trained. A set added
    later must not share a sentence with data/written2.txt either."""
    from miniserve.tutor.corpus import written

    examples = written.generate("train", 2000, seed=0, source="written2")
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "f162b88e63823e499b6797816eb3d76d46d0af3d1e556e2f896d88cd776d7a60")


def test_stage_16s_third_learner_style_part_is_unchanged():
    """v10 (stage 16) is v9 with written.py's third text mixed in (70% of it with a put-in error); pinned as
    stage 16 was trained. A set added later must not share a sentence with data/written3.txt either."""
    from miniserve.tutor.corpus import written

    examples = written.generate("train", 2000, seed=0, source="written3")
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "9b9e85bbafc46c746cbf03c3e5a93bfe28d0a78f2a27f49b68083d89b70a9f2c")


def test_stage_18s_fourth_learner_style_part_is_unchanged():
    """v12 (stage 18) is v11 with written.py's fourth text mixed in (30% of it with a put-in error); pinned as
    stage 18 was trained. A set added later must not share a sentence with data/written4.txt either."""
    from miniserve.tutor.corpus import written

    examples = written.generate("train", 2000, seed=0, source="written4")
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "6da127ee07eea70cea47d72a052f4a2ce5729bb6e5c0d35eddb52f78a7c0cd7a")


def test_stage_19s_fifth_learner_style_part_is_unchanged():
    """v13 (stage 19) is v12 with written.py's fifth text mixed in (30% of it with a put-in error); pinned as
    stage 19 was trained. A set added later must not share a sentence with data/written5.txt either."""
    from miniserve.tutor.corpus import written

    examples = written.generate("train", 2000, seed=0, source="written5")
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "69411aacc9146ee2e76a16b2de2c9028406605760f0e050e4e6befc6bfca0fb4")
