"""Tutor stage 20's corpus: v13's mix (stage 19's) with a share of the learner-style sets' dev halves
(sets.py: exam-essay sentences, their writers' verb errors with the fixes, and error-free rows kept as
written; the test halves never).

    python -m miniserve.tutor.training.train --corpus v14 --out runs/stage20 ...   # made in memory

Same (split, n, seed): same list. Needs Debian's python3-link-grammar, as v11 does.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import sets, v4, v13

SETS_SHARE = 0.15


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v14", split, n, seed, v13.generate, sets.generate, SETS_SHARE)
