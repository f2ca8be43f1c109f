"""Every blind learner-style set the evaluation reads (learner_set.LEARNER_SETS) is well formed:
unique ids and sentences, known classes, error-free rows unchanged and error rows changed, the
halves a balanced split of each class, and no sentence in two sets (a shared sentence would let
one set's tuning leak into another's held-out estimate)."""

from __future__ import annotations

from collections import Counter

import pytest

from miniserve.tutor.evaluation.learner_set import CLASSES, HALVES, LEARNER_SETS, learner_cases

SETS = {name: learner_cases(path=path) for name, path in LEARNER_SETS.items()}


@pytest.mark.parametrize("name", sorted(SETS))
def test_each_set_is_well_formed(name):
    cases = SETS[name]
    assert len(cases) >= 250  # large enough for a half to mean something (the smallest, learner_v17: 299)
    assert len({c.id for c in cases}) == len(cases)
    assert len({c.sentence for c in cases}) == len(cases)
    for c in cases:
        assert c.kind in CLASSES and c.half in HALVES, c.id
        assert (c.sentence == c.corrected) == (c.kind == "correct"), c.id
        assert c.sentence == c.sentence.strip() and "\t" not in c.sentence, c.id


@pytest.mark.parametrize("name", sorted(name for name in SETS if name != "lookalikes"))
def test_halves_split_each_class_evenly(name):
    counts = Counter((c.kind, c.half) for c in SETS[name])
    for kind in {k for k, _ in counts}:
        assert abs(counts[kind, "dev"] - counts[kind, "test"]) <= 1, (name, kind)


# Two sentences came twice before this check existed (ids of both copies); their halves stay as frozen.
SHARED_BEFORE = {("L120", "M144"), ("M264", "V094")}


def test_no_sentence_appears_in_two_sets():
    seen: dict[str, str] = {}
    shared = set()
    for name in sorted(SETS):
        for c in SETS[name]:
            if c.sentence in seen:
                shared.add((seen[c.sentence], c.id))
            seen.setdefault(c.sentence, c.id)
    assert shared == SHARED_BEFORE
