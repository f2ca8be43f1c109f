"""Tutor stage 16's corpus: v9's mix (stage 15's) with a share of the third learner-style text
(written.py's `written3`: correct sentences with long subjects, shares, compound nouns, phrasal pasts,
bare infinitives, questions and clauses; put-in errors teach agreement across them).

    python -m miniserve.tutor.training.train --corpus v10 --out runs/stage16 ...   # made in memory

Same (split, n, seed): same list.
"""

from __future__ import annotations

import functools

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v4, v9, written

WRITTEN3_SHARE = 0.05


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v10", split, n, seed, v9.generate,
                    functools.partial(written.generate, source="written3"), WRITTEN3_SHARE)
