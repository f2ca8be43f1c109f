"""Tutor stage 17's corpus: v10's mix (stage 16's) with agreement errors at far subjects (parsed.py: the
Link Grammar parser finds each finite verb's subject in the three learner-style texts, and the verb takes
the other number; three tenths of the part are those sentences as written: the shipped stage 17 was
trained on that; a second try with half as written, stage 17b, damaged more at first look).

    python -m miniserve.tutor.training.train --corpus v11 --out runs/stage17 ...   # made in memory

Same (split, n, seed): same list. Needs Debian's python3-link-grammar (without it the part is empty).
"""

from __future__ import annotations

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import parsed, v4, v10

PARSED_SHARE = 0.04  # about MAX_REUSE draws of each parsed error in a stage's 240,000 examples


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    return v4.blend("v11", split, n, seed, v10.generate, parsed.generate, PARSED_SHARE)
