"""Sampling for a whole batch of logits rows in one compiled call: greedy, temperature, top-k, top-p,
an allowed-token mask, per-row counter-based random numbers, and logprobs (chosen + top n).

Every row reads only its own logits, its own parameters and its own random number, so a row's token
never depends on the rest of the batch. The random number of a row is a hash of (seed, counter)
(splitmix64, twice): the engine passes the index of the generated token as the counter, so the same
seed gives the same tokens whatever the batch, the step or the speculation.

The allowed tokens of row r are `allowed_ids[allowed_ptr[r]:allowed_ptr[r + 1]]` (a ragged CSR
pair); an empty range means any token (a constraint's allowed set is never empty).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.flags import JIT

GREEDY_BELOW = 1e-5  # a temperature this small is argmax (as other servers treat it), never a division
MAX_TOP = 20  # logprobs: at most this many top alternatives a row

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit(**JIT)
def _splitmix64(x):
    z = x + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(**JIT)
def _uniform(seed, counter):
    """A float64 in [0, 1) that depends only on (seed, counter): 53 bits of a double hash."""
    z = _splitmix64(seed ^ _splitmix64(counter))
    return np.float64(z >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(**JIT)
def _sort_desc(order, n, key, tmp):
    """Stable merge sort of order[:n] by key[order[i]] descending (ties keep index order), in place."""
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid, hi = min(lo + width, n), min(lo + 2 * width, n)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if key[order[j]] > key[order[i]]:
                    tmp[k] = order[j]
                    j += 1
                else:
                    tmp[k] = order[i]
                    i += 1
                k += 1
            while i < mid:
                tmp[k] = order[i]
                i += 1
                k += 1
            while j < hi:
                tmp[k] = order[j]
                j += 1
                k += 1
        for i in range(n):
            order[i] = tmp[i]
        width *= 2


@njit(**JIT)
def _sample_row(x, temperature, top_k, top_p, u, keep, p, order, tmp):
    """One token id from one row x (V,) whose candidates are `keep`; p, order, tmp: (V,) scratch."""
    vocab = x.shape[0]
    best = -1
    for v in range(vocab):  # argmax over candidates, the first on ties (as np.argmax)
        if keep[v] and (best < 0 or x[v] > x[best]):
            best = v
    if best < 0:  # no candidate is a number: the first allowed id
        for v in range(vocab):
            if keep[v]:
                return v
        return 0
    if temperature < GREEDY_BELOW or top_k == 1 or x[best] == np.inf:
        return best
    top = np.float64(x[best])
    n = 0
    for v in range(vocab):  # (x - max) / T <= 0 before exp: no overflow, no inf - inf, never NaN
        if keep[v]:
            p[v] = np.exp((np.float64(x[v]) - top) / temperature)
            order[n] = v
            n += 1
        else:
            p[v] = 0.0
    if (0 < top_k < n) or top_p < 1.0:
        _sort_desc(order, n, p, tmp)
        cut = top_k if 0 < top_k < n else n
        if top_p < 1.0:
            total = 0.0
            for i in range(cut):
                total += p[order[i]]
            mass = 0.0
            for i in range(cut):  # the smallest prefix whose mass reaches top_p
                mass += p[order[i]]
                if mass >= top_p * total:
                    cut = i + 1
                    break
        for i in range(cut, n):
            p[order[i]] = 0.0
    total = 0.0
    for v in range(vocab):
        total += p[v]
    target = u * total  # the max has p = 1, so total >= 1
    mass = 0.0
    last = best
    for v in range(vocab):  # inverse CDF in index order
        if p[v] > 0.0:
            mass += p[v]
            last = v
            if mass > target:
                return v
    return last  # rounding left the target just above the sum


@njit(**JIT)
def _logprobs(x, token, n_top, taken, top_ids, top_lp):
    """The model's log-softmax (before temperature, truncation or mask) of `token`, and the n_top
    most likely ids (ties: the lower id first)."""
    vocab = x.shape[0]
    m = -np.inf
    for v in range(vocab):
        m = max(m, np.float64(x[v]))
    s = 0.0
    for v in range(vocab):
        s += np.exp(np.float64(x[v]) - m)
    log_z = m + np.log(s)
    for v in range(vocab):
        taken[v] = False
    for j in range(n_top):
        best = -1
        for v in range(vocab):
            if not taken[v] and (best < 0 or x[v] > x[best]):
                best = v
        taken[best] = True
        top_ids[j] = best
        top_lp[j] = np.float64(x[best]) - log_z
    return np.float64(x[token]) - log_z


@njit(**JIT)
def _sample_batch(logits, temperature, top_k, top_p, seed, counter, allowed_ptr, allowed_ids, n_top,
                  tokens, chosen_lp, top_ids, top_lp, keep, p, order, tmp):
    rows, vocab = logits.shape
    for r in range(rows):
        lo, hi = allowed_ptr[r], allowed_ptr[r + 1]
        any_token = lo == hi
        for v in range(vocab):
            keep[v] = any_token and logits[r, v] == logits[r, v]  # NaN is never a candidate
        if not any_token:
            for i in range(lo, hi):
                t = allowed_ids[i]
                if 0 <= t < vocab and logits[r, t] == logits[r, t]:
                    keep[t] = True
        u = _uniform(seed[r], counter[r])
        token = _sample_row(logits[r], temperature[r], top_k[r], top_p[r], u, keep, p, order, tmp)
        tokens[r] = token
        if n_top[r] >= 0:
            chosen_lp[r] = _logprobs(logits[r], token, min(n_top[r], top_ids.shape[1]), keep, top_ids[r], top_lp[r])


class SamplerWorkspace:
    """Per-row parameter and output arrays for up to `max_rows` rows, and (V,) scratch, allocated once.
    Fill the first `rows` entries of the parameter arrays, then call `sample`."""

    def __init__(self, max_rows: int, vocab: int, max_allowed: int = 0):
        self.max_rows, self.vocab = max_rows, vocab
        self.temperature = np.zeros(max_rows, np.float64)
        self.top_k = np.zeros(max_rows, np.int64)
        self.top_p = np.ones(max_rows, np.float64)
        self.seed = np.zeros(max_rows, np.uint64)
        self.counter = np.zeros(max_rows, np.uint64)
        self.n_top = np.full(max_rows, -1, np.int64)
        self.allowed_ptr = np.zeros(max_rows + 1, np.int64)
        self.allowed_ids = np.zeros(max(max_allowed, vocab), np.int32)
        self.tokens = np.zeros(max_rows, np.int64)
        self.chosen_lp = np.zeros(max_rows, np.float64)
        self.top_ids = np.zeros((max_rows, MAX_TOP), np.int64)
        self.top_lp = np.zeros((max_rows, MAX_TOP), np.float64)
        self.keep = np.zeros(vocab, np.bool_)
        self.p = np.zeros(vocab, np.float64)
        self.order = np.zeros(vocab, np.int64)
        self.tmp = np.zeros(vocab, np.int64)

    def allowed_room(self, n: int) -> np.ndarray:
        """The allowed-ids buffer with room for n ids (grows, rarely: constraints are small)."""
        if n > len(self.allowed_ids):
            self.allowed_ids = np.zeros(max(n, 2 * len(self.allowed_ids)), np.int32)
        return self.allowed_ids

    def sample(self, logits: np.ndarray) -> np.ndarray:
        """Sample every row of `logits` (rows, V) float32; returns a view of the chosen ids. Chosen and
        top logprobs are in `chosen_lp`, `top_ids`, `top_lp` for rows whose n_top >= 0."""
        rows = logits.shape[0]
        if rows > self.max_rows or logits.shape[1] != self.vocab:
            raise ValueError(f"logits {logits.shape} do not fit {self.max_rows} rows of {self.vocab}")
        if rows:
            _sample_batch(
                logits, self.temperature[:rows], self.top_k[:rows], self.top_p[:rows], self.seed[:rows],
                self.counter[:rows], self.allowed_ptr[:rows + 1], self.allowed_ids, self.n_top[:rows],
                self.tokens[:rows], self.chosen_lp[:rows], self.top_ids[:rows], self.top_lp[:rows],
                self.keep, self.p, self.order, self.tmp,
            )
        return self.tokens[:rows]


def uniform(seed: int, counter: int) -> float:
    """The row's random number, for tests and the reference."""
    return float(_uniform(np.uint64(seed), np.uint64(counter)))
