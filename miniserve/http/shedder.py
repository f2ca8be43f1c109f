"""Load shedding below Hypercorn: while admission refuses (the engine is full, or the server is not
ready), a new connection whose first request is a whole POST to a generation route is answered 503
from the raw socket, and closed, without Hypercorn, h11, an ASGI task or Quart.

Why: a refusal through Hypercorn costs about as much event-loop CPU as the cheapest answer (accept,
h11 parsing, a task per connection and per request; docs/perf.md). At ten times capacity those
refusals need more than the one core the event loop has, so 503s waited seconds in the accept queue
behind each other. Here a burst of waiting connections is drained in one go (64 at most before
other tasks run), without a checkpoint between them: a refusal costs an accept, a peek, a read, a
write and a close. A connection whose request's head has not arrived whole waits in the waiting room
(waiting_room.py).

Only a request that has fully arrived, within one peek (16 KiB), and is plain (Content-Length, no
Transfer-Encoding, Expect or Upgrade) is refused here; the request is read before the close so the kernel
ends the connection with a FIN, not a reset that could destroy the answer. Everything else (other routes, /healthz under
overload, a body still on its way) goes to Hypercorn unread, as `trio.SocketListener` would give it.
A connection whose client has already closed its side when it is accepted (sent and closed at once)
is closed here too, unanswered (`miniserve_requests_rejected_total{reason="client_closed"}`).
Every 503 closes its connection (here and in `admission.refuse`), so a keep-alive client that was
refused comes back through this listener.

Hypercorn builds its listeners itself (`hypercorn.trio.run` calls `trio.SocketListener`); `install`
gives that module a view of trio whose SocketListener sheds for the admission of the serving task
(a context variable: tests may run several servers in one process)."""

from __future__ import annotations

import contextvars
import errno
import functools
import socket
import threading
from collections import deque
from collections.abc import Iterator

import hypercorn.trio.run
import trio

from miniserve.http.admission import GENERATION_PATHS
from miniserve.http.coalesce import CoalescingStream
from miniserve.http.errors import error_body
from miniserve.http.refusal_thread import RefusalThread
from miniserve.http.waiting_room import IdleLimits, WaitingRoom, head_whole, peek

IGNORABLE_ACCEPT_ERRORS = {errno.ECONNABORTED, errno.EPROTO, errno.EPERM}  # the client gave up first
CLOSED_ERRORS = {errno.EBADF, errno.EINVAL, errno.ENOTSOCK}
ACCEPT_BATCH = 64  # connections taken from the kernel in one go at most, before other tasks run

admission_of_this_server: contextvars.ContextVar = contextvars.ContextVar("admission_of_this_server")
idle_limits_of_this_server: contextvars.ContextVar = contextvars.ContextVar("idle_limits_of_this_server",
                                                                            default=IdleLimits())


def plain_request(data: bytes, paths=GENERATION_PATHS) -> tuple[str, int] | None:
    """(path, bytes of the first request) when `data` starts with a whole plain POST to one of
    `paths`, else None."""
    end = data.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = data[:end].split(b"\r\n")
    parts = lines[0].split(b" ")
    if len(parts) != 3 or parts[0] != b"POST" or parts[2] not in (b"HTTP/1.1", b"HTTP/1.0"):
        return None
    path = parts[1].split(b"?", 1)[0].decode("latin-1")
    if path not in paths:
        return None
    length = None
    for line in lines[1:]:
        name, colon, value = line.partition(b":")
        name, value = name.strip().lower(), value.strip()
        if not colon or name in (b"transfer-encoding", b"expect", b"upgrade"):
            return None
        if name == b"content-length":
            if length is not None or not value.isdigit() or len(value) > 9:
                return None
            length = int(value)
    if length is None or len(data) < end + 4 + length:
        return None
    return path, end + 4 + length


