"""The HTTP/1.1 connection's life under Hypercorn's trio worker: three narrow workarounds and one
framing check, each answering at the ASGI edge before the app does any work.

1. `CloseShield`. Upstream cause (Hypercorn 0.18 + Quart-Trio 0.12; the same family as Hypercorn
   issue #106, "socket shutdown skipped when cancelled with trio"): the app's last `send`
   (`http.response.body`, more_body False) runs Hypercorn's whole end of the response inside the
   app's task: EndBody, then StreamClosed, which delivers `http.disconnect` to the app's receive
   channel, then either `Closed` (Connection: close, HTTP/1.0: `TCPServer._close` ->
   `send_eof` -> `aclose`) or `Updated(idle=True)` (which arms the keep-alive timer). Quart-Trio's
   `handle_messages` wakes on that `http.disconnect` and cancels the request nursery, so the very
   next checkpoint in the same call (`send_eof`, `can_read.set`) raises `Cancelled`, Hypercorn's
   `_handle` swallows it, and the socket is neither closed nor put on the keep-alive timer: every
   connection stays open until the client closes it. A bare Hypercorn app is not cancelled, so it
   does not show the bug. The shim shields that one final `send`; Hypercorn already shields the
   socket write inside it, so nothing new can block.
2. `bound_chunk_size`. h11 reads a chunk size of up to 20 hex digits (80 bits) and then waits for
   that many bytes: `ffffffffffffffffffff` hangs the request. A size that does not fit 63 bits is
   malformed (400, as nginx answers), raised as h11's own protocol error so Hypercorn answers
   400 and closes the connection.
3. `close_on_eof`. Hypercorn 0.18's trio `TCPServer` arms its keep-alive timer when a connection
   opens and again after each answer; when the client closes an idle connection (a connect and
   close without a request, or a keep-alive client going away), the read loop ends but nothing
   stops that timer, so the connection's nursery, and with it the socket, waits out the whole
   keep-alive timeout (30 s). Stopping the timer once the peer has gone closes the socket at once.
4. `Framing`. A request with both Content-Length and Transfer-Encoding is ambiguous (request
   smuggling, RFC 9112 section 6.3): 400 and the connection is closed. Repeated slashes in the path
   are merged first, as Quart's router merges them, so that every layer sees the route Quart would.
5. `http1_only`. Hypercorn also speaks cleartext HTTP/2 on the same port (a client's
   prior-knowledge preface, or `Upgrade: h2c`) and has no setting to turn it off. None of the
   connection's protections above, nor the write deadline, reach its HTTP/2 streams: a client that
   sets its flow-control window to 0 had each answer buffered whole in the server, its connection
   never closed, and a SIGTERM's drain never ended. The preface gets 505 and a close; an
   `Upgrade: h2c` header is ignored (RFC 9110 section 7.8 lets a server do so) and the request
   answered in HTTP/1.1.
   The errors h11 finds in a request before the app sees it (a malformed request line or header, an
   unknown transfer coding, a head over h11's size limit: 400, 501, 431) get a JSON body in the
   tutor's error shape instead of Hypercorn's empty one, and the connection is closed as before.
6. `NoWebSocket`. No route here is a WebSocket; Quart would take the handshake to its websocket
   machinery, whose error handler expects an HTTP request (500). The handshake is refused at the
   edge with the route's JSON error (400).
"""

from __future__ import annotations

import re

import h11
import trio
from h11 import _readers
from hypercorn.events import Closed
from hypercorn.protocol import ProtocolWrapper
from hypercorn.protocol.h11 import H2ProtocolAssumedError, H11Protocol
from hypercorn.trio.tcp_server import TCPServer

from miniserve.http.errors import error_body, wire_status
from miniserve.http.middleware import send_json

MAX_CHUNK_SIZE = 2**63 - 1


