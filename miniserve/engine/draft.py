"""Prompt-lookup drafting: guess the next tokens by finding the sequence's last n tokens earlier in
its own text (the prompt and what it generated so far) and proposing what followed them there.

The tutor copies most of its input, so the continuation is usually in the prompt. A draft costs
nothing to make and is only a guess: the engine verifies it in the next step (see engine.step).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


_EMPTY = np.zeros(0, np.int64)


@dataclass(frozen=True)
class PromptLookup:
    k: int = 4  # tokens drafted at most
    n: int = 3  # the longest suffix matched; shorter ones down to `min_n` are tried after it
    min_n: int = 1

    def __post_init__(self):
        if self.k < 1 or not 1 <= self.min_n <= self.n:
            raise ValueError("speculation needs k >= 1 and 1 <= min_n <= n")

    def draft(self, tokens: np.ndarray, limit: int) -> np.ndarray:
        """Up to min(k, limit) tokens that followed the earliest earlier occurrence of the longest
        suffix of `tokens` (int64, prompt + generated) of length n..min_n; empty if none."""
        k = min(self.k, limit)
        length = len(tokens)
        if k < 1:
            return tokens[:0]
        for n in range(min(self.n, length - 1), self.min_n - 1, -1):
            suffix = tokens[length - n:]
            # an earlier occurrence starts at i < length - n, so at least one token follows it
            for i in np.flatnonzero(tokens[:length - n] == suffix[0]):
                if n == 1 or np.array_equal(tokens[i + 1:i + n], suffix[1:]):
                    return tokens[i + n:min(i + n + k, length)]
        return tokens[:0]

    def draft_for(self, seq, budget: int, n_positions: int) -> np.ndarray:
        """A draft for a decoding sequence, no longer than the step's spare budget or than the
        tokens the sequence may still emit (its max_new_tokens and the model's positions)."""
        room = min(budget, seq.params.max_new_tokens - len(seq.generated) - 1, n_positions - seq.length)
        return self.draft(np.array(seq.tokens, np.int64), room) if room > 0 else _EMPTY
