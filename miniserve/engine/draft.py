"""Prompt-lookup drafting: guess the next tokens by finding the sequence's last n tokens earlier in
its own text (the prompt and what it generated so far) and proposing what followed them there;
failing that, by following the most common continuations in recently finished answers.

The tutor copies most of its input, so the continuation is usually in the prompt; its explanations
follow a few templates, so the rest is usually in an earlier answer. A draft is only a guess: the
engine verifies it in the same step as the token before it (engine.step), so what the drafter
looks at changes the speed, never the output. The drafter runs for every decoding sequence of a
step with spare budget, so each lookup is a few vector compares or dictionary reads, never a scan
in Python.

Ownership: the compute thread (drafting happens in the step plan, `remember` when a sequence finishes).
"""

from __future__ import annotations

from collections import deque

import numpy as np

_EMPTY = np.zeros(0, np.int64)


class PromptLookup:
    def __init__(self, k: int = 1, n: int = 3, min_n: int = 1, history: int = 64, max_rows: int = 16):
        """k: tokens drafted at most; n: the longest suffix matched (then shorter ones, down to
        min_n); history: finished answers remembered (0: the sequence's own text only); max_rows:
        drafts only while the step has fewer rows than this (see `room`)."""
        if k < 1 or not 1 <= min_n <= n or history < 0 or max_rows < 0:
            raise ValueError("speculation needs k >= 1, 1 <= min_n <= n, history >= 0 and max_rows >= 0")
        self.k, self.n, self.min_n, self.history, self.max_rows = k, n, min_n, history, max_rows
        self._recent: deque[list[int]] = deque()
        # the remembered answers as counts: context (1..n tokens) -> {next token: count}, and the
        # most common next token of each context
        self._follow: dict[tuple[int, ...], dict[int, int]] = {}
        self._best: dict[tuple[int, ...], int] = {}

    def __repr__(self) -> str:
        return f"PromptLookup(k={self.k}, n={self.n}, min_n={self.min_n}, history={self.history}, max_rows={self.max_rows})"

    def room(self, rows: int, budget: int) -> int:
        """Draft tokens a step of `rows` planned rows may add. On a CPU a row costs compute whether
        or not its token is accepted (there are no idle cores to fill as on a GPU): drafting pays
        when the step is small and its fixed cost is shared by few tokens, and costs throughput
        when the batch is large. So drafts fill a step up to `max_rows` rows, within the budget."""
        return max(0, min(budget, self.max_rows - rows))

    def draft(self, tokens: np.ndarray, limit: int) -> np.ndarray:
        """Up to min(k, limit) tokens: those that followed the earliest earlier occurrence of the
        longest suffix of `tokens` (int64, prompt + generated) of length n..min_n; if none, the most
        common continuation of that suffix in the remembered answers; empty if neither."""
        k, length = min(self.k, limit), len(tokens)
        if k < 1:
            return _EMPTY
        lengths = range(min(self.n, length - 1), self.min_n - 1, -1)
        for n in lengths:
            start = _follows(tokens, n)
            if start >= 0:
                return tokens[start:start + k]
            if self._best:
                found = self._predict(tokens, n, k)
                if len(found):
                    return found
        return _EMPTY

    def draft_for(self, seq, budget: int, n_positions: int) -> np.ndarray:
        """A draft for a decoding sequence, no longer than the step's spare budget or than the
        tokens the sequence may still emit (its max_new_tokens and the model's positions)."""
        room = min(budget, seq.params.max_new_tokens - len(seq.generated) - 1, n_positions - seq.length)
        return self.draft(np.array(seq.tokens, np.int64), room) if room > 0 else _EMPTY

    def remember(self, generated) -> None:
        """Count a finished answer; forget the oldest beyond `history` answers."""
        if not self.history or len(generated) < 2:
            return
        self._recent.append([int(t) for t in generated])
        self._count(self._recent[-1], +1)
        if len(self._recent) > self.history:
            self._count(self._recent.popleft(), -1)

    def _count(self, tokens: list[int], step: int) -> None:
        for i in range(1, len(tokens)):
            for n in range(1, min(self.n, i) + 1):
                context, token = tuple(tokens[i - n:i]), tokens[i]
                follow = self._follow.setdefault(context, {})
                follow[token] = follow.get(token, 0) + step
                if follow[token] <= 0:
                    del follow[token]
                if not follow:
                    del self._follow[context], self._best[context]
                elif step > 0 and follow[token] > follow.get(self._best.get(context, -1), 0):
                    self._best[context] = token
                elif step < 0 and self._best[context] == token:
                    self._best[context] = max(follow, key=follow.get)

    def _predict(self, tokens: np.ndarray, n: int, k: int) -> np.ndarray:
        """The most common follower of the last n tokens, then of the longest known context of
        the text it extends, and so on, up to k tokens."""
        context = [int(t) for t in tokens[-self.n:]]
        first = self._best.get(tuple(context[len(context) - n:]))
        if first is None:
            return _EMPTY
        out = [first]
        while len(out) < k:
            context.append(out[-1])
            for m in range(self.n, 0, -1):
                follower = self._best.get(tuple(context[-m:]))
                if follower is not None:
                    out.append(follower)
                    break
            else:
                break
        return np.array(out, np.int64)


def _follows(text: np.ndarray, n: int) -> int:
    """Where the tokens after the earliest earlier occurrence of the last n tokens of `text`
    start (at least one token follows it); -1 if there is none. n vector compares."""
    length = len(text)
    hits = text[:length - n] == text[length - n]
    for j in range(1, n):
        hits &= text[j:length - n + j] == text[length - n + j]
    first = int(np.argmax(hits))
    return first + n if hits[first] else -1
