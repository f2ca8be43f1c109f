"""One step's work: which sequences compute how many of their uncomputed tokens, and which
decoding sequences verify a draft of the tokens after those."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from miniserve.engine.draft import PromptLookup
from miniserve.engine.sequence import Sequence


@dataclass
class StepPlan:
    """(sequence, number of its uncomputed tokens to compute now), decodes first; drafts by id."""

    items: list[tuple[Sequence, int]]
    drafts: dict[int, np.ndarray] = field(default_factory=dict)  # sequence id -> draft token ids

    @property
    def n_tokens(self) -> int:
        return sum(n for _, n in self.items) + sum(len(d) for d in self.drafts.values())

    @classmethod
    def within(cls, seqs: list[Sequence], budget: int, max_batch: int | None = None,
               drafter: PromptLookup | None = None, n_positions: int = 0,
               longest_prompt: int | None = None) -> "StepPlan":
        """Every decode (one token each) first, then prefill chunks in order while the token budget
        lasts: a long prompt never stalls the sequences that are already generating. At most
        `max_batch` sequences (the compute batch), however many hold KV slots. Drafts take only
        what budget is left (and only as much as the drafter's `room` allows), so speculation never
        delays a prompt and stops when the batch is large. `longest_prompt`: only prompts with at
        most this many tokens left are computed (a light step, `CoreLoop.step`)."""
        max_batch = len(seqs) if max_batch is None else max_batch
        items = [(s, 1) for s in seqs if s.uncomputed == 1][:max_batch]
        budget -= len(items)
        for s in seqs:
            if budget <= 0 or len(items) >= max_batch:
                break
            if s.uncomputed > 1 and (longest_prompt is None or s.uncomputed <= min(longest_prompt, budget)):
                items.append((s, min(s.uncomputed, budget)))
                budget -= items[-1][1]
        plan = cls(items)
        if drafter is not None:
            budget = drafter.room(sum(n for _, n in items), budget)
            for s, n in items:
                if budget <= 0:
                    break
                if n == 1 and not s.scoring:
                    draft = drafter.draft_for(s, budget, n_positions)
                    if len(draft):
                        plan.drafts[s.id] = draft
                        budget -= len(draft)
        return plan
