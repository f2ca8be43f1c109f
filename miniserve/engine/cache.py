"""The KV cache: one fixed slot of `n_positions` tokens per running sequence, allocated once.

Slots, not paged blocks: the model's whole context is 256 tokens, so a slot wastes at most one
short context per sequence, and attention reads one contiguous (position, head_dim) run per head.
See docs/engine.md for the arithmetic.
"""

from __future__ import annotations

import numpy as np


class KVCache:
    def __init__(self, n_layer: int, n_slots: int, n_head: int, n_positions: int, head_dim: int):
        shape = (n_layer, n_slots, n_head, n_positions, head_dim)
        self.keys = np.zeros(shape, dtype=np.float32)
        self.values = np.zeros(shape, dtype=np.float32)
        self.n_slots, self.n_positions = n_slots, n_positions
        self._free = list(range(n_slots - 1, -1, -1))  # pop() hands out slot 0 first
        self._owner: dict[int, object] = {}

    @property
    def nbytes(self) -> int:
        return self.keys.nbytes + self.values.nbytes

    @property
    def free_slots(self) -> int:
        return len(self._free)

    @property
    def used_slots(self) -> int:
        return self.n_slots - len(self._free)

    def can_admit(self, n_tokens: int) -> bool:
        """Is there a slot, and does a sequence of up to n_tokens fit in one?"""
        return bool(self._free) and n_tokens <= self.n_positions

    def admit(self, owner: object) -> int:
        if not self._free:
            raise RuntimeError("no free KV slot: call can_admit first")
        slot = self._free.pop()
        self._owner[slot] = owner
        return slot

    def free(self, slot: int) -> None:
        if slot not in self._owner:
            raise RuntimeError(f"slot {slot} is not in use")
        del self._owner[slot]
        self._free.append(slot)
