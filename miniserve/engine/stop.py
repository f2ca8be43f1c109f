"""A stop condition beyond the end token: asked after every generated token, on the compute thread,
so a sequence ends at the token that completes it (not several steps later, when the event loop
hears of it). The engine knows no text; the HTTP layer implements it for stop strings."""

from __future__ import annotations

from typing import Protocol, Sequence


class StopCondition(Protocol):
    def matched(self, generated: Sequence[int]) -> bool:
        """True once `generated` (this sequence's tokens so far, prompt excluded) must end here."""
        ...
