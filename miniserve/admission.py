"""Cheap refusal under overload, before Quart sees the request (no request object, no JSON
parsing, no validation, no tokenizing: only the raw body bytes were read). It answers 503 with
Retry-After at once when nothing can be served (loading, draining, scheduler dead), when the
scheduler's waiting queue is full (`n_waiting >= max_queue`), or when as many generation requests
are already inside the app as the scheduler can hold (running + waiting): without that bound,
under overload many requests pass the queue check together, go through Quart's whole parse, and
only then get their 503 from `Scheduler.enqueue`, the expensive way. It reads a few counters, so
it costs the engine nothing."""

from __future__ import annotations

from miniserve.errors import error_body

GENERATION_PATHS = ("/correct", "/v1/completions", "/v1/chat/completions")


class Admission:
    def __init__(self, app, service, paths: tuple[str, ...] = GENERATION_PATHS, on_reject=lambda reason: None):
        self.app, self.service, self.paths, self.on_reject = app, service, paths, on_reject
        self.inside = 0  # generation requests admitted here and not yet answered (event loop only)

    def refusal(self) -> tuple[str, str, int] | None:
        """(type, message, retry-after seconds) when the request must be refused now, else None."""
        scheduler, health = self.service.scheduler, self.service.health
        reason = health.unavailable_reason()
        if reason is not None or scheduler is None:
            return "unavailable", f"the server cannot serve now: {reason or 'starting'}", 1
        if scheduler.n_waiting >= scheduler.settings.max_queue or self.inside >= scheduler.max_batch + scheduler.settings.max_queue:
            retry = scheduler.retry_after()
            return "overloaded", f"the waiting queue is full; retry in {retry} s", retry
        return None

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] in self.paths:
            refusal = self.refusal()
            if refusal is not None:
                type_, message, retry = refusal
                self.on_reject(type_)
                return await refuse(send, scope["path"], type_, message, retry)
            self.inside += 1
            try:
                return await self.app(scope, receive, send)
            finally:
                self.inside -= 1
        await self.app(scope, receive, send)


async def refuse(send, path: str, type_: str, message: str, retry: int) -> None:
    """503 in the API's own error shape (OpenAI's under /v1); the connection stays reusable."""
    body = error_body(path, 503, type_, message)
    await send({"type": "http.response.start", "status": 503, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(retry).encode())]})
    await send({"type": "http.response.body", "body": body})
