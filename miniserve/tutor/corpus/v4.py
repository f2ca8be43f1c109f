"""Tutor stage 10's corpus: v3's mix (real sentences and templates) with a share of hard subjects.

    python -m miniserve.tutor.training.train --corpus v4 --out runs/stage10 ...   # made in memory

subjects.py adds quantifiers, long subjects, "there" and the -ing form after "look forward to",
half of them correct and unchanged. Same (split, n, seed): same list.
"""

from __future__ import annotations

import random

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import subjects, v3

SUBJECTS_SHARE = 0.2


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    hard = subjects.generate(split, round(n * SUBJECTS_SHARE), seed)
    mix = v3.generate(split, n - len(hard), seed) + hard
    random.Random(f"v4:{split}:{seed}").shuffle(mix)
    return mix
