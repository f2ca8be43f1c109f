"""Per-request sampling parameters. The arithmetic (greedy, temperature, top-k, top-p, masks,
seeded random numbers, logprobs) runs for the whole batch in one compiled call: kernels/sampling.py."""

from __future__ import annotations

from dataclasses import dataclass

from kernels.sampling import GREEDY_BELOW, MAX_TOP
from miniserve.engine.constraint import TokenConstraint
from miniserve.engine.stop import StopCondition


@dataclass(frozen=True)
class SamplingParams:
    max_new_tokens: int = 64
    temperature: float = 0.0  # 0 (or below GREEDY_BELOW) means greedy
    top_k: int = 0  # 0 means no limit
    top_p: float = 1.0
    seed: int | None = None  # any int; taken modulo 2**64. None: a random seed per sequence
    stop_at_end: bool = True
    logprobs: int | None = None  # None: none; k: the sampled token's log-probability and the top k
    constraint: TokenConstraint | None = None  # which ids may come next (None: any)
    stop: StopCondition | None = None  # ends the sequence ("stop") at the token that completes it
    # > 0: a scoring request, nothing is generated: the sequence's `logprobs` get the teacher-forced
    # log-probability of each of the prompt's last `score_tokens` tokens (Engine.score)
    score_tokens: int = 0

    def __post_init__(self):
        if self.max_new_tokens < 1:
            raise ValueError("max_new_tokens must be at least 1")
        if not self.temperature >= 0 or self.temperature == float("inf"):
            raise ValueError("temperature must be a finite number >= 0")
        if self.top_k < 0:
            raise ValueError("top_k must be >= 0")
        if not 0 < self.top_p <= 1:
            raise ValueError("top_p must be in (0, 1]")
        if self.logprobs is not None and not 0 <= self.logprobs <= MAX_TOP:
            raise ValueError(f"logprobs must be in 0..{MAX_TOP}")
        if self.constraint is not None and not callable(getattr(self.constraint, "allowed", None)):
            raise ValueError("constraint must have an allowed(generated) method")
        if self.score_tokens < 0:
            raise ValueError("score_tokens must be >= 0")
        if self.stop is not None and not callable(getattr(self.stop, "matched", None)):
            raise ValueError("stop must have a matched(generated) method")

    @property
    def greedy(self) -> bool:
        return self.temperature < GREEDY_BELOW or self.top_k == 1
