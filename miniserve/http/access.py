"""The access log: one JSON line per request, with the request id it was given or that we made.
A plain answer's line is written as it leaves; a stream's when the stream ends, with the tokens it
really produced, its time to first token and its whole duration."""

from __future__ import annotations

import json
import logging
import re
import uuid
from dataclasses import dataclass, field

import trio
from quart import Blueprint, g, request

from miniserve.http.state import service
from miniserve.scheduler.ticket import Ticket

access = Blueprint("access", __name__)
log = logging.getLogger("miniserve.http.access")
REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
QUIET_PATHS = ("/health", "/healthz", "/readyz", "/metrics")  # probes and scrapes would drown the log


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


@access.before_app_request
async def begin():
    given = request.headers.get("X-Request-ID", "")
    settings = service().settings
    g.access = AccessRecord(given if REQUEST_ID.match(given) else uuid.uuid4().hex, request.method, request.path,
                            settings.scheduler, request.remote_addr or "",
                            logged=settings.access_log and request.path not in QUIET_PATHS)


@access.after_app_request
async def end(response):
    record: AccessRecord | None = g.get("access")
    if record is None:  # refused before the app's own hooks ran
        return response
    response.headers["X-Request-ID"] = record.request_id
    record.status = response.status_code
    rule = request.url_rule.rule if request.url_rule else "unmatched"
    service().metrics.requests.labels(rule, str(response.status_code)).inc()
    if not (record.streaming and response.status_code == 200):
        record.write()
    return response
