"""Admission policies: one rule each for how many waiting sequences may take a KV slot now.
KV slots (the engine's cache) bound them all; `max_batch` bounds the sequences of one step.
The scheduler picks one by name once; nothing else compares strategy names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Continuous:
    """Iteration-level batching: admit into any free slot before every step."""

    batch_wait: float = 0.0  # never waits for a batch to fill
    inline: bool = False  # runs on the compute thread

    def room(self, n_running: int) -> int:
        return 1 << 30  # only free KV slots limit admission

    def reserved(self, n_slots: int) -> int:
        """KV slots kept for requests of one generating sequence (CoreLoop._admit): so that requests of
        many long sequences (paragraphs, n > 1), however many, never hold every slot while a sentence
        waits for one to free. One in eight (4 of 32); none below 8 slots."""
        return n_slots // 8


@dataclass(frozen=True)
class Static:
    """Admit only into an empty batch (after waiting up to `batch_wait` for `max_batch` to arrive),
    then run that batch until its longest sequence finishes."""

    max_batch: int
    batch_wait: float = 0.05
    inline: bool = False

    def room(self, n_running: int) -> int:
        return self.max_batch if n_running == 0 else 0

    def reserved(self, n_slots: int) -> int:
        return 0  # a batch is taken whole, in turns


@dataclass(frozen=True)
class Async(Static):
    """One request at a time, off the event loop: static with a batch of one and no wait."""

    max_batch: int = 1
    batch_wait: float = 0.0


@dataclass(frozen=True)
class Sync(Async):
    """One request at a time, generated inline by its handler: blocks the event loop on purpose."""

    inline: bool = True


def policy_for(name: str, max_batch: int, batch_wait: float):
    return {"continuous": lambda: Continuous(), "static": lambda: Static(max_batch, batch_wait),
            "async": Async, "sync": Sync}[name]()
