"""The scheduler: one trio task that owns the batch and steps the engine.

Handlers call `submit(ticket)`; the ticket travels over a bounded channel; `run` admits tickets into
KV slots, runs one engine step in a worker thread, hands out tokens, and frees what finished or
was cancelled. The four strategies differ only in *when* they admit:

- continuous: before every step, into any free slot (iteration-level batching);
- static:     only when the batch is empty: wait up to `batch_wait` for up to `max_batch`, then run
              that batch until its longest sequence finishes;
- async:      static with a batch of one and no wait: one request at a time, off the event loop;
- sync:       no task at all: the handler generates inline and blocks the event loop (the baseline).
"""

from __future__ import annotations

import logging
import math
from collections import deque
from dataclasses import dataclass

import trio

from miniserve.config import Settings
from miniserve.engine import Engine, StepPlan
from miniserve.health import Health
from miniserve.metrics import Metrics
from miniserve.ticket import Ticket

log = logging.getLogger("miniserve.scheduler")


class Overloaded(Exception):
    def __init__(self, retry_after: int):
        super().__init__(f"the waiting queue is full; retry in {retry_after} s")
        self.retry_after = retry_after


class Unavailable(Exception):
    """The scheduler is not running (dead, or shutting down)."""


class StepFailed(Exception):
    """The engine step that carried this request raised."""


@dataclass(frozen=True)
class StepRecord:
    index: int
    items: tuple[tuple[int, int, int], ...]  # (sequence id, tokens computed now, tokens computed before)
    waiting: int
    seconds: float


