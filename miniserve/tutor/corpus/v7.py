"""Tutor stage 13's corpus: v6's mix with a share of subjects whose number the nearest words hide
(far_heads.py).

    python -m miniserve.tutor.training.train --corpus v7 --out runs/stage13 ...   # made in memory

Same (split, n, seed): same list.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import far_heads, v4, v6

FAR_HEADS_SHARE = 0.06


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v7", split, n, seed, v6.generate, far_heads.generate, FAR_HEADS_SHARE)
