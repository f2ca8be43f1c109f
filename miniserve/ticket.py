"""A ticket is one request's handle between its handler and the scheduler: the sequence, the
timestamps the usage report needs, and the events the handler waits on."""

from __future__ import annotations

from dataclasses import dataclass, field

import trio

from miniserve.engine import Sequence


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
    progress: trio.Event = field(default_factory=trio.Event)  # set (and replaced) per new token

    def on_admit(self) -> None:
        self.admitted = trio.current_time()

    def on_token(self) -> None:
        if self.first_token is None:
            self.first_token = trio.current_time()
        self.progress.set()
        self.progress = trio.Event()

    def finish(self, error: Exception | None = None) -> None:
        if not self.done.is_set():
            self.error, self.finished = error, trio.current_time()
            self.progress.set()
            self.done.set()

    @property
    def queue_seconds(self) -> float:
        return (self.admitted or self.finished or trio.current_time()) - self.arrived

    @property
    def ttft_seconds(self) -> float | None:
        return None if self.first_token is None else self.first_token - self.arrived

    @property
    def total_seconds(self) -> float:
        return (self.finished or trio.current_time()) - self.arrived
