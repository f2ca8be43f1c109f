"""Per-request sampling: greedy, temperature, top-k, top-p, with the sequence's own seeded RNG."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class SamplingParams:
    max_new_tokens: int = 64
    temperature: float = 0.0  # 0 means greedy
    top_k: int = 0  # 0 means no limit
    top_p: float = 1.0
    seed: int | None = None
    stop_at_end: bool = True
    logprobs: int | None = None  # None: none; k: the sampled token's log-probability and the top k

    def __post_init__(self):
        if self.max_new_tokens < 1:
            raise ValueError("max_new_tokens must be at least 1")
        if self.temperature < 0:
            raise ValueError("temperature must be >= 0")
        if self.top_k < 0:
            raise ValueError("top_k must be >= 0")
        if not 0 < self.top_p <= 1:
            raise ValueError("top_p must be in (0, 1]")
        if self.logprobs is not None and not 0 <= self.logprobs <= 20:
            raise ValueError("logprobs must be in 0..20")

    @property
    def greedy(self) -> bool:
        return self.temperature == 0 or self.top_k == 1


def sample(logits: np.ndarray, params: SamplingParams, rng: np.random.Generator) -> int:
    """One token id from one row of logits (float32, (V,))."""
    if params.greedy:
        return int(np.argmax(logits))
    z = logits.astype(np.float64) / params.temperature
    order = np.argsort(-z, kind="stable")  # a fixed tie order keeps seeded runs reproducible
    if params.top_k:
        order = order[: params.top_k]
    probs = np.exp(z[order] - z[order[0]])
    probs /= probs.sum()
    if params.top_p < 1.0:
        keep = int(np.searchsorted(np.cumsum(probs), params.top_p)) + 1  # smallest set with mass >= top_p
        order, probs = order[:keep], probs[:keep] / probs[:keep].sum()
    return int(order[rng.choice(len(order), p=probs)])


def log_softmax(logits: np.ndarray) -> np.ndarray:
    """In float64: the model's log-probabilities, before temperature or truncation."""
    z = logits.astype(np.float64)
    z -= z.max()
    return z - np.log(np.exp(z).sum())


def token_logprobs(logits: np.ndarray, token: int, top: int) -> tuple[float, dict[int, float]]:
    lp = log_softmax(logits)
    best = np.argsort(-lp, kind="stable")[:top]
    return float(lp[token]), {int(t): float(lp[t]) for t in best}