class CloseShield:
    """Shields the response's final send from the request nursery's cancellation (see above)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_to_the_end(message):
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                with trio.CancelScope(shield=True):
                    return await send(message)
            return await send(message)
        await self.app(scope, receive, send_to_the_end)


class Framing:
    """400 + Connection: close for a request that declares its body length twice; and one path for
    every layer below: "//correct" is "/correct" (Quart's router merges the slashes, so without this
    the request would reach its route past the layers that match the exact path: admission, the
    count a drain waits for, the direct routes)."""

    def __init__(self, app, on_reject):
        self.app, self.on_reject = app, on_reject

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            if "//" in scope["path"]:
                scope = dict(scope, path=re.sub("/{2,}", "/", scope["path"]))
                if scope.get("raw_path"):
                    scope["raw_path"] = re.sub(b"/{2,}", b"/", scope["raw_path"])
            names = {name.lower() for name, _ in scope.get("headers", [])}
            if b"content-length" in names and b"transfer-encoding" in names:
                self.on_reject("bad_request")
                return await send_json(send, 400, "bad_request",
                                       "send either Content-Length or Transfer-Encoding, not both",
                                       headers=[(b"connection", b"close")], path=scope["path"])
        await self.app(scope, receive, send)


class _BoundedChunkedReader(_readers.ChunkedReader):
    def __call__(self, buf):
        event = super().__call__(buf)
        if self._bytes_in_chunk > MAX_CHUNK_SIZE:
            raise h11.RemoteProtocolError("chunk size too large", error_status_hint=400)
        return event


def bound_chunk_size() -> None:
    """Make h11 refuse chunk sizes over 63 bits (idempotent; process-wide, as h11's table is)."""
    _readers.READERS[h11.SEND_BODY]["chunked"] = _BoundedChunkedReader


class _NoTimer:
    """A connection's idle timer once its client has gone: arming it does nothing."""

    async def restart(self, *args) -> None:
        pass

    async def stop(self) -> None:
        pass


def close_on_eof() -> None:
    """Make Hypercorn's trio worker close a connection once its client has gone (idempotent;
    process-wide, as the class is)."""
    read = TCPServer._read_data
    if getattr(read, "closes_on_eof", False):
        return

    async def read_until_eof(self) -> None:
        await read(self)
        # The peer is gone: no idle timeout left to wait for, now or later. The answer's last send
        # re-arms the timer after it (`protocol_send`), and under load that can come after the EOF
        # was read: from here on the timer cannot be armed again.
        idle, self.idle_task = self.idle_task, _NoTimer()
        await idle.stop()
    read_until_eof.closes_on_eof = True
    TCPServer._read_data = read_until_eof


async def _refuse_http2_preface(self, event: h11.Request) -> None:
    """H11Protocol._check_protocol without the switch to HTTP/2 (see `http1_only`)."""
    if event.method == b"PRI" and event.target == b"*" and event.http_version == b"2.0":
        raise H2ProtocolAssumedError(b"")


async def _handle_http1(self, event) -> None:
    """ProtocolWrapper.handle for a connection that stays HTTP/1.1: the HTTP/2 preface gets 505."""
    try:
        return await self.protocol.handle(event)
    except H2ProtocolAssumedError:
        await self.protocol._send_error_response(505)
        await self.send(Closed())


PROTOCOL_ERRORS = {
    400: ("bad_request", "the request is not valid HTTP/1.1"),
    431: ("headers_too_large", "the request line or its headers are too large"),
    501: ("not_implemented", "the request's transfer coding is not supported (only chunked)"),
    505: ("http_version_not_supported", "this server speaks HTTP/1.1 (and 1.0) only"),
}


async def _send_json_error_response(self, status_code: int) -> None:
    """H11Protocol._send_error_response with a JSON body (the request's path is not known yet)."""
    type_, message = PROTOCOL_ERRORS.get(status_code, PROTOCOL_ERRORS[400])
    body = error_body("", status_code, type_, message)
    await self._send_h11_event(h11.Response(status_code=status_code, headers=[
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"x-content-type-options", b"nosniff"), (b"connection", b"close"), *self.config.response_headers("h11")]))
    await self._send_h11_event(h11.Data(data=body))
    await self._send_h11_event(h11.EndOfMessage())


def http1_only() -> None:
    """Make Hypercorn's cleartext connections HTTP/1.1 only (idempotent; process-wide, as the
    classes are). TLS with ALPN "h2" is not served here: terminate TLS in front (deploy/)."""
    H11Protocol._check_protocol = _refuse_http2_preface
    H11Protocol._send_error_response = _send_json_error_response
    ProtocolWrapper.handle = _handle_http1


class NoWebSocket:
    """Refuses a WebSocket handshake with a JSON 400 (ASGI's denial response where the server offers
    it, as Hypercorn does; otherwise a plain close, which Hypercorn answers with 403)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        await receive()  # websocket.connect
        if "websocket.http.response" not in scope.get("extensions", {}):
            return await send({"type": "websocket.close"})
        path = scope.get("path", "")
        body = error_body(path, 400, "bad_request", "this server does not serve WebSockets: send an HTTP request", [])
        await send({"type": "websocket.http.response.start", "status": wire_status(path, 400), "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"x-content-type-options", b"nosniff"), (b"connection", b"close")]})
        await send({"type": "websocket.http.response.body", "body": body})
