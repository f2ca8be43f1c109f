"""Per-sequence token constraints: which token ids may come next, given what the sequence generated.

The engine asks `allowed(generated)` for every row it samples (and, when speculating, for every
hypothetical prefix a draft would make), and the sampling kernel masks every other id to -inf:
greedy is the argmax over the allowed ids, sampling renormalises over them. A constraint is a
client of the engine (the tutor's edit constraint, `/v1/completions`' `allowed_token_ids`), never a
special case inside the step.
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

import numpy as np


@runtime_checkable
class TokenConstraint(Protocol):
    def allowed(self, generated: Sequence[int]) -> np.ndarray | None:
        """Sorted, non-empty int32 array of token ids allowed next, after `generated` (the tokens this
        sequence generated so far, prompt excluded); None means any token. Pure (same answer for the
        same prefix: speculative verification asks about hypothetical prefixes), thread-safe (called on
        the compute thread), fast (cache per state; tens of microseconds)."""


class AllowedTokens:
    """The same fixed set of ids at every step (`allowed_token_ids`, as vLLM names it)."""

    def __init__(self, ids):
        ids = np.unique(np.asarray(list(ids), dtype=np.int64))
        if len(ids) == 0 or ids[0] < 0 or ids[-1] > np.iinfo(np.int32).max:
            raise ValueError("allowed token ids must be a non-empty set of ids >= 0")
        self.ids = ids.astype(np.int32)
        self.ids.flags.writeable = False

    def allowed(self, generated: Sequence[int]) -> np.ndarray:
        return self.ids

    def __repr__(self) -> str:
        return f"AllowedTokens({len(self.ids)} ids)"
