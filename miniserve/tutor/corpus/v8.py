"""Tutor stage 14's corpus: v6's mix (stage 12's) with a share of learner-style sentences (written.py).

    python -m miniserve.tutor.training.train --corpus v8 --out runs/stage14 ...   # made in memory

Same (split, n, seed): same list.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v4, v6, written

WRITTEN_SHARE = 0.12


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v8", split, n, seed, v6.generate, written.generate, WRITTEN_SHARE)
