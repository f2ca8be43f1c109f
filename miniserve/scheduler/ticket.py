"""A ticket is one request's handle between its handler and the scheduler: the sequence, the
timestamps the usage report needs, and the events the handler waits on.

Ownership: a ticket belongs to the event loop. Once enqueued, its `seq` belongs to the compute
thread (read only `seq.prompt` and `seq.params`); handlers read the tokens, logprobs and finish
reason the scheduler copies into the ticket from the engine's StepOutputs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import trio

from miniserve.engine import Sequence, StepOutput


class Signal:
    """A re-armable event: `fire` sets the current `event` and arms a new one. A reader takes
    `signal.event` before looking for news, then waits on what it took: no wake-up is lost.
    Tickets of one request share one, so a handler can wait for progress on any of them."""

    def __init__(self):
        self.event = trio.Event()

    def fire(self) -> None:
        self.event.set()
        self.event = trio.Event()


@dataclass(eq=False)
class Ticket:
    seq: Sequence
    request_id: str = ""
    arrived: float = field(default_factory=trio.current_time)
    admitted: float | None = None
    stepped: bool = False  # has a step computed its tokens? (the first one's "computed before" is the reused prefix)
    first_token: float | None = None
    finished: float | None = None
    error: Exception | None = None
    done: trio.Event = field(default_factory=trio.Event)
    signal: Signal = field(default_factory=Signal)  # fired per new token and at the end
    last_token: float | None = None
    streaming: bool = False  # a streaming reader: the scheduler drops it if it stops reading
    follow_up: bool = False  # more work of an admitted request (the tutor's gate): not a request of its own
    consumed: int = 0  # tokens the reader has taken
    last_read: float = field(default_factory=trio.current_time)
    tokens: list[int] = field(default_factory=list)  # generated so far, fed from StepOutputs
    logprobs: list = field(default_factory=list)  # per token, when requested
    finish_reason: str | None = None  # "stop" | "length", once done
    _cancelled: bool = field(default=False, init=False, repr=False)
    on_cancel: Callable[["Ticket"], None] | None = field(default=None, init=False, repr=False)  # set by the scheduler

    @property
    def cancelled(self) -> bool:
        """The handler has gone (client disconnect, deadline): the sequence leaves before the next step."""
        return self._cancelled

    @cancelled.setter
    def cancelled(self, value: bool) -> None:
        if value and not self._cancelled:
            self._cancelled = True
            if self.on_cancel is not None:
                self.on_cancel(self)

    def on_admit(self, now: float) -> None:
        self.admitted = now

    def on_output(self, out: StepOutput, now: float) -> float | None:
        """Record a step's tokens; returns the time since the previous ones (None for the first).
        The caller fires `signal` once it has recorded every output it has for this ticket."""
        self.tokens.extend(out.tokens)
        if out.logprobs is not None:
            self.logprobs.extend(out.logprobs)
        if out.finish_reason is not None:
            self.finish_reason = out.finish_reason
        gap = None if self.last_token is None else now - self.last_token
        if self.first_token is None:
            self.first_token = now
        self.last_token = now
        return gap

    def take(self) -> list[int]:
        """The tokens generated since the last take (the reader's side)."""
        new = self.tokens[self.consumed:]
        self.consumed += len(new)
        self.last_read = trio.current_time()
        return new

    def stalled(self, now: float, timeout: float) -> bool:
        """A streaming reader that has left tokens unread for longer than `timeout`."""
        return self.streaming and self.consumed < len(self.tokens) and now - self.last_read > timeout

    def finish(self, error: Exception | None = None, now: float | None = None) -> None:
        if not self.done.is_set():
            self.error, self.finished = error, trio.current_time() if now is None else now
            self.done.set()
            self.signal.fire()

    @property
    def queue_seconds(self) -> float:
        return (self.admitted or self.finished or trio.current_time()) - self.arrived

    @property
    def ttft_seconds(self) -> float | None:
        return None if self.first_token is None else self.first_token - self.arrived

    @property
    def total_seconds(self) -> float:
        return (self.finished or trio.current_time()) - self.arrived
