"""Connections accepted before their request's head has arrived whole: they wait here, not in Hypercorn.

Why: Hypercorn gives every accepted connection a task, an h11 state machine and a keep-alive timer
at once. 20,000 connections opened from one address that never sent a byte took 9-14 thousand
descriptors and 190 MB, stalled another client's answers 0.5-0.9 s while they arrived and 4.4 s when
they closed together (every connection's task woken to end, one after another, on the event loop).
TCP_DEFER_ACCEPT (server.py) keeps a connection in the kernel until its first bytes arrive, but only
for about a second; then it is accepted empty. A client that sends the first line of a head and no
more (slowloris) costs Hypercorn the same.

Here such a connection costs a descriptor and one registration in an epoll object (edge-triggered:
it wakes when more bytes come, not while the first ones wait unread), whose own descriptor the listener
awaits beside the listening socket's. It goes to Hypercorn once its head is whole (a blank line, as
h11 finds it, or more than h11's 16 KiB limit, which Hypercorn answers 431); it is closed here when its
client closes it first, when it has waited `timeout` seconds (the keep-alive timeout, what Hypercorn
gives an idle connection or an unfinished head), or when the room is full: beyond `per_address` waiting
from its address, or `capacity` in all, the oldest is closed (it has not asked for anything yet). Nothing
here blocks: every call is a non-blocking system call. Linux (epoll), as the rest of the edge.
"""

from __future__ import annotations

import re
import resource
import select
import socket
from collections import OrderedDict, deque
from dataclasses import dataclass

HEAD_END = re.compile(rb"\n\r?\n")  # h11's blank line
MAX_HEAD = 16 * 1024  # h11's largest unfinished head (Hypercorn's h11_max_incomplete_size)
WAITING_EVENTS = select.EPOLLIN | select.EPOLLRDHUP | select.EPOLLET


@dataclass(frozen=True)
class IdleLimits:
    timeout: float = 30.0  # seconds a connection may take to send its request's head
    per_address: int = 256  # connections from one address that may wait at once
    capacity: int = 0  # connections that may wait at once, in all (0: half the descriptor limit)

    def room_size(self) -> int:
        if self.capacity > 0:
            return self.capacity
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        return max(self.per_address, (soft if soft != resource.RLIM_INFINITY else 65536) // 2)


def peek(connection: socket.socket) -> bytes | None:
    """What has arrived of the first request, left unread (b"" while nothing has), or None if the client
    has gone before sending a byte."""
    try:
        return connection.recv(MAX_HEAD + 1, socket.MSG_PEEK | socket.MSG_DONTWAIT) or None
    except BlockingIOError:
        return b""
    except OSError:
        return None


def head_whole(data: bytes) -> bool:
    """Can the first request's head in `data` be read whole (or is it over MAX_HEAD)?"""
    return len(data) > MAX_HEAD or HEAD_END.search(data) is not None


def head_arrived(connection: socket.socket) -> bool | None:
    """True once the first request's head can be read whole (or is over MAX_HEAD), False while it has
    not, None if the client has gone before sending one."""
    data = peek(connection)
    return None if data is None else head_whole(data)


class WaitingRoom:
    """Holds connections until their head arrives. `on_close(reason)` counts those closed here
    ("idle_evicted", "idle_timeout"); a client that closes first is not counted."""

    def __init__(self, limits: IdleLimits, on_close=lambda reason: None):
        self.limits, self.on_close = limits, on_close
        self.capacity = limits.room_size()
        self.epoll = select.epoll()
        # in arrival order, so oldest first; an OrderedDict finds its first entry at once however many were
        # removed before it (a dict walks past their empty slots until it is resized)
        self.since: OrderedDict[socket.socket, float] = OrderedDict()
        self.by_fd: dict[int, socket.socket] = {}
        self.by_address: dict[str, deque[socket.socket]] = {}
        self.address: dict[socket.socket, str] = {}

    def fileno(self) -> int:
        """Readable when a waiting connection (or anything else registered) has news."""
        return self.epoll.fileno()

    def watch(self, sock: socket.socket) -> None:
        """Report `sock` (the listening socket) among the ready ones too, for as long as it is ready."""
        self.epoll.register(sock.fileno(), select.EPOLLIN)

    def __len__(self) -> int:
        return len(self.since)

    def park(self, connection: socket.socket, address: str, now: float) -> None:
        same = self.by_address.get(address, ())
        if len(same) >= self.limits.per_address:
            self._close(same[0], "idle_evicted")
        elif len(self.since) >= self.capacity:
            self._close(next(iter(self.since)), "idle_evicted")
        self.epoll.register(connection.fileno(), WAITING_EVENTS)
        self.since[connection] = now
        self.by_fd[connection.fileno()] = connection
        self.address[connection] = address
        self.by_address.setdefault(address, deque()).append(connection)

    def ready(self) -> tuple[list[socket.socket], bool]:
        """The waiting connections whose head has arrived, taken out of the room (those whose client
        left are closed), and whether any other registered socket (the listening one) is ready."""
        taken, other = [], False
        for fd, events in self.epoll.poll(0):
            connection = self.by_fd.get(fd)
            if connection is None:
                other = True
                continue
            arrived = head_arrived(connection)
            if arrived:
                self._leave(connection)
                taken.append(connection)
            elif arrived is None or events & (select.EPOLLRDHUP | select.EPOLLHUP | select.EPOLLERR):
                self._leave(connection)  # gone, or half-closed with its head unfinished: nobody waits
                connection.close()
        return taken, other

    def next_deadline(self) -> float:
        oldest = next(iter(self.since.values()), None)
        return float("inf") if oldest is None else oldest + self.limits.timeout

    def expire(self, now: float) -> None:
        while self.since:
            oldest, since = next(iter(self.since.items()))
            if since + self.limits.timeout > now:
                return
            self._close(oldest, "idle_timeout")

    def close(self) -> None:
        for connection in list(self.since):
            self._leave(connection)
            connection.close()
        self.epoll.close()

    def _leave(self, connection: socket.socket) -> None:
        fd = connection.fileno()
        self.epoll.unregister(fd)
        del self.by_fd[fd], self.since[connection]
        address = self.address.pop(connection)
        same = self.by_address[address]
        same.remove(connection)
        if not same:
            del self.by_address[address]

    def _close(self, connection: socket.socket, reason: str) -> None:
        self._leave(connection)
        connection.close()
        self.on_close(reason)
