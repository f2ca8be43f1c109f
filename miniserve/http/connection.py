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
   smuggling, RFC 9112 section 6.3): 400 and the connection is closed.
"""

from __future__ import annotations

import h11
import trio
from h11 import _readers
from hypercorn.trio.tcp_server import TCPServer

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
    """400 + Connection: close for a request that declares its body length twice."""

    def __init__(self, app, on_reject):
        self.app, self.on_reject = app, on_reject

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
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
