"""ASGI middleware, outermost first: nosniff on every answer, body size and time limit (413, 408),
per-client rate limit (429, `ratelimit.py`), input filter (422). Each answers JSON by itself and
never reaches the app when it refuses."""

from __future__ import annotations

import json

import trio

from miniserve.http.body import strings
from miniserve.http.errors import error_body, wire_status
from miniserve.http.ratelimit import Buckets, RateLimited
from miniserve.tutor.runtime.prompt import bad_text

HEALTH_PATHS = ("/healthz", "/readyz", "/metrics")


def no_count(reason: str) -> None:
    pass


async def send_json(send, status: int, type_: str, message: str, headers=(), field=None, path: str = "") -> None:
    body = error_body(path, status, type_, message, [{"field": field, "message": message}] if field else [])
    await send({"type": "http.response.start", "status": wire_status(path, status), "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


def replay(body: bytes, receive):
    """A receive() that returns the buffered body once, then the real messages (the disconnect)."""
    sent = False

    async def receive_again():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return receive_again


class NoSniff:
    """`X-Content-Type-Options: nosniff` on every answer, the layers' own refusals too: a browser
    must take a JSON error or an event stream for what its Content-Type says, never run it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_marked(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"x-content-type-options", b"nosniff")]}
            await send(message)
        await self.app(scope, receive, send_marked)


class BodyLimit:
    """Buffers the request body up to `max_bytes` within `timeout` seconds; anything larger gets
    413, anything slower 408 (a body trickled a byte at a time would hold its connection forever),
    both before the app sees it. Later layers find the buffered body in scope["miniserve.http.body"]."""

    def __init__(self, app, max_bytes: int, on_reject=no_count, timeout: float = 10.0):
        self.app, self.max_bytes, self.on_reject, self.timeout = app, max_bytes, on_reject, timeout

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            self.on_reject("payload_too_large")
            return await send_json(send, 413, "payload_too_large", f"the body exceeds {self.max_bytes} bytes", path=scope["path"])
        chunks, size = [], 0
        with trio.move_on_after(self.timeout) as deadline:
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])
                if size > self.max_bytes:
                    self.on_reject("payload_too_large")
                    return await send_json(send, 413, "payload_too_large", f"the body exceeds {self.max_bytes} bytes", path=scope["path"])
                if not message.get("more_body", False):
                    break
        if deadline.cancelled_caught:
            self.on_reject("body_timeout")
            return await send_json(send, 408, "body_timeout", f"the body did not arrive within {self.timeout:g} s",
                                   headers=[(b"connection", b"close")], path=scope["path"])
        body = b"".join(chunks)
        scope["miniserve.http.body"] = body
        await self.app(scope, replay(body, receive), send)


class RateLimit:
    """Charges every request but the health routes one token of its client's bucket before anything
    is parsed (429 when it cannot pay); the sequences of a generation request are charged at intake."""

    def __init__(self, app, buckets: Buckets, on_reject=no_count):
        self.app, self.buckets, self.on_reject = app, buckets, on_reject

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] in HEALTH_PATHS:
            return await self.app(scope, receive, send)
        try:
            self.buckets.take((scope.get("client") or ("unknown", 0))[0], 1)
        except RateLimited as limited:
            self.on_reject("rate_limited")
            return await send_json(send, 429, "rate_limited", str(limited), path=scope["path"],
                                   headers=[(b"retry-after", str(limited.retry_after).encode())])
        await self.app(scope, receive, send)


class InputFilter:
    """Rejects JSON bodies whose strings hold control characters or the literal text of the model's
    special tokens (422). Bodies that are not JSON pass through, to get the app's 400. Only for
    the tutor's routes: a raw completion prompt may hold newlines and special tokens on purpose."""

    def __init__(self, app, forbidden: tuple[str, ...], paths: tuple[str, ...] = ("/correct",), on_reject=no_count):
        self.app, self.forbidden, self.paths, self.on_reject = app, forbidden, paths, on_reject

    async def __call__(self, scope, receive, send):
        body = scope.get("miniserve.http.body") if scope["type"] == "http" and scope["path"] in self.paths else None
        if body:
            try:
                data = json.loads(body)
            except (ValueError, UnicodeDecodeError, RecursionError):  # the app says what is wrong (400)
                data = None
            for field, value in strings(data):
                reason = bad_text(value, self.forbidden, "\n\r\t" if field == "text" else "")
                if reason:
                    self.on_reject("invalid_input")
                    return await send_json(send, 422, "invalid_input", f"{field}: {reason}", field=field, path=scope["path"])
        await self.app(scope, receive, send)
