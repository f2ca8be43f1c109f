"""The learner-style sets' dev halves as ground (corpus/sets.py, stage 20's part of v14): no test-half row in
training, every error row's fix a verb-only edit shown with the guard's explanation, error-free rows kept as
written; pinned, so that a set added after LAST_SET (or a change to a set's dev half) is seen."""

import hashlib

from miniserve.tutor.corpus import sets, v14
from miniserve.tutor.evaluation.learner_set import LEARNER_SETS
from miniserve.tutor.runtime.guard import verb_edit_only


def test_no_test_half_row_is_trained_on():
    trained = {e.sentence for split in ("train", "valid") for e in sets.pool(split)}
    held_out = {e.sentence for e in sets.pool("test")}
    assert len(trained) > 40_000 and len(held_out) > 40_000
    assert not trained & held_out


def test_error_rows_are_verb_fixes_with_their_explanation_and_the_rest_kept():
    pool = sets.pool("train")
    errors = [e for e in pool if e.kind != "correct"]
    assert 0.3 < len(errors) / len(pool) < 0.6
    assert all(e.corrected != e.sentence and verb_edit_only(e.sentence, e.corrected) for e in errors)
    named = [all(f"'{t}'" in e.explanation for t in e.target.split(",")) for e in errors if e.target]
    assert sum(named) / len(named) > 0.9  # the guard names the form it puts in ("Use the past tense 'went', not 'go'")
    assert all(e.corrected == e.sentence and e.explanation == sets.CORRECT for e in pool if e.kind == "correct")


def test_the_part_is_pinned():
    assert f"learner_v{sets.LAST_SET}" in LEARNER_SETS
    examples = sets.generate("train", 2000, seed=0)
    assert len(examples) == 2000 and len({e.sentence for e in examples}) == 2000  # each row once while they last
    assert hashlib.sha256(repr(examples).encode()).hexdigest() == (
        "4f49285d65286507c81cedda71f68f43c3a67721615f6268eb6fd6f732bce64d")


def test_v14_is_v13_with_the_sets_share():
    mix = v14.generate("valid", 400, seed=0)
    from_sets = sum(e.frame.startswith("sets|") for e in mix)
    assert from_sets == round(400 * v14.SETS_SHARE)
