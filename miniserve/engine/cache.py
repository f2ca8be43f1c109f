"""The KV cache: one fixed slot of `n_positions` tokens per running sequence, allocated once, and
the prefix each slot still holds, so a new sequence that starts with it does not compute it again.

Slots, not paged blocks: the model's whole context is 256 tokens, so a slot wastes at most one
short context per sequence, and attention reads one contiguous (position, head_dim) run per head.
See docs/engine.md for the arithmetic.

Prefix reuse (vLLM's automatic prefix caching, at the grain of a slot): a freed slot keeps the token
ids whose K/V it holds. A sequence admitted with a prompt that starts with at least MIN_REUSE of them
takes that slot as it is, or, when the slot is taken already, a copy of the shared positions. The tutor
asks this all the time: the gate scores each answer after the very prompt the model just decoded from.
A position's K/V depend only on the tokens up to it (the kernel computes every row alone, the batch
invariance the tests hold it to), so a reused prefix gives the same numbers as computing it again.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

MIN_REUSE = 16  # shared tokens worth a slot's cached prefix: fewer cost about nothing to compute again


class KVCache:
    def __init__(self, n_layer: int, n_slots: int, n_head: int, n_positions: int, head_dim: int):
        shape = (n_layer, n_slots, n_head, n_positions, head_dim)
        self.keys = np.zeros(shape, dtype=np.float32)
        self.values = np.zeros(shape, dtype=np.float32)
        self.n_slots, self.n_positions = n_slots, n_positions
        self._free = list(range(n_slots))  # least recently freed first: a freed slot's prefix lives longest
        self._owner: dict[int, object] = {}
        # the token ids whose K/V a slot holds at positions 0..held_length-1: all its last sequence computed
        # (a free slot), or the prefix its sequence was admitted with (a taken one: its owner writes only past it)
        self.held = np.full((n_slots, n_positions), -1, dtype=np.int64)
        self.held_length = np.zeros(n_slots, dtype=np.int64)

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

    def admit(self, owner: object, prefix: Sequence[int] = ()) -> tuple[int, int]:
        """A slot for `owner`, and how many of `prefix` (the tokens it may take from the cache: its
        prompt but the positions it needs logits for) the slot already holds: 0, or MIN_REUSE or more."""
        if not self._free:
            raise RuntimeError("no free KV slot: call can_admit first")
        source, shared = self._longest(prefix)
        if shared < MIN_REUSE:
            slot, shared = self._free.pop(0), 0
        elif source in self._owner:  # taken: copy the shared positions into a free slot
            slot = self._free.pop(0)
            self.keys[:, slot, :, :shared] = self.keys[:, source, :, :shared]
            self.values[:, slot, :, :shared] = self.values[:, source, :, :shared]
            self.held[slot, :shared] = self.held[source, :shared]
        else:
            slot = source
            self._free.remove(slot)
        self.held_length[slot] = shared
        self._owner[slot] = owner
        return slot, shared

    def free(self, slot: int, computed: Sequence[int] = ()) -> None:
        """Give the slot back; `computed`: the token ids whose K/V its sequence left in it."""
        if slot not in self._owner:
            raise RuntimeError(f"slot {slot} is not in use")
        n = len(computed)
        self.held_length[slot] = 0  # nothing held while the ids are written
        self.held[slot, :n] = computed
        self.held_length[slot] = n
        del self._owner[slot]
        self._free.append(slot)

    def _longest(self, prefix: Sequence[int]) -> tuple[int, int]:
        """The slot holding the longest start of `prefix`, and its length; a free one where two tie."""
        n = min(len(prefix), self.n_positions)
        if n < MIN_REUSE:
            return -1, 0
        same = self.held[:, :n] == np.asarray(prefix[:n])  # (n_slots, n)
        run = np.minimum(np.where(same.all(axis=1), n, same.argmin(axis=1)), self.held_length)
        free = np.zeros(self.n_slots, dtype=bool)
        free[self._free] = True
        best = int(np.argmax(run * 2 + free))
        return best, int(run[best])
