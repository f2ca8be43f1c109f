"""One step's work: which sequences compute how many of their uncomputed tokens."""

from __future__ import annotations

from dataclasses import dataclass

from miniserve.engine.sequence import Sequence


@dataclass
class StepPlan:
    """(sequence, number of its uncomputed tokens to compute now), decodes first."""

    items: list[tuple[Sequence, int]]

    @property
    def n_tokens(self) -> int:
        return sum(n for _, n in self.items)

    @classmethod
    def within(cls, seqs: list[Sequence], budget: int, max_batch: int | None = None) -> "StepPlan":
        """Every decode (one token each) first, then prefill chunks in order while the token budget
        lasts: a long prompt never stalls the sequences that are already generating. At most
        `max_batch` sequences (the compute batch), however many hold KV slots."""
        max_batch = len(seqs) if max_batch is None else max_batch
        items = [(s, 1) for s in seqs if s.uncomputed == 1][:max_batch]
        budget -= len(items)
        for s in seqs:
            if budget <= 0 or len(items) >= max_batch:
                break
            if s.uncomputed > 1:
                items.append((s, min(s.uncomputed, budget)))
                budget -= items[-1][1]
        return cls(items)
