"""Tutor stage 15's corpus: v8's mix (stage 14's) with a share of the second learner-style text
(written.py's `written2`: correct sentences built around the kinds the tutor still damaged).

    python -m miniserve.tutor.training.train --corpus v9 --out runs/stage15 ...   # made in memory

Same (split, n, seed): same list.
"""

from __future__ import annotations

import functools

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v4, v8, written

WRITTEN2_SHARE = 0.12


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v9", split, n, seed, v8.generate,
                    functools.partial(written.generate, source="written2"), WRITTEN2_SHARE)
