"""A sequence is a handful of counters: tokens known, tokens computed (in the cache), and a status."""

from __future__ import annotations

import enum
import itertools
import secrets
from dataclasses import dataclass, field

from miniserve.engine.sampling import SamplingParams

_ids = itertools.count()


class Status(enum.IntEnum):
    """Ordered: everything at or past FINISHED is done, a single comparison."""

    WAITING = 0
    RUNNING = 1
    FINISHED = 2  # stopped at the end token or at max_new_tokens
    ABORTED = 3  # cancelled by its client, or its step failed


@dataclass(eq=False)
class Sequence:
    prompt: list[int]
    params: SamplingParams = field(default_factory=SamplingParams)
    id: int = field(default_factory=lambda: next(_ids))
    generated: list[int] = field(default_factory=list)
    computed: int = 0  # tokens whose K/V are in the cache
    slot: int = -1
    status: Status = Status.WAITING
    finish_reason: str = ""  # "stop" | "length" | "abort"
    logprobs: list[tuple[float, dict[int, float]]] = field(default_factory=list)  # per generated token

    def __post_init__(self):
        # the key of this sequence's random numbers: token i uses hash(seed64, i), whatever the batch
        seed = self.params.seed
        self.seed64 = secrets.randbits(64) if seed is None else seed % 2**64

    @property
    def tokens(self) -> list[int]:
        return self.prompt + self.generated

    @property
    def length(self) -> int:
        return len(self.prompt) + len(self.generated)

    @property
    def uncomputed(self) -> int:
        """Tokens to feed before the next token can be sampled (the prompt at first, then 1)."""
        return self.length - self.computed

    @property
    def max_length(self) -> int:
        return len(self.prompt) + (0 if self.scoring else self.params.max_new_tokens)

    @property
    def scoring(self) -> bool:
        """A scoring request: its prompt's last tokens are scored, nothing is generated."""
        return self.params.score_tokens > 0

    @property
    def done(self) -> bool:
        return self.status >= Status.FINISHED
