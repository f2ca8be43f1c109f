"""A ticket is one request's handle between its handler and the scheduler: the sequence, the
timestamps the usage report needs, and the events the handler waits on."""

from __future__ import annotations

from dataclasses import dataclass, field

import trio

from miniserve.engine import Sequence


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
    first_token: float | None = None
    finished: float | None = None
    error: Exception | None = None
    cancelled: bool = False  # the handler has gone (client disconnect, deadline): drop at once
    done: trio.Event = field(default_factory=trio.Event)
    signal: Signal = field(default_factory=Signal)  # fired per new token and at the end
    last_token: float | None = None
    streaming: bool = False  # a streaming reader: the scheduler drops it if it stops reading
    consumed: int = 0  # tokens the reader has taken
    last_read: float = field(default_factory=trio.current_time)

    def on_admit(self) -> None:
        self.admitted = trio.current_time()

    def on_token(self) -> float | None:
        """Record a new token; returns the time since the previous one (None for the first)."""
        now = trio.current_time()
        gap = None if self.last_token is None else now - self.last_token
        if self.first_token is None:
            self.first_token = now
        self.last_token = now
        self.signal.fire()
        return gap

    def take(self) -> list[int]:
        """The tokens generated since the last take (the reader's side)."""
        new = self.seq.generated[self.consumed:]
        self.consumed += len(new)
        self.last_read = trio.current_time()
        return new

    def stalled(self, now: float, timeout: float) -> bool:
        """A streaming reader that has left tokens unread for longer than `timeout`."""
        return self.streaming and self.consumed < len(self.seq.generated) and now - self.last_read > timeout

    def finish(self, error: Exception | None = None) -> None:
        if not self.done.is_set():
            self.error, self.finished = error, trio.current_time()
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
