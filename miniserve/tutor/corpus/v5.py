"""Tutor stage 11's corpus: v4's mix with a share of correct sentences in the frames its corrections share.

    python -m miniserve.tutor.training.train --corpus v5 --out runs/stage11 ...   # made in memory

kept.py adds "to" + a base form kept after the words that take it, nouns that look like verbs
inside compounds, and plural nouns joined by "and" / "or", all unchanged, so that stage 10's
"-ing after 'to'" and its noun edits do not spread. Same (split, n, seed): same list.
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import kept, v4

KEPT_SHARE = 0.06


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v5", split, n, seed, v4.generate, kept.generate, KEPT_SHARE)
