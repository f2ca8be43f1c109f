"""Intake: one builder from a validated request to its tickets, for both APIs: every sequence of a request
(n choices x prompts, or a paragraph's sentences) is admitted together or not at all."""

from __future__ import annotations

from collections.abc import Sequence as Seq

from miniserve.engine import SamplingParams, Sequence
from miniserve.http.errors import ApiError
from miniserve.scheduler import Overloaded, Unavailable
from miniserve.http.state import Service
from miniserve.scheduler.ticket import Signal, Ticket


def admit(s: Service, work: Seq[tuple[list[int], SamplingParams]], request_id: str, streaming: bool,
          client: str | None = None, follow_up: bool = False) -> list[Ticket]:
    """Tickets (sharing one Signal) for `work`, all enqueued; or ApiError 400 if the request can never
    be taken, Overloaded / Unavailable if it cannot now, RateLimited if `client` cannot pay for its
    sequences (nothing is left enqueued then). Whether it can be taken is the scheduler's one rule
    (`Scheduler.has_room`), asked before the bucket is charged so that a refused request costs nothing.
    `follow_up`: more work of an admitted request (the tutor's gate), which neither that rule nor a
    drain refuses and no client pays for again: an admitted request is never refused halfway."""
    refuse_unless_room(s, len(work), follow_up)
    if client is not None:  # the edge charged the request one sequence already
        s.rate.take(client, len(work) - 1, whole=len(work))
    signal = Signal()
    tickets = [Ticket(Sequence(list(ids), params), request_id, signal=signal, streaming=streaming) for ids, params in work]
    try:
        s.scheduler.enqueue(*tickets, follow_up=follow_up)
    except BaseException:
        for ticket in tickets:
            ticket.cancelled = True
        raise
    return tickets


def refuse_unless_room(s: Service, n: int, follow_up: bool = False) -> None:
    """Raise what `admit` would for a request of `n` sequences that cannot be taken (never or now):
    asked by `admit`, and by a flow before it does costly work for a request that will be refused."""
    reason = s.health.unavailable_reason()
    if follow_up and s.health.draining and s.health.scheduler_alive:
        reason = None
    if reason is not None or s.scheduler is None:
        raise Unavailable(f"not ready: {reason or 'starting'}")
    limit = s.settings.max_queue
    if n > limit and not follow_up:
        raise ApiError(400, "too_many_sequences", f"this request needs {n} sequences; the server's queue "
                                                  f"holds at most {limit}: send fewer at a time")
    if not follow_up and not s.scheduler.has_room(n):
        raise Overloaded(s.scheduler.retry_after())


def seed_for(seed: int | None, k: int) -> int | None:
    """The k-th sequence's seed: any 64-bit integer (negative too) maps to numpy's unsigned range."""
    return None if seed is None else (seed + k) % 2**64
