"""The compute thread: it keeps stepping the core loop while there is work and never hops back
to the event loop between steps. Other threads reach it only through the inbox below (arrivals,
cancellations, close, stop), which it reads between two steps; results leave through `publish`,
with a flag saying whether someone is waiting for them now (see `_urgent`).

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
    def __init__(self, loop: CoreLoop, publish: Callable[[StepResult, bool], None], quiet_seconds: float = 0.02):
        self.loop, self.publish, self.quiet_seconds = loop, publish, quiet_seconds
        self._wake = threading.Condition()
        self._arrivals: deque[tuple[Sequence, bool, int]] = deque()  # (sequence, streaming, its request)
        self._streaming: set[int] = set()  # compute thread: sequences whose reader wants every token at once
        self._last_urgent = 0.0
        self._cancels: list[int] = []
        self._closed = self._stopped = False
        self.phase = "idle"  # idle | filling | stepping: for /stats and tests, written by the compute thread

    # -- any thread ----------------------------------------------------------------------------
    def put(self, seqs: list[Sequence], streaming: bool = False) -> None:
        """One request's sequences, together: they take turns with other requests' (engine/waiting.py)."""
        with self._wake:
            self._arrivals.extend((seq, streaming, seqs[0].id) for seq in seqs)
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
                result = self.loop.step()
                self.publish(result, self._urgent(result))
            return None
        except Exception as error:
            return error
        finally:
            self.phase = "idle"

    def _take_inbox(self) -> None:
        """Under `_wake`: hand arrivals and cancellations to the loop, in the order they came."""
        while self._arrivals:
            seq, streaming, request = self._arrivals.popleft()
            self.loop.add(seq, request)
            if streaming:
                self._streaming.add(seq.id)
        for seq_id in self._cancels:
            self.loop.cancel(seq_id)
        self._cancels.clear()

    def _urgent(self, result: StepResult) -> bool:
        """Wake the event loop for this result? Yes when a handler waits for it (a finish, a
        failure, a departure, a streaming reader's tokens) or when it has heard nothing for
        `quiet_seconds` (counts, metrics, stall checks). Otherwise the result waits in the outbox
        for the next wake-up: a short non-streaming request costs the event loop one wake-up, not
        one a token. Each wake-up costs this thread a wait for the GIL, which the woken event loop
        takes; timestamps travel in the result, so a late delivery does not skew the metrics."""
        urgent = bool(result.left or result.refused or result.error is not None)
        for out in result.outputs:
            if out.finish_reason is not None:
                urgent = True
                self._streaming.discard(out.seq_id)
            elif out.seq_id in self._streaming:
                urgent = True
        for seq_id in (*result.left, *(seq_id for seq_id, _ in result.refused)):
            self._streaming.discard(seq_id)
        if result.error is not None:
            self._streaming.difference_update(seq_id for seq_id, _, _ in result.items)
        if urgent or result.at - self._last_urgent > self.quiet_seconds:
            self._last_urgent = result.at
            return True
        return False

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
