"""The access log: one JSON line per request, with the request id it was given or that we made.
A plain answer's line is written as it leaves; a stream's when the stream ends, with the tokens it
really produced, its time to first token and its whole duration."""

from __future__ import annotations

import itertools
import json
import logging
import os
import re
from dataclasses import dataclass, field

import trio
from quart import Blueprint, g, request

from miniserve.http.state import service
from miniserve.scheduler.ticket import Ticket

access = Blueprint("access", __name__)
log = logging.getLogger("miniserve.http.access")
REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
QUIET_PATHS = ("/health", "/healthz", "/readyz", "/metrics")  # probes and scrapes would drown the log
# Ids: 64 random bits drawn once per process, then a counter (uuid4 per request costs a urandom call)
_ID_PREFIX, _ID_COUNTER = os.urandom(8).hex(), itertools.count()


def new_id() -> str:
    """32 hex digits as uuid4().hex, unique within the process and, with its random half, across processes."""
    return f"{_ID_PREFIX}{next(_ID_COUNTER):016x}"


@dataclass(eq=False)
class AccessRecord:
    request_id: str
    method: str
    path: str
    scheduler: str
    client: str = ""  # the socket's peer, or the address a trusted proxy forwarded
    started: float = field(default_factory=trio.current_time)
    status: int | None = None
    tickets: list[Ticket] = field(default_factory=list)
    streaming: bool = False  # the line waits for the stream's end
    outcome: str = "answered"  # a stream: "done", or "disconnected" if it never reached [DONE]
    error: str | None = None
    written: bool = False
    client_left: bool = False  # its connection's http.disconnect came before the answer was done
    logged: bool = True  # False: probes and scrapes, or every request with --no-access-log

    def fields(self) -> dict:
        t = self.tickets
        ttfts = [x.ttft_seconds for x in t if x.ttft_seconds is not None]
        return {
            "request_id": self.request_id, "client": self.client, "method": self.method, "path": self.path,
            "scheduler": self.scheduler, "status": self.status, "streamed": self.streaming,
            "outcome": self.outcome,
            "error": self.error, "sequences": len(t) or None,
            "queue_s": round(max(x.queue_seconds for x in t), 4) if t else None,
            "ttft_s": round(min(ttfts), 4) if ttfts else None,
            "prompt_tokens": sum(len(x.seq.prompt) for x in t) if t else None,
            "tokens": sum(len(x.tokens) for x in t) if t else None,
            "total_s": round(trio.current_time() - self.started, 4),
        }

    def write(self) -> None:
        if not self.written and self.logged:
            self.written = True
            if self.streaming and self.outcome == "answered":
                self.outcome = "disconnected"
            log.info(json.dumps(self.fields()))


def opened(s, given_id: str, method: str, path: str, client: str) -> AccessRecord:
    """A request's record as it arrives (Quart's hook and the direct routes alike)."""
    settings = s.settings
    return AccessRecord(given_id if REQUEST_ID.match(given_id) else new_id(), method, path, settings.scheduler,
                        client, logged=settings.access_log and path not in QUIET_PATHS)


def answered(s, record: AccessRecord, status: int, rule: str, write: bool = True) -> None:
    """The answer's status is known: count it; write the line unless a stream is still to run
    (or `write` is False: the caller writes it once the answer has left)."""
    record.status = status
    s.metrics.requests.labels(rule, str(status)).inc()
    if write and not (record.streaming and status == 200):
        record.write()


@access.before_app_request
async def begin():
    g.access = opened(service(), request.headers.get("X-Request-ID", ""), request.method, request.path,
                      request.remote_addr or "")


@access.after_app_request
async def end(response):
    record: AccessRecord | None = g.get("access")
    if record is None:  # refused before the app's own hooks ran
        return response
    response.headers["X-Request-ID"] = record.request_id
    answered(service(), record, response.status_code, request.url_rule.rule if request.url_rule else "unmatched")
    return response
