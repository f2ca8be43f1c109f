"""Engines with injected faults, handed to the service in tests (production code has no test hooks)."""

from __future__ import annotations

import threading
import time

from miniserve.engine import Engine


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


class BrokenEngine(Engine):
    """Once `broken`, admission raises: a bug outside any step, which kills the scheduler."""

    broken = False

    def can_admit(self, seq):
        if self.broken:
            raise RuntimeError("scheduler bug")
        return super().can_admit(seq)


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