class Scheduler:
    def __init__(self, engine: Engine, settings: Settings, health: Health, metrics: Metrics | None = None):
        self.engine, self.settings, self.health, self.metrics = engine, settings, health, metrics
        self.max_batch = 1 if settings.scheduler == "async" else min(settings.max_batch, engine.cache.n_slots)
        self.batch_wait = 0.0 if settings.scheduler == "async" else settings.batch_wait
        self._send, self._inbox = trio.open_memory_channel[Ticket](settings.max_queue)
        self.waiting: deque[Ticket] = deque()
        self.running: list[Ticket] = []
        self.records: deque[StepRecord] = deque(maxlen=10_000)
        self.steps = 0
        self.fail_next_steps = 0  # test hook: that many steps raise inside the worker thread
        self.mean_request_seconds = 1.0

    @property
    def n_waiting(self) -> int:
        return len(self.waiting) + self._inbox.statistics().current_buffer_used

    @property
    def n_running(self) -> int:
        return len(self.running)

    # -- the handler's side -------------------------------------------------------------------
    def enqueue(self, ticket: Ticket) -> None:
        """Hand a ticket over, or raise Overloaded / Unavailable at once. (sync: generate it now.)"""
        if not self.health.scheduler_alive or self.health.draining:
            raise Unavailable("the server is shutting down" if self.health.draining else "the scheduler is not running")
        if self.n_waiting >= self.settings.max_queue:
            raise Overloaded(self.retry_after())
        if self.settings.scheduler == "sync":
            return self._generate_inline(ticket)
        self._send.send_nowait(ticket)  # cannot block: the buffer is max_queue and n_waiting < max_queue

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

    def _reject(self, reason: str) -> None:
        if self.metrics:
            self.metrics.rejected.labels(reason).inc()

    def retry_after(self) -> int:
        """Seconds until the queue has room, from the recent mean request time."""
        return max(1, math.ceil(self.mean_request_seconds * self.n_waiting / max(1, self.max_batch)))

    def close(self) -> None:
        """No more tickets: `run` finishes the running ones and returns."""
        self._send.close()

    # -- the scheduler task ---------------------------------------------------------------------
    async def run(self, task_status=trio.TASK_STATUS_IGNORED) -> None:
        self.health.scheduler_alive = True
        task_status.started()
        try:
            while await self._fill():
                self._drop_cancelled()
                if self.running:
                    await self._step()
        except Exception as error:  # a bug, not a failed step: say so on /readyz, fail everyone
            log.exception("the scheduler died")
            self.health.step_failed(error)
        finally:
            self.health.scheduler_alive = False  # submit() refuses from now on
            for ticket in [*self.running, *self.waiting, *self._drain_inbox()]:
                self._finish(ticket, Unavailable("the scheduler stopped"))
            self._inbox.close()

    async def _fill(self) -> bool:
        """Admit according to the strategy; False when the inbox is closed and nothing is left."""
        self.waiting.extend(self._drain_inbox())
        continuous = self.settings.scheduler == "continuous"
        if not self.running and not self.waiting:
            try:
                self.waiting.append(await self._inbox.receive())
            except trio.EndOfChannel:
                return False
            if not continuous:  # static: give the batch a moment to fill
                with trio.move_on_after(self.batch_wait):
                    while len(self.waiting) < self.max_batch:
                        try:
                            self.waiting.append(await self._inbox.receive())
                        except trio.EndOfChannel:
                            break
        if continuous or not self.running:
            while self.waiting and len(self.running) < self.max_batch and self.engine.can_admit(self.waiting[0].seq):
                ticket = self.waiting.popleft()
                if not ticket.cancelled:
                    self.engine.admit(ticket.seq)
                    ticket.on_admit()
                    self.running.append(ticket)
                    if self.metrics:
                        self.metrics.queue_time.observe(ticket.queue_seconds)
                        self.metrics.prompt_tokens.inc(len(ticket.seq.prompt))
        return True

    def _plan(self) -> StepPlan:
        return StepPlan.within([t.seq for t in self.running], self.settings.step_token_budget,
                               drafter=self.engine.drafter, n_positions=self.engine.config.n_positions)

    async def _step(self) -> None:
        plan = self._plan()
        before = {seq.id: seq.computed for seq, _ in plan.items}
        started = trio.current_time()
        try:
            outcome = await trio.to_thread.run_sync(self._run_engine, plan)
        except Exception as error:
            self.health.step_failed(error)
            if self.metrics:
                self.metrics.step_failures.inc()
            failed = {seq.id for seq, _ in plan.items}
            for ticket in [t for t in self.running if t.seq.id in failed]:
                self._finish(ticket, StepFailed(f"engine step failed: {type(error).__name__}: {error}"))
            return
        self.health.step_succeeded()
        self.steps += 1
        self.records.append(StepRecord(self.steps, tuple((s.id, n, before[s.id]) for s, n in plan.items),
                                       self.n_waiting, trio.current_time() - started))
        by_seq = {t.seq.id: t for t in self.running}
        for output in outcome:
            ticket = by_seq[output.seq_id]
            seq = ticket.seq
            gap = ticket.on_token()
            if self.metrics:
                if gap is None:
                    self.metrics.time_to_first_token.observe(ticket.ttft_seconds)
                else:
                    self.metrics.inter_token_latency.observe(gap)
            if seq.done:
                self._finish(ticket)
        if self.metrics:
            m = self.metrics
            m.step_duration.observe(self.records[-1].seconds)
            m.batch_size.observe(len(plan.items))
            m.step_tokens.observe(plan.n_tokens)
            m.generation_tokens.inc(sum(len(out.tokens) for out in outcome))

    def _run_engine(self, plan: StepPlan):
        if self.fail_next_steps > 0:
            self.fail_next_steps -= 1
            raise RuntimeError("injected step failure")
        return self.engine.step(plan)

    def _drop_cancelled(self) -> None:
        """Cancelled tickets, and streams whose reader stopped reading, leave before the next step."""
        now = trio.current_time()
        for ticket in self.running:
            if ticket.stalled(now, self.settings.stream_stall_timeout):
                ticket.cancelled = True
                self._reject("stream_stalled")
        for ticket in [t for t in self.running if t.cancelled]:
            self._finish(ticket)
        self.waiting = deque(t for t in self.waiting if not t.cancelled)

    def _finish(self, ticket: Ticket, error: Exception | None = None) -> None:
        """Free the ticket's slot (if it has one) and wake its handler."""
        if ticket in self.running:
            self.running.remove(ticket)
        self.engine.release(ticket.seq)
        ticket.finish(error)
        if not error and not ticket.cancelled and ticket.finished is not None:
            self.mean_request_seconds = 0.9 * self.mean_request_seconds + 0.1 * ticket.total_seconds
            if self.metrics:
                self.metrics.request_duration.observe(ticket.total_seconds)

    def _drain_inbox(self) -> list[Ticket]:
        tickets = []
        while True:
            try:
                tickets.append(self._inbox.receive_nowait())
            except (trio.WouldBlock, trio.EndOfChannel, trio.ClosedResourceError):
                return tickets

    # -- the sync baseline ------------------------------------------------------------------------
    def _generate_inline(self, ticket: Ticket) -> None:
        """Blocks the event loop for the whole generation, on purpose: the naive baseline."""
        if not self.engine.can_admit(ticket.seq):
            raise Overloaded(self.retry_after())
        self.engine.admit(ticket.seq)
        ticket.on_admit()
        try:
            while not ticket.seq.done:
                outcome = self._run_engine(StepPlan([(ticket.seq, min(ticket.seq.uncomputed, self.settings.step_token_budget))]))
                self.steps += 1
                if outcome:
                    gap = ticket.on_token()
                    if self.metrics:
                        self.metrics.generation_tokens.inc()
                        if gap is None:
                            self.metrics.time_to_first_token.observe(ticket.ttft_seconds)
                        else:
                            self.metrics.inter_token_latency.observe(gap)
            self.health.step_succeeded()
        except Exception as error:
            self.health.step_failed(error)
            raise StepFailed(f"engine step failed: {type(error).__name__}: {error}") from error
        finally:
            self.engine.release(ticket.seq)
            ticket.finish()
