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
    return blend("v4", split, n, seed, v3.generate, subjects.generate, SUBJECTS_SHARE)


def blend(name: str, split: str, n: int, seed: int, base, added, share: float) -> list[corpus.Example]:
    """`share` of n from `added`, the rest from `base`, shuffled by a seed of the corpus's name."""
    extra = added(split, round(n * share), seed)
    mix = base(split, n - len(extra), seed) + extra
    random.Random(f"{name}:{split}:{seed}").shuffle(mix)
    return mix
