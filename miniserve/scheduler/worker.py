"""The compute thread: it keeps stepping the core loop while there is work and never hops back
to the event loop between steps. Other threads reach it only through the inbox below (arrivals,
cancellations, close, stop), which it reads between two steps; results leave through `publish`.

Ownership: the inbox (`_arrivals`, `_cancels`, `_closed`, `_stopped`) is shared and guarded by
`_wake`; the CoreLoop, its sequences and the KV slots belong to the thread running `run`."""

from __future__ import annotations

import time
import threading
from collections import deque
from collections.abc import Callable

from miniserve.engine import Sequence
from miniserve.engine.loop import CoreLoop, StepResult


class Worker:
    def __init__(self, loop: CoreLoop, publish: Callable[[StepResult], None]):
        self.loop, self.publish = loop, publish
        self._wake = threading.Condition()
        self._arrivals: deque[Sequence] = deque()
        self._cancels: list[int] = []
        self._closed = self._stopped = False
        self.phase = "idle"  # idle | filling | stepping: for /stats and tests, written by the compute thread

    # -- any thread ----------------------------------------------------------------------------
    def put(self, seq: Sequence) -> None:
        with self._wake:
            self._arrivals.append(seq)
            self._wake.notify()

    def cancel(self, seq_id: int) -> None:
        with self._wake:
            self._cancels.append(seq_id)
            self._wake.notify()

    def close(self) -> None:
        """No more arrivals: `run` returns once everything admitted or waiting has finished."""
        with self._wake:
            self._closed = True
            self._wake.notify()

    def stop(self) -> None:
        """Return after the current step, leaving the rest unfinished (the caller fails it)."""
        with self._wake:
            self._stopped = True
            self._wake.notify()

    # -- the compute thread --------------------------------------------------------------------
    def run(self) -> Exception | None:
        """Step while there is work, sleep while there is none; returns the error that killed the
        loop (a bug: a failing engine step is reported in its StepResult instead), or None."""
        try:
            while self._wait_for_work():
                self._fill_batch()
                self.phase = "stepping"
                self.publish(self.loop.step())
            return None
        except Exception as error:
            return error
        finally:
            self.phase = "idle"

    def _take_inbox(self) -> None:
        """Under `_wake`: hand arrivals and cancellations to the loop, in the order they came."""
        while self._arrivals:
            self.loop.add(self._arrivals.popleft())
        for seq_id in self._cancels:
            self.loop.cancel(seq_id)
        self._cancels.clear()

    def _wait_for_work(self) -> bool:
        with self._wake:
            while True:
                self._take_inbox()
                if self._stopped:
                    return False
                if self.loop.busy:
                    return True
                if self._closed:
                    return False
                self.phase = "idle"
                self._wake.wait()

    def _fill_batch(self) -> None:
        """Static batching: before starting a batch, wait up to `batch_wait` for a full one."""
        loop, wait = self.loop, self.loop.policy.batch_wait
        if wait <= 0 or loop.running:
            return
        deadline = time.monotonic() + wait
        with self._wake:
            self.phase = "filling"
            while len(loop.waiting) < loop.max_batch and not (self._closed or self._stopped):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._wake.wait(remaining)
                self._take_inbox()