@functools.lru_cache(maxsize=64)  # a few paths x reasons: built once, not per refusal
def refusal_bytes(path: str, type_: str, message: str, retry: int) -> bytes:
    """The 503 `admission.refuse` sends, as one HTTP/1.1 message."""
    body = error_body(path, 503, type_, message)
    return (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
            b"retry-after: %d\r\nconnection: close\r\nx-content-type-options: nosniff\r\n\r\n%s"
            % (len(body), retry, body))


TCP_CLOSE_WAIT = 8  # Linux's tcp_states.h: the peer's FIN has arrived


def abandoned(connection: socket.socket) -> bool:
    """Has the client closed its side before the connection was even accepted (the socket is in
    CLOSE_WAIT)? A flood of clients that send and close at once filled the accept queue with hundreds
    of such connections, each accepted, parsed and answered by Hypercorn while a live client waited
    behind them; here one is closed for a `getsockopt`."""
    try:
        return connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] == TCP_CLOSE_WAIT
    except (OSError, AttributeError):  # no TCP_INFO (not Linux): Hypercorn decides
        return False


class SheddingListener(trio.abc.Listener[CoalescingStream]):
    """A listener as `trio.SocketListener` (which is final), that answers refusable connections itself
    (see above) and keeps those whose request's head has not arrived whole in a waiting room (waiting_room.py).
    `admission` has `refusal()`, `on_reject(type)`, `on_shed()` and `on_idle_closed(reason)`
    (http/admission.py); `shed` counts what it answered."""

    def __init__(self, sock: trio.socket.SocketType, admission, limits: IdleLimits = IdleLimits()):
        self.socket, self.admission, self.shed = sock, admission, 0
        # A second descriptor of the same listening socket, for plain non-blocking calls with no
        # checkpoint between them (trio's own accept is one call per scheduler round).
        self.raw = socket.fromfd(sock.fileno(), sock.family, sock.type)
        self.raw.setblocking(False)
        self.room = WaitingRoom(limits, on_close=admission.on_idle_closed)
        self.room.watch(self.raw)
        self.arrived: deque[socket.socket] = deque()  # connections whose head is in, in order
        self.handed: deque[tuple[socket.socket, str, bool]] = deque()  # by the refusal thread, for Hypercorn
        self.counting = threading.Lock()  # `shed` is counted by two threads
        self.thread: RefusalThread | None = None  # started by the first accept, in the serving task
        self.waiting: trio.CancelScope | None = None  # accept's wait, which the refusal thread cuts short

    async def accept(self) -> CoalescingStream:
        await trio.lowlevel.checkpoint_if_cancelled()
        if self.thread is None:  # (if it cannot start, this accept fails; the next one tries again)
            # The event loop keeps watching the listening socket too: with a single acceptor per process, API
            # processes sharing the socket shared a burst unevenly (docs/service.md, "One acceptor, reverted").
            self.thread = RefusalThread(self, trio.lowlevel.current_trio_token())
        while True:
            while self.handed:  # by the thread, decided: let through, or for the waiting room
                connection, address, arrived = self.handed.popleft()
                if arrived:
                    await trio.lowlevel.cancel_shielded_checkpoint()  # other tasks run, however fast they come
                    return self.stream(connection)
                self.room.park(connection, address, trio.current_time())
            while self.arrived:
                connection = self.arrived.popleft()
                if not self.refused(connection):
                    return self.stream(connection)
            try:
                with trio.move_on_at(self.room.next_deadline()) as self.waiting:
                    if not self.handed:  # handed over since the look above: its wake-up came before the scope
                        await trio.lowlevel.wait_readable(self.room.fileno())
            except (OSError, ValueError):  # closed under us (ValueError: fileno -1)
                raise trio.ClosedResourceError from None
            finally:
                self.waiting = None
            self.room.expire(trio.current_time())
            ready, listening = self.room.ready()
            self.arrived.extend(ready)
            if listening and (connection := self.accept_one()) is not None:
                return self.stream(connection)

    def accept_one(self) -> socket.socket | None:
        """The next connection the kernel holds whose request's head has arrived and is not refused; those
        whose head is not whole yet go to the waiting room. One at a time, so that API processes sharing
        the listening socket share a burst too."""
        for connection, address, arrived in self.drain():
            if arrived:
                return connection
            self.room.park(connection, address, trio.current_time())
        return None

    def drain(self) -> Iterator[tuple[socket.socket, str, bool]]:
        """(any thread) The connections the kernel holds, up to ACCEPT_BATCH, as (connection, address,
        whether its request's head has arrived), with refusals answered and the abandoned closed on the way."""
        for _ in range(ACCEPT_BATCH):
            try:
                connection, address = self.raw.accept()
            except BlockingIOError:
                return
            except OSError as error:
                if error.errno in CLOSED_ERRORS:
                    raise trio.ClosedResourceError from None
                if error.errno in IGNORABLE_ACCEPT_ERRORS:
                    continue
                raise
            if abandoned(connection):  # sent and closed at once: nobody waits for an answer
                connection.close()
                self.admission.on_reject("client_closed")
                continue
            connection.setblocking(False)
            data = peek(connection)
            if data is None:  # its client left before sending a byte
                connection.close()
                continue
            arrived = head_whole(data)
            if not (arrived and self.refused(connection, data)):
                yield connection, address[0], arrived

    def wake(self) -> None:
        """(event loop) The refusal thread handed connections over: look at them now."""
        if self.waiting is not None:
            self.waiting.cancel()

    @staticmethod
    def stream(connection: socket.socket) -> CoalescingStream:
        return CoalescingStream(trio.SocketStream(trio.socket.from_stdlib_socket(connection)), connection)

    def refused(self, connection: socket.socket, data: bytes | None = None) -> bool:
        """(any thread) Answer 503 and close `connection` if admission refuses and its request is whole and
        plain; a whole plain request let through counts as pending in admission until it arrives there.
        `data`: what a peek just found on the connection, if one did."""
        if data is None:
            data = peek(connection)
        request = plain_request(data) if data else None  # nothing yet, or the client is gone: Hypercorn decides
        if request is None:
            return False
        refusal = self.admission.refusal()
        if refusal is None:
            try:
                self.admission.let_through(connection.getpeername()[:2])
            except OSError:
                pass  # gone already: Hypercorn finds out
            return False
        path, size = request
        type_, message, retry = refusal
        try:
            connection.recv(size, socket.MSG_DONTWAIT)  # read: a close with unread bytes would reset
            connection.send(refusal_bytes(path, type_, message, retry), socket.MSG_DONTWAIT)
        except OSError:
            pass  # the client left; it gets no answer either way
        with self.counting:  # counted before the close, which the client sees
            self.shed += 1
        self.admission.on_reject(type_)
        self.admission.on_shed()
        connection.close()
        return True

    async def aclose(self) -> None:
        if self.thread is not None:
            self.thread.stop()
        for connection, _, _ in self.handed:
            connection.close()
        self.handed.clear()
        trio.lowlevel.notify_closing(self.room.fileno())
        self.room.close()
        for connection in self.arrived:
            connection.close()
        self.arrived.clear()
        self.raw.close()
        self.socket.close()
        await trio.lowlevel.checkpoint()


class TrioForHypercorn:
    """trio as `hypercorn.trio.run` sees it: the same, but its SocketListener sheds for the
    admission in `admission_of_this_server` (plain trio's when none is set), its waiting room
    bounded by `idle_limits_of_this_server`."""

    def __getattr__(self, name: str):
        return getattr(trio, name)

    @staticmethod
    def SocketListener(sock):
        admission = admission_of_this_server.get(None)
        if admission is None:
            return trio.SocketListener(sock)
        return SheddingListener(sock, admission, idle_limits_of_this_server.get())


def install() -> None:
    """Let Hypercorn's trio worker build shedding listeners (idempotent). tests/test_shedder.py
    checks that Hypercorn still builds its listeners there."""
    if not isinstance(hypercorn.trio.run.trio, TrioForHypercorn):
        hypercorn.trio.run.trio = TrioForHypercorn()
