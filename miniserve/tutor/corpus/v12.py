"""Tutor stage 18's corpus: v11's mix (stage 17's) with a share of the fourth learner-style text
(written.py's `written4`: right verbs that stage 17 flipped at first looks, in second clauses with their
own subjects, after fronted phrases, with collectives, after adverbs and in joined verbs; seven tenths kept
as written, the rest with a put-in error).

    python -m miniserve.tutor.training.train --corpus v12 --out runs/stage18 ...   # made in memory

Same (split, n, seed): same list. Needs Debian's python3-link-grammar, as v11 does.
"""

from __future__ import annotations

import functools

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v4, v11, written

WRITTEN4_SHARE = 0.06


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v12", split, n, seed, v11.generate,
                    functools.partial(written.generate, source="written4"), WRITTEN4_SHARE)
