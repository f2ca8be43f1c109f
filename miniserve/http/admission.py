"""Cheap refusal under overload, before Quart sees the request (no request object, no JSON
parsing, no validation, no tokenizing: only the raw body bytes were read). It answers 503 with
Retry-After at once when nothing can be served (loading, draining, scheduler dead), when the
scheduler would not take even a one-sentence request now (`Scheduler.has_room(1)`, the one rule
that intake applies again to the whole request), or when as many generation requests are still
unanswered here as the engine can hold: without that bound, under overload many requests pass the
check together, go through Quart's whole parse, and only then get their 503, the expensive way.

A request stops counting here when its answer starts: a stream whose client does not read holds
a handler blocked in a write, not a place in the engine (its sequences are counted by the
scheduler until they finish or its write deadline drops them). It reads a few counters, so it
costs the engine nothing.

Two things keep the refusals cheap under overload (docs/service.md, "Overload"). A request the shedder
lets through to Hypercorn counts as pending from that moment until it reaches this layer: it takes a
place before Hypercorn has parsed it, so that the connections arriving meanwhile are refused below
Hypercorn, not let through together by the one free place and refused here, the expensive way. And
while the server is full, a generation answer closes its connection (as Envoy's overload action that
disables keep-alive): the client's next request comes back through the shedder, not through Hypercorn."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from miniserve.http.errors import error_body

GENERATION_PATHS = ("/correct", "/v1/completions", "/v1/chat/completions")
PENDING_SECONDS = 1.0  # a request let through that never arrives (its client left, a 400 before) stops counting


class Admission:
    def __init__(self, app, service, paths: tuple[str, ...] = GENERATION_PATHS, on_reject=lambda reason: None,
                 on_shed=lambda: None, on_idle_closed=lambda reason: None, clock=time.monotonic):
        self.app, self.service, self.paths, self.on_reject, self.on_shed = app, service, paths, on_reject, on_shed
        self.clock = clock
        self.on_idle_closed = on_idle_closed  # a connection closed before its first byte (shedder.py)
        self.unanswered = 0  # generation requests admitted here whose answer has not started (event loop only)
        # peers whose whole generation request the shedder let through, not yet arrived here, oldest
        # first; the shedder's thread adds to it while the event loop takes from it
        self.pending: OrderedDict[tuple[str, int], float] = OrderedDict()
        self.pending_lock = threading.Lock()

    def let_through(self, peer: tuple[str, int]) -> None:
        """(any thread) The shedder hands a connection with a whole generation request to Hypercorn."""
        with self.pending_lock:
            self.pending[peer] = self.clock()

    def pending_count(self) -> int:
        stale = self.clock() - PENDING_SECONDS
        with self.pending_lock:
            while self.pending and next(iter(self.pending.values())) < stale:
                self.pending.popitem(last=False)
            return len(self.pending)

    def refusal(self) -> tuple[str, str, int] | None:
        """(type, message, retry-after seconds) when the request must be refused now, else None."""
        scheduler, health = self.service.scheduler, self.service.health
        reason = health.unavailable_reason()
        if reason is not None or scheduler is None:
            return "unavailable", f"the server cannot serve now: {reason or 'starting'}", 1
        if not scheduler.has_room(1) or self.unanswered + self.pending_count() >= scheduler.capacity:
            retry = scheduler.retry_after()
            return "overloaded", f"the waiting queue is full; retry in {retry} s", retry
        return None

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] in self.paths:
            if self.pending:
                with self.pending_lock:
                    self.pending.pop(scope.get("miniserve.peer") or scope.get("client"), None)
            refusal = self.refusal()
            if refusal is not None:
                type_, message, retry = refusal
                self.on_reject(type_)
                return await refuse(send, scope["path"], type_, message, retry)
            return await self._counted(scope, receive, send)
        await self.app(scope, receive, send)

    async def _counted(self, scope, receive, send) -> None:
        answering = False

        async def send_counted(message):
            nonlocal answering
            if not answering and message["type"] == "http.response.start":
                answering = True
                # asked with this request still counted: at the limit, its place goes to one already let
                # through or waiting, so the client's next request would be refused; it comes back through
                # the shedder, which refuses it for a fraction of Hypercorn's cost
                if self.refusal() is not None:
                    closing = (b"connection", b"close")
                    message = {**message, "headers": [*message.get("headers", ()), closing]}
                self.unanswered -= 1  # before the write, which may block on a client that does not read
            await send(message)
        self.unanswered += 1
        self.service.handling += 1
        try:
            await self.app(scope, receive, send_counted)
        finally:
            self.service.handling -= 1
            if not answering:
                self.unanswered -= 1


async def refuse(send, path: str, type_: str, message: str, retry: int) -> None:
    """503 in the API's own error shape (OpenAI's under /v1). The connection closes: its client's next
    request arrives on a new one, which the shedder (shedder.py) can refuse far more cheaply."""
    body = error_body(path, 503, type_, message)
    await send({"type": "http.response.start", "status": 503, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(retry).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
