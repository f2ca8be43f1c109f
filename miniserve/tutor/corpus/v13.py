"""Tutor stage 19's corpus: v12's mix (stage 18's) with a share of the fifth learner-style text
(written.py's `written5`: right verbs that stage 18 changed at first looks: a present for what is still
true after a past ("because I know you love"), imperatives after a comma ("..., have a look!"), "do"
questions with gerund subjects ("does spending ... make"), subjects joined by "and"; seven tenths kept
as written, the rest with a put-in error).

    python -m miniserve.tutor.training.train --corpus v13 --out runs/stage19 ...   # made in memory

Same (split, n, seed): same list. Needs Debian's python3-link-grammar, as v11 does.
"""

from __future__ import annotations

import functools

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v4, v12, written

WRITTEN5_SHARE = 0.06


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v13", split, n, seed, v12.generate,
                    functools.partial(written.generate, source="written5"), WRITTEN5_SHARE)
