"""Prompt-lookup drafting: guess the next tokens by finding the sequence's last n tokens earlier in
its own text (the prompt and what it generated so far) and proposing what followed them there;
failing that, in the completions of recently finished sequences.

The tutor copies most of its input, so the continuation is usually in the prompt; its explanations
follow a few templates, so the rest is usually in an earlier answer. A draft is only a guess: the
engine verifies it in the same step as the token before it (engine.step), so what the drafter
looks at changes the speed, never the output.

Ownership: the compute thread (drafting happens in the step plan, `remember` when a sequence finishes).
"""

from __future__ import annotations

from collections import deque

import numpy as np

_EMPTY = np.zeros(0, np.int64)
_GAP = -1  # between remembered completions: no draft runs across it


class PromptLookup:
    def __init__(self, k: int = 8, n: int = 3, min_n: int = 1, history: int = 64):
        """k: tokens drafted at most; n: the longest suffix matched (then shorter ones, down to
        min_n); history: finished completions remembered (0: the sequence's own text only)."""
        if k < 1 or not 1 <= min_n <= n or history < 0:
            raise ValueError("speculation needs k >= 1, 1 <= min_n <= n and history >= 0")
        self.k, self.n, self.min_n = k, n, min_n
        self._recent: deque[np.ndarray] = deque(maxlen=history or None)
        self._history = _EMPTY  # the remembered completions joined with gaps, rebuilt on `remember`
        self.history = history

    def __repr__(self) -> str:
        return f"PromptLookup(k={self.k}, n={self.n}, min_n={self.min_n}, history={self.history})"

    def remember(self, generated) -> None:
        """Keep a finished sequence's completion as a place to find later drafts."""
        if self.history and len(generated) > 1:
            self._recent.append(np.asarray(generated, np.int64))
            self._history = np.concatenate([np.append(c, _GAP) for c in self._recent])

    def draft(self, tokens: np.ndarray, limit: int) -> np.ndarray:
        """Up to min(k, limit) tokens that followed the earliest earlier occurrence of the longest
        suffix of `tokens` (int64, prompt + generated) of length n..min_n, in `tokens` first, then
        in the remembered completions; empty if none."""
        k, length = min(self.k, limit), len(tokens)
        if k < 1:
            return _EMPTY
        for n in range(min(self.n, length - 1), self.min_n - 1, -1):
            suffix = tokens[length - n:]
            found = _follows(tokens, suffix, k)
            if found is None:
                found = _follows(self._history, suffix, k)
            if found is not None:
                return found
        return _EMPTY

    def draft_for(self, seq, budget: int, n_positions: int) -> np.ndarray:
        """A draft for a decoding sequence, no longer than the step's spare budget or than the
        tokens the sequence may still emit (its max_new_tokens and the model's positions)."""
        room = min(budget, seq.params.max_new_tokens - len(seq.generated) - 1, n_positions - seq.length)
        return self.draft(np.array(seq.tokens, np.int64), room) if room > 0 else _EMPTY


def _follows(text: np.ndarray, suffix: np.ndarray, k: int) -> np.ndarray | None:
    """Up to k tokens after the earliest occurrence of `suffix` in `text` that has at least one
    token after it (a draft stops at a gap); None if there is none."""
    n = len(suffix)
    for i in np.flatnonzero(text[:len(text) - n] == suffix[0]):
        if n == 1 or np.array_equal(text[i + 1:i + n], suffix[1:]):
            after = text[i + n:i + n + k]
            gap = np.flatnonzero(after == _GAP)
            after = after[:gap[0]] if len(gap) else after
            if len(after):
                return after
    return None
