"""The scheduler, on the event loop: tickets in, results out. The compute thread (worker.py) runs
the core loop; this side hands it arrivals and cancellations and applies what it publishes.

Ownership: the event loop owns every ticket, `tickets`, the counters, health and metrics. The
compute thread owns sequences and KV slots. Results cross in batches: the worker appends to
`_outbox` (under `_outbox_lock`) and schedules at most one `_flush` on the event loop with
`run_sync_soon`, which never blocks it; one flush applies every result published since the last.

Strategies differ only in their admission policy (miniserve/engine/policy.py). The sync baseline
steps the same core loop inline in the handler, blocking the event loop on purpose."""

from __future__ import annotations

import logging
import math
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import trio

from miniserve.config import Settings
from miniserve.engine import Engine
from miniserve.engine.core.build import build_loop
from miniserve.engine.loop import StepResult
from miniserve.engine.policy import policy_for
from miniserve.scheduler.health import Health
from miniserve.metrics import Metrics
from miniserve.scheduler.errors import Overloaded, StepFailed, Unavailable
from miniserve.engine.core.worker import Worker
from miniserve.scheduler.ticket import Ticket

log = logging.getLogger("miniserve.scheduler")


@dataclass(frozen=True)
class StepRecord:
    index: int
    items: tuple[tuple[int, int, int], ...]  # (sequence id, tokens computed now, tokens computed before)
    waiting: int
    seconds: float


