"""A light HTTP/1.1 client for the load generator: h11 over trio sockets, a keep-alive pool.

Why not httpx: on a 2-core machine the load generator shares the CPU with the server, and every
millisecond it spends per request is taken from the server and shows as send lag. This client does
only what the load test needs: a POST with a body encoded in advance, the time of the first body
byte, the whole body kept as bytes (parsed once, at the end). Connections are reused LIFO (the
warmest first), one the server has closed is dropped, and a new one is opened when none is idle: an
open-loop test may not wait for one.
"""

from __future__ import annotations

import select
from dataclasses import dataclass

import h11
import trio


def closed_by_the_server(stream: trio.SocketStream) -> bool:
    """An idle keep-alive connection has nothing to read; if it is readable, the server has closed it (its
    keep-alive timeout passed while the pool held it), and a request sent on it would fail before any
    response. Browsers and Go's client drop such connections too; a run longer than the server's
    keep-alive timeout counted one or two requests in 300 as failed without this."""
    readable, _, _ = select.select([stream.socket.fileno()], [], [], 0)
    return bool(readable)


@dataclass
class Response:
    status: int
    body: bytes
    first_byte: float | None  # trio.current_time() when the first body bytes arrived


class Pool:
    """Keep-alive connections to one host:port; every request is a POST of a ready JSON body."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.idle: list[tuple[trio.SocketStream, h11.Connection]] = []
        self.host_header = f"{host}:{port}".encode()

    async def _connection(self) -> tuple[trio.SocketStream, h11.Connection]:
        while self.idle:
            stream, conn = self.idle.pop()
            if not closed_by_the_server(stream):
                return stream, conn
            await trio.aclose_forcefully(stream)
        stream = await trio.open_tcp_stream(self.host, self.port)
        return stream, h11.Connection(h11.CLIENT)

    async def post(self, target: str, body: bytes, on_send=None) -> Response:
        """POST `body` (JSON) to `target`; `on_send()` is called just before the bytes are written."""
        stream, conn = await self._connection()
        try:
            return await self._exchange(stream, conn, target, body, on_send)
        except BaseException:
            await trio.aclose_forcefully(stream)  # half-used: never back into the pool
            raise

    async def get(self, target: str) -> Response:
        stream, conn = await self._connection()
        try:
            request = h11.Request(method="GET", target=target, headers=[("Host", self.host_header)])
            await stream.send_all(conn.send(request) + conn.send(h11.EndOfMessage()))
            return await self._receive(stream, conn)
        except BaseException:
            await trio.aclose_forcefully(stream)
            raise

    async def _exchange(self, stream, conn, target, body, on_send) -> Response:
        headers = [("Host", self.host_header), ("Content-Type", b"application/json"),
                   ("Content-Length", str(len(body)).encode())]
        data = conn.send(h11.Request(method="POST", target=target, headers=headers))
        data += conn.send(h11.Data(data=body)) + conn.send(h11.EndOfMessage())
        if on_send:
            on_send()
        await stream.send_all(data)
        return await self._receive(stream, conn)

    async def _receive(self, stream, conn) -> Response:
        while True:  # the head, through h11
            event = conn.next_event()
            if event is h11.NEED_DATA:
                conn.receive_data(await stream.receive_some(65536))  # b"" (closed): h11 raises or ends
            elif isinstance(event, h11.Response):
                break
            elif isinstance(event, h11.ConnectionClosed):
                raise h11.RemoteProtocolError("connection closed before the response")
        status, headers = event.status_code, {k: v.lower() for k, v in event.headers}
        if b"chunked" in headers.get(b"transfer-encoding", b""):
            return await self._chunked(stream, conn, status, b"close" in headers.get(b"connection", b""))
        chunks, first = [], None
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                conn.receive_data(await stream.receive_some(65536))
            elif isinstance(event, h11.Data):
                first = first or trio.current_time()
                chunks.append(event.data)
            elif isinstance(event, h11.EndOfMessage):
                break
            elif isinstance(event, h11.ConnectionClosed):
                raise h11.RemoteProtocolError("connection closed before the response ended")
        if conn.our_state is h11.DONE and conn.their_state is h11.DONE:
            conn.start_next_cycle()
            self.idle.append((stream, conn))
        else:
            await stream.aclose()
        return Response(status, b"".join(chunks), first)

    async def _chunked(self, stream, conn, status: int, close: bool) -> Response:
        """A streamed (chunked) body, read raw: a token stream arrives as one small chunk per event,
        and per-chunk work in h11 would be the load generator's main cost. Chunk sizes are followed
        as bytes arrive; the body is joined once at the end."""
        buf = bytearray(conn.trailing_data[0])
        first = trio.current_time() if buf else None
        body, pos = [], 0
        while True:
            line_end = buf.find(b"\r\n", pos)
            if line_end >= 0:
                size = int(bytes(buf[pos:line_end]).split(b";", 1)[0], 16)
                end = line_end + 2 + size + 2
                if size == 0 and len(buf) >= line_end + 4:  # the last chunk, no trailers
                    break
                if size and len(buf) >= end:
                    body.append(bytes(buf[line_end + 2:end - 2]))
                    pos = end
                    continue
            data = await stream.receive_some(65536)
            if not data:
                raise h11.RemoteProtocolError("connection closed inside a chunked body")
            first = first or trio.current_time()
            buf += data
        if close:
            await stream.aclose()
        else:  # the exchange ended exactly at a message boundary: a fresh h11 state for the next one
            self.idle.append((stream, h11.Connection(h11.CLIENT)))
        return Response(status, b"".join(body), first)

    async def aclose(self) -> None:
        for stream, _ in self.idle:
            await stream.aclose()
        self.idle.clear()
