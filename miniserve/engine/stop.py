"""A stop condition beyond the end token: asked after every generated token, on the compute thread,
so a sequence ends at the token that completes it (not several steps later, when the event loop
hears of it). The engine knows no text; the HTTP layer implements it for stop strings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence


class StopCondition(Protocol):
    def matched(self, generated: Sequence[int]) -> bool:
        """True once `generated` (this sequence's tokens so far, prompt excluded) must end here."""
        ...


@dataclass(frozen=True)
class Runaway:
    """Ends a sequence that has not written `why_id` within `limit` tokens (the tutor's corrected
    part past its limit): on the compute thread at that token, not steps later when the event loop
    sees it. Plain numbers, so the engine core process can rebuild it from its description."""

    why_id: int
    limit: int

    def matched(self, generated) -> bool:
        return len(generated) > self.limit and self.why_id not in generated[: self.limit + 1]
