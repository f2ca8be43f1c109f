"""The two generation routes, POST /v1/completions and POST /correct, served as plain ASGI handlers
in front of Quart: the same flows (`openai_routes.complete`, `routes.tutor`), body reading
(`body.decode`), errors (`errors.classify`), access line and metrics (`access.opened/answered`),
without Quart's routing, request and response objects and context locals (docs/perf.md, "Where a
request's microseconds go"). Every other route, and the OpenAPI document, stay Quart's; Quart's
own two routes remain for the document and answer the same way (tests/test_direct.py compares both).

As in Quart-Trio, the handler runs in a nursery beside a task that reads `receive`: a client that
disconnects cancels the handler, so its tickets are cancelled and its KV slots freed."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import aclosing
from urllib.parse import parse_qsl

import trio

from miniserve.http.access import AccessRecord, answered, opened
from miniserve.http.body import decode, media_type, stream_value
from miniserve.http.coalesce import CoalescingStream, connection_of
from miniserve.http.errors import classify, count_refusal, error_body, wire_status
from miniserve.http.openai_routes import complete
from miniserve.http.openai_schemas import CompletionRequest
from miniserve.http.routes import tutor
from miniserve.http.schemas import CorrectRequest
from miniserve.http.sse import HEADERS as SSE_HEADERS, frame

JSON = (b"content-type", b"application/json")
PEER_POLL = 0.5  # seconds between two looks at a running request's connection (`cancel_when_the_peer_goes`)
CLIENT_CLOSED = 499  # the access line's and the request counter's status for a client that left first
SSE = [(name.lower().encode(), value.encode()) for name, value in SSE_HEADERS.items()]


async def completions(s, scope, body: bytes, record: AccessRecord):
    return await complete(s, decode(body, mimetype(scope), CompletionRequest), record)


async def correct(s, scope, body: bytes, record: AccessRecord):
    data = decode(body, mimetype(scope), CorrectRequest)
    return await tutor(s, data, stream_value(query(scope).get("stream")), record)


ROUTES = {"/v1/completions": completions, "/correct": correct}


def header(scope, name: bytes) -> str:
    for key, value in scope["headers"]:
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def mimetype(scope) -> str:
    return media_type(header(scope, b"content-type"))


def query(scope) -> dict[str, str]:
    """The query's first value of each name (as Quart's `request.args.get`)."""
    out: dict[str, str] = {}
    for name, value in parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True):
        out.setdefault(name, value)
    return out


class DirectRoutes:
    """ASGI: POST to one of ROUTES is answered here; everything else goes on to `app` (Quart).
    `enabled` False sends everything on (the tests compare both paths with it)."""

    def __init__(self, app, service):
        self.app, self.service, self.enabled = app, service, True

    async def __call__(self, scope, receive, send):
        handler = ROUTES.get(scope["path"]) if scope["type"] == "http" and scope["method"] == "POST" else None
        body = scope.get("miniserve.http.body")  # buffered by BodyLimit, in front
        if handler is None or body is None or not self.enabled:
            return await self.app(scope, receive, send)
        s = self.service
        client = (scope.get("client") or ("<local>",))[0]  # (as Quart's request.remote_addr)
        record = opened(s, header(scope, b"x-request-id"), "POST", scope["path"], client)
        connection = connection_of(scope)
        try:
            if connection is not None and connection.peer_gone():  # pipelined behind others, its client gone since
                record.client_left = True
                return
            async with trio.open_nursery() as nursery:
                nursery.start_soon(cancel_on_disconnect, receive, nursery.cancel_scope, record)
                if connection is not None:
                    nursery.start_soon(cancel_when_the_peer_goes, connection, nursery.cancel_scope, record)
                await self.answer(handler, scope, body, record, send)
                nursery.cancel_scope.cancel()
        finally:
            if not record.written:  # cancelled before its answer: the client left (499, as nginx logs it) or shutdown
                record.outcome = "disconnected" if record.client_left else "cancelled"
                if record.client_left and record.status is None:  # (a cut stream has its 200 counted)
                    answered(s, record, CLIENT_CLOSED, record.path, write=False)
                record.write()

    async def answer(self, handler, scope, body: bytes, record: AccessRecord, send) -> None:
        s = self.service
        try:
            answer = await handler(s, scope, body, record)
        except Exception as failure:
            error = classify(failure)
            count_refusal(error.status, error.type, s.metrics)
            status = wire_status(record.path, error.status)
            payload = error_body(record.path, error.status, error.type, error.message, error.details)
            extra = [(k.lower().encode(), str(v).encode()) for k, v in error.headers.items()]
            answered(s, record, status, record.path, write=False)
            return await send_whole(send, status, payload, record, extra)
        if isinstance(answer, dict):
            answered(s, record, 200, record.path, write=False)
            return await send_whole(send, 200, json.dumps(answer, separators=(",", ":")).encode(), record)
        answered(s, record, 200, record.path)
        await send_stream(send, frame(answer, record, s.metrics), record.request_id)


async def send_whole(send, status: int, payload: bytes, record: AccessRecord, extra=()) -> None:
    """The answer, then its access line: the line's encoding and write are not on the client's wait."""
    try:
        await send({"type": "http.response.start", "status": status, "headers": [
            JSON, (b"content-length", str(len(payload)).encode()), *extra, (b"x-request-id", record.request_id.encode())]})
        await send({"type": "http.response.body", "body": payload})
    finally:
        record.write()


async def send_stream(send, chunks: AsyncIterator[bytes], request_id: str) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [*SSE, (b"x-request-id", request_id.encode())]})
    async with aclosing(chunks):  # closed now, also when cancelled: the stream's line is written at once
        async for chunk in chunks:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b""})


async def cancel_when_the_peer_goes(connection: CoalescingStream, cancel_scope: trio.CancelScope,
                                    record: AccessRecord) -> None:
    """While requests pipelined behind this one wait in Hypercorn's buffer, it reads no more of the
    socket and so delivers no `http.disconnect`: ask the kernel every PEER_POLL seconds instead."""
    while not connection.peer_gone():
        await trio.sleep(PEER_POLL)
    record.client_left = True
    cancel_scope.cancel()


async def cancel_on_disconnect(receive, scope: trio.CancelScope, record: AccessRecord) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    record.client_left = True
    scope.cancel()

