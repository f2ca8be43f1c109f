"""Tutor stage 12's corpus: v5's mix with a share of long subjects (long_subjects.py).

    python -m miniserve.tutor.training.train --corpus v6 --out runs/stage12 ...   # made in memory

Same (split, n, seed): same list.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import long_subjects, v4, v5

LONG_SUBJECTS_SHARE = 0.08


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v6", split, n, seed, v5.generate, long_subjects.generate, LONG_SUBJECTS_SHARE)
