"""Engines with injected faults, handed to the service in tests (production code has no test hooks)."""

from __future__ import annotations

import threading
import time

from miniserve.engine import Engine, PromptLookup


class FailingEngine(Engine):
    """Its next `failures` steps raise, inside the compute thread."""

    failures = 0

    def step(self, plan):
        if self.failures > 0:
            self.failures -= 1
            raise RuntimeError("injected step failure")
        return super().step(plan)


class SlowEngine(Engine):
    """Each step takes at least `delay` seconds more, as with a bigger model (simulated work)."""

    delay = 0.0

    def step(self, plan):
        time.sleep(self.delay)
        return super().step(plan)


class RefusingEngine(Engine):
    """Its next `refusals` admissions raise after taking the slot, as an int64 overflow in the slot
    tables once did: only that sequence may fail."""

    refusals = 0

    def admit(self, seq):
        super().admit(seq)
        if self.refusals > 0:
            self.refusals -= 1
            raise OverflowError("injected admission failure")


class BrokenEngine(Engine):
    """Once `broken`, giving a slot back raises: a bug in the loop's own bookkeeping (outside any
    admission or step), which kills the scheduler."""

    broken = False

    def release(self, seq, *args, **kwargs):
        if self.broken:
            raise RuntimeError("scheduler bug")
        return super().release(seq, *args, **kwargs)


class CountingEngine(Engine):
    """Sets `reached` (a threading.Event) once it has run `target` steps."""

    target = 1 << 30

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.n_steps, self.reached = 0, threading.Event()

    def step(self, plan):
        out = super().step(plan)
        self.n_steps += 1
        if self.n_steps >= self.target:
            self.reached.set()
        return out


class RecordingEngine(Engine):
    """Keeps each step's sequences (on the compute thread; read once the requests are answered)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.steps: list[list] = []

    def step(self, plan):
        self.steps.append([seq for seq, _ in plan.items])
        return super().step(plan)
class FailingDrafter(PromptLookup):
    """Its next `failures` drafts raise, while the core loop plans a step."""

    failures = 0

    def draft_for(self, seq, budget, n_positions):
        if self.failures > 0:
            self.failures -= 1
            raise RuntimeError("injected planning failure")
        return super().draft_for(seq, budget, n_positions)


class ScriptedEngine(Engine):
    """Answers a prompt in `scripts` (prompt ids -> generated ids) with the scripted tokens in
    place of the sampled ones, as if the model had chosen them; other prompts as the model does."""

    scripts: dict[tuple[int, ...], list[int]] = {}

    def _accept(self, seq, first, draft):
        script = self.scripts.get(tuple(seq.prompt))
        if script is not None:
            done = len(seq.generated)
            for i in range(len(draft) + 1):
                if done + i < len(script):
                    self.sampler.tokens[first + i] = script[done + i]
        return super()._accept(seq, first, draft)


class StuckEngine(Engine):
    """Once `stuck` is set, its next step waits (its compute thread blocked, as on a link nobody reads)
    until `unblock` is set, and tells `entered` when it has started waiting."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stuck, self.entered, self.unblock = threading.Event(), threading.Event(), threading.Event()

    def step(self, plan):
        if self.stuck.is_set():
            self.stuck.clear()
            self.entered.set()
            self.unblock.wait(60)
        return super().step(plan)
