"""A connection's stream that sends an HTTP/1.1 response head together with the body after it.

Hypercorn writes a response as h11 frames it: the head in one `send_all`, the body in the next, then
an empty end of message. For a plain answer (`content-length`), the client can do nothing with the
head alone, yet it wakes for it, and each write is a system call and a task switch on both sides.
Holding a whole head back until the next write sends both in one segment (as uvicorn does); at
concurrency 1 that is about a tenth of a millisecond of every exchange (docs/perf.md).

Only a complete head of a final answer with a positive content length is held: a stream's head
(chunked, SSE), an informational `100 Continue` and anything that is not a bare head go out at once.
The next write always follows: the body, or the empty end of message (HEAD, 304). A head still held
when the connection closes belonged to an answer that never finished; it is dropped with it.

`send_eof` waits for a write in progress. Hypercorn half-closes a connection from its reading task
when the client goes (h11 finds the request unfinished) without its send lock, while the answer's
task may still be in its last write: on a bare `trio.SocketStream` the two collide as a
`BusyResourceError`, logged as an error in the app (seen with clients that read a 408 and close).
An empty write (the end of a content-length answer) sends nothing and is not made."""

from __future__ import annotations

import re
import socket

import trio

HEAD_END = b"\r\n\r\n"
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*([0-9]+)[ \t]*\r\n", re.IGNORECASE)
FINAL_STATUS = re.compile(rb"HTTP/1\.[01] [2-5][0-9][0-9] ")
OPEN: dict[tuple, "CoalescingStream"] = {}  # this process's open connections, by the peer's (host, port)


def connection_of(scope) -> "CoalescingStream | None":
    """The request's connection, or None where it is not known (a proxy's forwarded address, a test client)."""
    return OPEN.get(tuple(scope.get("client") or ()))


def held_back(data: bytes) -> bool:
    """A whole response head, alone, of an answer whose body has a positive length."""
    if not data.endswith(HEAD_END) or data.find(HEAD_END) != len(data) - 4 or not FINAL_STATUS.match(data):
        return False
    length = CONTENT_LENGTH.search(data)
    return length is not None and int(length.group(1)) > 0


class CoalescingStream(trio.abc.HalfCloseableStream):
    """Wraps a `trio.SocketStream` (final, so not subclassed); `socket` is the wrapped one's, which
    Hypercorn reads for the peer's and its own address. `raw` (the same socket, as the standard
    library's) answers `peer_gone` while it is open; it is found by the peer's address (`OPEN`)."""

    def __init__(self, stream: trio.SocketStream, raw: socket.socket | None = None):
        self.stream, self.socket = stream, stream.socket
        self._held = b""
        self._writing: trio.Event | None = None
        self.raw, self.peer = raw, None
        if raw is not None:
            try:
                self.peer = raw.getpeername()[:2]
            except OSError:  # gone already
                return
            OPEN[self.peer] = self

    def peer_gone(self) -> bool:
        """Has the client closed or reset the connection, with nothing of it left unread in the kernel?
        Hypercorn reads requests pipelined on a connection one after another from what it has read, and
        reads the socket again, and so the close, only after them: this asks the kernel directly."""
        if self.raw is None:
            return False
        try:
            return self.raw.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return False
        except OSError:  # reset
            return True

    async def send_all(self, data: bytes | bytearray | memoryview) -> None:
        if self._held:
            data, self._held = self._held + bytes(data), b""
        elif bytes(data[-4:]) == HEAD_END and held_back(bytes(data)):  # a body is not copied to be checked
            self._held = bytes(data)
            await trio.lowlevel.checkpoint()
            return
        elif not data:
            await trio.lowlevel.checkpoint()
            return
        self._writing = written = trio.Event()
        try:
            await self.stream.send_all(data)
        finally:
            self._writing = None
            written.set()

    async def wait_send_all_might_not_block(self) -> None:
        await self.stream.wait_send_all_might_not_block()

    async def send_eof(self) -> None:
        while self._writing is not None:
            await self._writing.wait()
        if self._held:
            data, self._held = self._held, b""
            await self.stream.send_all(data)
        await self.stream.send_eof()

    async def receive_some(self, max_bytes: int | None = None) -> bytes:
        return await self.stream.receive_some(max_bytes)

    async def aclose(self) -> None:
        self._held = b""
        if self.peer is not None and OPEN.get(self.peer) is self:
            del OPEN[self.peer]
        await self.stream.aclose()