class Scheduler:
    def __init__(self, engine: Engine, settings: Settings, health: Health, metrics: Metrics | None = None,
                 worker: Callable[[Callable[[StepResult, bool], None]], Worker] | None = None, share: int = 1):
        """`worker(publish)` makes the compute side: by default a Worker on this process's own core
        loop; the engine core process mode passes a RemoteWorker (miniserve/engine/core/).
        `share`: API processes in front of one engine core (`--api-processes`); each admits a
        `share`-th of the capacity, and the core counts its own steps in the metrics."""
        self.engine, self.settings, self.health, self.metrics = engine, settings, health, metrics
        self.share = share
        self.after_flush: Callable[[], None] | None = None  # called once the results so far are applied
        self.policy = policy_for(settings.scheduler, settings.max_batch, settings.batch_wait)
        self.max_batch = min(settings.max_batch, engine.cache.n_slots)
        # the core loop is here unless the compute side is elsewhere (the engine core process)
        self.loop = build_loop(engine, settings) if worker is None else None
        self.worker = worker(self._publish) if worker else Worker(self.loop, self._publish)
        self.tickets: dict[int, Ticket] = {}  # enqueued and not finished, by sequence id
        self._several: set[int] = set()  # the ids among them of requests of several sequences
        self._follow_ups: set[int] = set()  # and of follow-up work (the gate's scoring): not counted for room
        # the last steps, for tests and debugging; plain tuples of numbers, which the garbage collector stops
        # tracking, so that 10,000 of them add nothing to the full collections that stop every thread
        self._kept_steps: deque[tuple] = deque(maxlen=10_000)
        self.steps = 0
        self.mean_request_seconds = 1.0
        self._n_running = 0
        self._closed = trio.Event()
        self._outbox: list[StepResult] = []
        self._outbox_lock = threading.Lock()
        self._flush_scheduled = False
        self._trio_token: trio.lowlevel.TrioToken | None = None
        self._flush_error: Exception | None = None  # applying results failed: the worker was stopped for it
        self._last_stall_check = 0.0
        self.last_progress: float | None = None  # when a result was last applied, or work came to an idle engine
        self._area, self._area_at = 0.0, None  # integral of len(tickets) dt, up to _area_at

    @property
    def in_system_seconds(self) -> float:
        """Sequence-seconds spent in the system (waiting or running) since start: the exact integral
        of the in-system count, so that L over any window is its difference / the window (Little's
        law needs no sampling)."""
        now = trio.current_time()
        return self._area + (len(self.tickets) * (now - self._area_at) if self._area_at is not None else 0.0)

    @property
    def in_flight_seconds(self) -> float:
        """Sequence-seconds so far of the sequences in the system now (the integral's part that no
        finished sequence has reported yet)."""
        now = trio.current_time()
        return sum(now - t.arrived for t in self.tickets.values())

    def _count_change(self, now: float | None = None) -> float:
        """Call just before the number of tickets changes; returns the time it counted up to."""
        now = trio.current_time() if now is None else now
        if self._area_at is not None:
            self._area += len(self.tickets) * (now - self._area_at)
        self._area_at = now
        return now

    @property
    def n_waiting(self) -> int:
        return len(self.tickets) - self._n_running

    @property
    def n_running(self) -> int:
        return self._n_running

    # -- the handler's side -------------------------------------------------------------------
    @property
    def capacity(self) -> int:
        """Sequences the engine holds at most, running or waiting: its batch's slots plus `max_queue`
        (with `share` API processes, each holds its share of that, rounded up)."""
        return -(-(min(self.engine.cache.n_slots, self.policy.room(0)) + self.settings.max_queue) // self.share)

    @property
    def max_several(self) -> int:
        """Sequences of requests of several sequences held at most: `max_queue` (or its share)."""
        return -(-self.settings.max_queue // self.share)

    def has_room(self, n: int) -> bool:
        """The one admission rule (docs/service.md, "Admission and fairness"): a request of `n`
        sequences is taken whole while the engine, with it, holds at most `capacity`; requests of
        several sequences (paragraphs, n > 1) together hold at most `max_queue` of that, so that a
        batch's worth of room always stays for one-sentence requests. What counts is what is in the
        engine, never a handler still writing an answer. With several API processes, a request
        larger than this process's share (up to `max_queue`, which the 400 bounds) is taken when the
        process holds nothing else: otherwise it could never be taken, and its 503 would lie."""
        held = len(self.tickets) - len(self._follow_ups)
        if n > self.max_several and self.share > 1:
            return held == 0 and n <= self.settings.max_queue
        if n > 1 and len(self._several) + n > self.max_several:
            return False
        return held + n <= self.capacity

    def enqueue(self, *tickets: Ticket, follow_up: bool = False) -> None:
        """Hand over one request's tickets, all or none, or raise Overloaded / Unavailable at once.
        (sync: generate them now.) `follow_up`: more work of a request already admitted (the tutor's
        gate scoring its corrections), which neither `has_room` nor a drain refuses, so that an
        admitted request is never dropped halfway; once in, its tickets count like any others."""
        if not self.health.scheduler_alive or (self.health.draining and not follow_up):
            raise Unavailable("the server is shutting down" if self.health.draining else "the scheduler is not running")
        if not follow_up and not self.has_room(len(tickets)):
            raise Overloaded(self.retry_after())
        if not self.tickets:
            self.last_progress = trio.current_time()
        self._count_change()
        for ticket in tickets:
            # in the system since it arrived: a paragraph's later sentences wait (sync: behind the first)
            self._area += self._area_at - ticket.arrived
            self.tickets[ticket.seq.id] = ticket
            ticket.follow_up = follow_up
            if follow_up:
                self._follow_ups.add(ticket.seq.id)
            elif len(tickets) > 1:
                self._several.add(ticket.seq.id)
        if self.policy.inline:
            return self._generate_inline(tickets)
        for ticket in tickets:
            ticket.on_cancel = self._cancel
        self.worker.put([t.seq for t in tickets], any(t.streaming for t in tickets))

    async def submit(self, ticket: Ticket) -> None:
        """Enqueue and wait until done; raises Overloaded, Unavailable, or the ticket's error.
        If the caller is cancelled (disconnect, deadline), the sequence leaves before the next step."""
        self.enqueue(ticket)
        try:
            await ticket.done.wait()
        except BaseException:
            ticket.cancelled = True
            raise
        if ticket.error:
            raise ticket.error

    def _cancel(self, ticket: Ticket) -> None:
        if not ticket.done.is_set():
            self.worker.cancel(ticket.seq.id)

    def stalled_seconds(self) -> float:
        """How long the engine has held work without a result reaching the event loop (0 when idle). While steps
        run, a result arrives at least every `quiet_seconds` (20 ms): seconds of silence mean a compute thread
        or an engine core that is stuck (/readyz says so). Beside other API processes, only while this one has a
        sequence running: waiting ones may wait behind theirs, and the core sends it nothing meanwhile."""
        if not self.tickets or self.last_progress is None or self.policy.inline or self.share > 1 and not self._n_running:
            return 0.0
        return trio.current_time() - self.last_progress

    def retry_after(self) -> int:
        """Seconds until the queue has room, from the recent mean request time."""
        return max(1, math.ceil(self.mean_request_seconds * self.n_waiting / max(1, self.max_batch)))

    def close(self) -> None:
        """No more tickets: `run` finishes the running and waiting ones and returns."""
        self.worker.close()
        self._closed.set()

    # -- the scheduler task ---------------------------------------------------------------------
    async def run(self, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """The lifespan task. The compute thread runs inside `to_thread.run_sync` with
        abandon_on_cancel=False: the thread is joined before `run` returns, whatever happens, and
        its error comes back here. A cancellation (shutdown) becomes `worker.stop()`."""
        self._trio_token = trio.lowlevel.current_trio_token()
        # After each nogil kernel the compute thread needs the GIL back; the busy event loop would
        # keep it for up to the switch interval (5 ms by default, longer than a step). 0.5 ms
        # bounds that wait (docs/perf.md, where the time goes). Process-wide: restored on the way out.
        switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(min(switch_interval, 0.0005))
        self.health.scheduler_alive = True
        task_status.started()
        error = None
        try:
            if self.policy.inline:
                await self._closed.wait()  # sync: handlers step the loop themselves
            else:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._stop_worker_when_cancelled)
                    error = await trio.to_thread.run_sync(self.worker.run, abandon_on_cancel=False)
                    nursery.cancel_scope.cancel()
        finally:
            sys.setswitchinterval(switch_interval)
            self.health.scheduler_alive = False  # enqueue() refuses from now on
            error = error or self._flush_error
            if error is not None:  # a bug, not a failed step: /readyz and /healthz fail, everyone is answered
                log.error("the scheduler died", exc_info=error)
                self.health.scheduler_died(error)
            self._flush()  # what the worker published before it stopped
            for ticket in list(self.tickets.values()):
                self._finish(ticket, Unavailable("the scheduler stopped"))

    async def _stop_worker_when_cancelled(self) -> None:
        try:
            await trio.sleep_forever()
        finally:
            self.worker.stop()

    # -- results: published on the compute thread, applied on the event loop -------------------
    def _publish(self, result: StepResult, urgent: bool) -> None:
        """Compute thread. Coalesces: at most one `_flush` is pending on the event loop, and only
        an urgent result schedules one (the others ride along with the next)."""
        with self._outbox_lock:
            self._outbox.append(result)
            if self._flush_scheduled or not urgent:
                return
            self._flush_scheduled = True
        self._trio_token.run_sync_soon(self._flush)

    def _flush(self) -> None:
        """Event loop. Must not raise (trio would crash): a bug here stops the worker instead."""
        with self._outbox_lock:
            results, self._outbox, self._flush_scheduled = self._outbox, [], False
        try:
            self._apply_all(results)
            self.last_progress = trio.current_time()
            self._drop_stalled()
            if self.after_flush is not None:
                self.after_flush()
        except Exception as error:
            log.exception("applying step results failed")
            self._flush_error = error
            self.health.step_failed(error)
            self.worker.stop()

    def _apply_all(self, results: list[StepResult]) -> None:
        """Apply results in order, then wake each reader once: a reader cannot run between two
        results of one flush, so one wake-up per ticket carries all its new tokens."""
        touched: dict[Ticket, None] = {}
        for result in results:
            self._apply(result, touched)
        for ticket in touched:
            ticket.signal.fire()

    def _apply(self, result: StepResult, touched: dict[Ticket, None]) -> None:
        # when it happened on the compute thread, on trio's clock (perf_counter plus an offset)
        now, m = result.at + trio.current_time() - time.perf_counter(), self.metrics
        for seq_id in result.left:
            self._finish(self.tickets[seq_id])
        for seq_id in result.admitted:
            ticket = self.tickets[seq_id]
            ticket.on_admit(now)
            self._n_running += 1
            if m:
                m.queue_time.observe(ticket.queue_seconds)
                m.prompt_tokens.inc(len(ticket.seq.prompt))
        for seq_id, error in result.refused:  # a bug, but this request's alone: readiness stays as it is
            log.error("admitting sequence %d failed", seq_id, exc_info=error)
            if m:
                m.admission_failures.inc()
            self._finish(self.tickets[seq_id], StepFailed(f"admitting the sequence failed: {type(error).__name__}: {error}"))
        steps = m if self.share == 1 else None  # several API processes: the core counts its steps
        if result.error is not None:
            self.health.step_failed(result.error)
            if steps:
                steps.step_failures.inc()
            failure = StepFailed(f"engine step failed: {type(result.error).__name__}: {result.error}")
            for seq_id, _, _ in result.items:
                self._finish(self.tickets[seq_id], failure)
            return
        if not result.items:
            return
        self.health.step_succeeded()
        self.steps += 1
        self._kept_steps.append((self.steps, tuple(result.items), result.waiting, result.seconds))
        if m:  # a sequence's first item starts where its prompt's cached prefix ended
            reused = 0
            for seq_id, _, before in result.items:
                ticket = self.tickets[seq_id]
                reused, ticket.stepped = reused + (0 if ticket.stepped else before), True
            if reused:
                m.prefix_cache_hits.inc(reused)
        n_tokens = drafted = accepted = 0
        for out in result.outputs:
            ticket = self.tickets[out.seq_id]
            gap = ticket.on_output(out, now)
            touched[ticket] = None
            n_tokens, drafted, accepted = n_tokens + len(out.tokens), drafted + out.drafted, accepted + out.accepted
            if m and out.tokens:  # a scoring request's output has scores, no tokens: no token latency
                m.tokens_per_step.observe(len(out.tokens))
                if gap is None:
                    if not ticket.follow_up:  # a tutor's second reading is not its request's first token
                        m.time_to_first_token.observe(ticket.ttft_seconds)
                else:
                    m.inter_token_latency.observe(gap)
            if out.finish_reason is not None:
                self._finish(ticket)
        if steps:
            steps.step_duration.observe(result.seconds)
            steps.batch_size.observe(len(result.items))
            steps.step_tokens.observe(result.n_tokens)
        if m:
            m.generation_tokens.inc(n_tokens)
            if drafted:  # nothing to add without speculation
                m.draft_tokens.inc(drafted)
                m.accepted_tokens.inc(accepted)

    @property
    def records(self) -> list[StepRecord]:
        """The last 10,000 steps applied, oldest first."""
        return [StepRecord(*kept) for kept in self._kept_steps]

    def _drop_stalled(self) -> None:
        """Streams whose reader stopped reading are cancelled (checked at most 10 times a second)."""
        now = trio.current_time()
        if now - self._last_stall_check < 0.1:
            return
        self._last_stall_check = now
        for ticket in [t for t in self.tickets.values() if t.stalled(now, self.settings.write_timeout)]:
            ticket.cancelled = True
            if self.metrics:
                self.metrics.rejected.labels("stream_stalled").inc()

    def _finish(self, ticket: Ticket, error: Exception | None = None) -> None:
        """Forget the ticket and wake its handler (its slot is already free or never taken)."""
        if ticket.seq.id not in self.tickets:
            return
        now = self._count_change()  # the same instant ends the integral and the ticket's own time
        del self.tickets[ticket.seq.id]
        self._several.discard(ticket.seq.id)
        self._follow_ups.discard(ticket.seq.id)
        if ticket.admitted is not None:
            self._n_running -= 1
        ticket.finish(error, now)
        if self.metrics:  # every sequence that was in the system, as the integral counts it
            self.metrics.sequence_duration.observe(ticket.total_seconds)
        if not error and not ticket.cancelled and not ticket.follow_up:  # requests' times, not their parts'
            self.mean_request_seconds = 0.9 * self.mean_request_seconds + 0.1 * ticket.total_seconds
            if self.metrics:
                self.metrics.request_duration.observe(ticket.total_seconds)

    # -- the sync baseline ------------------------------------------------------------------------
    def _generate_inline(self, tickets: tuple[Ticket, ...]) -> None:
        """Steps the core loop right here and blocks the event loop until done, on purpose."""
        try:
            for ticket in tickets:
                self.loop.add(ticket.seq)
                while self.loop.busy:
                    self._apply_all([self.loop.step()])
        except Exception as error:
            self.health.step_failed(error)
            raise
        finally:
            for ticket in tickets:
                if ticket.seq.id in self.tickets:
                    self._finish(ticket, Unavailable("the sync generation stopped"))
