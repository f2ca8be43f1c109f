"""Connections accepted before their first byte: they wait here, not in Hypercorn.

Why: Hypercorn gives every accepted connection a task, an h11 state machine and a keep-alive timer
at once. 20,000 connections opened from one address that never sent a byte took 9-14 thousand
descriptors and 190 MB, stalled another client's answers 0.5-0.9 s while they arrived and 4.4 s when
they closed together (every connection's task woken to end, one after another, on the event loop).
TCP_DEFER_ACCEPT (server.py) keeps a connection in the kernel until its first bytes arrive, but only
for about a second; then it is accepted empty.

Here such a connection costs a descriptor and one registration in a selector (epoll), whose own
descriptor the listener awaits beside the listening socket. It goes to Hypercorn once bytes arrive;
it is closed here when its client closes it first, when it has waited `timeout` seconds (the keep-alive timeout, what Hypercorn gives
an idle connection), or when the room is full: beyond `per_address` waiting from its address, or
`capacity` in all, the oldest is closed (it has sent nothing, so it loses nothing but its connect).
Nothing here blocks: every call is a non-blocking system call."""

from __future__ import annotations

import resource
import selectors
import socket
from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class IdleLimits:
    timeout: float = 30.0  # seconds a connection may wait for its first byte
    per_address: int = 256  # connections from one address that may wait at once
    capacity: int = 0  # connections that may wait at once, in all (0: half the descriptor limit)

    def room_size(self) -> int:
        if self.capacity > 0:
            return self.capacity
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        return max(self.per_address, (soft if soft != resource.RLIM_INFINITY else 65536) // 2)


def first_byte(connection: socket.socket) -> bool | None:
    """True if bytes have arrived, False if nothing has yet, None if the client has gone (a FIN or a
    reset before any byte)."""
    try:
        return True if connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) else None
    except BlockingIOError:
        return False
    except OSError:
        return None


class WaitingRoom:
    """Holds connections until their first byte. `on_close(reason)` counts those closed here
    ("idle_evicted", "idle_timeout"); a client that closes first is counted by the caller."""

    def __init__(self, limits: IdleLimits, on_close=lambda reason: None):
        self.limits, self.on_close = limits, on_close
        self.capacity = limits.room_size()
        self.selector = selectors.DefaultSelector()
        self.since: dict[socket.socket, float] = {}  # in arrival order, so oldest first
        self.by_address: dict[str, deque[socket.socket]] = {}
        self.address: dict[socket.socket, str] = {}

    def fileno(self) -> int:
        """Readable when a waiting connection (or anything else registered) is."""
        return self.selector.fileno()

    def watch(self, sock: socket.socket) -> None:
        """Report `sock` (the listening socket) among the ready ones too."""
        self.selector.register(sock, selectors.EVENT_READ)

    def __len__(self) -> int:
        return len(self.since)

    def park(self, connection: socket.socket, address: str, now: float) -> None:
        same = self.by_address.setdefault(address, deque())
        if len(same) >= self.limits.per_address:
            self._close(same[0], "idle_evicted")
        elif len(self.since) >= self.capacity:
            self._close(next(iter(self.since)), "idle_evicted")
        self.selector.register(connection, selectors.EVENT_READ)
        self.since[connection] = now
        self.address[connection] = address
        self.by_address.setdefault(address, deque()).append(connection)

    def ready(self) -> tuple[list[socket.socket], bool]:
        """The waiting connections that can be read now, taken out of the room, and whether any
        other registered socket (the listening one) is ready."""
        taken, other = [], False
        for key, _ in self.selector.select(0):
            if key.fileobj in self.since:
                self._leave(key.fileobj)
                taken.append(key.fileobj)
            else:
                other = True
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
        self.selector.close()

    def _leave(self, connection: socket.socket) -> None:
        self.selector.unregister(connection)
        del self.since[connection]
        address = self.address.pop(connection)
        same = self.by_address[address]
        same.remove(connection)
        if not same:
            del self.by_address[address]

    def _close(self, connection: socket.socket, reason: str) -> None:
        self._leave(connection)
        connection.close()
        self.on_close(reason)
