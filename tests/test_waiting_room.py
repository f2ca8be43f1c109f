"""The waiting room (miniserve/http/waiting_room.py): a connection accepted before its request's head has
arrived whole waits in an epoll object, not in Hypercorn; it is handed on when its head is in, and closed
when its client leaves, when it waits too long, or when its address (or the room) holds too many."""

from __future__ import annotations

import select
import socket

import trio
import trio.testing
from test_shedder import GET, Admission, connect_and_send, listening_socket, read_to_end

from miniserve.http.shedder import SheddingListener
from miniserve.http.waiting_room import MAX_HEAD, IdleLimits, WaitingRoom, head_arrived


def pair(listener: socket.socket) -> tuple[socket.socket, socket.socket]:
    client = socket.create_connection(listener.getsockname(), timeout=10)
    accepted, _ = listener.accept()
    accepted.setblocking(False)
    return client, accepted


def test_a_head_has_arrived_once_its_blank_line_has():
    """Over a socket pair: what one end sends is in the other's buffer when `sendall` returns."""
    client, server = socket.socketpair()
    assert head_arrived(server) is False
    client.sendall(b"GET /healthz HTTP/1.1\r\n")  # the first line alone (slowloris)
    assert head_arrived(server) is False
    client.sendall(b"Host: x\r\n\r\n")
    assert head_arrived(server) is True
    bare_client, bare = socket.socketpair()
    bare_client.sendall(b"GET / HTTP/1.0\n\n")  # h11 takes bare line feeds too
    huge_client, huge = socket.socketpair()
    huge_client.sendall(b"GET /" + b"x" * MAX_HEAD)  # over h11's limit: Hypercorn answers 431
    gone_client, gone = socket.socketpair()
    gone_client.close()
    assert (head_arrived(bare), head_arrived(huge), head_arrived(gone)) == (True, True, None)
    for sock in (client, server, bare_client, bare, huge_client, huge, gone):
        sock.close()


async def wait_for_bytes(sock: socket.socket) -> bool:
    with trio.fail_after(10):
        await trio.lowlevel.wait_readable(sock)
    return True


def test_an_address_over_its_share_loses_its_oldest_and_the_room_its_oldest_in_all():
    closed = []
    room = WaitingRoom(IdleLimits(timeout=30, per_address=2, capacity=3), on_close=closed.append)
    with listening_socket() as listener:
        pairs = [pair(listener) for _ in range(4)]
        for n, (client, accepted) in enumerate(pairs[:3]):
            room.park(accepted, "10.0.0.1", now=float(n))
        assert closed == ["idle_evicted"] and len(room) == 2 and pairs[0][1].fileno() == -1  # its oldest went
        room.park(pairs[3][1], "10.0.0.2", now=3.0)
        assert len(room) == 3
        other_client, other = pair(listener)
        room.park(other, "10.0.0.3", now=4.0)  # the room is full: the oldest of all goes
        assert closed == ["idle_evicted"] * 2 and pairs[1][1].fileno() == -1 and len(room) == 3
        for client, _ in pairs:
            client.close()
        other_client.close()
        room.close()


def test_a_connection_that_waited_too_long_is_closed_and_one_with_bytes_leaves_the_room():
    closed = []
    room = WaitingRoom(IdleLimits(timeout=5, per_address=8), on_close=closed.append)
    with listening_socket() as listener:
        (slow_client, slow), (live_client, live) = pair(listener), pair(listener)
        room.park(slow, "10.0.0.1", now=0.0)
        room.park(live, "10.0.0.1", now=1.0)
        assert room.next_deadline() == 5.0
        live_client.sendall(GET)
        assert trio.run(wait_for_bytes, live)
        assert room.ready() == ([live], False) and len(room) == 1
        room.expire(4.9)
        assert closed == [] and room.next_deadline() == 5.0
        room.expire(5.0)
        assert closed == ["idle_timeout"] and len(room) == 0 and room.next_deadline() == float("inf")
        assert read_to_end(slow_client) == b""  # the client sees the close
        for sock in (slow_client, live_client, live):
            sock.close()
        room.close()


def closed_by_the_server(clients: list[socket.socket], count: int) -> set[socket.socket]:
    """Waits until `count` of `clients` see the server close them."""
    gone: set[socket.socket] = set()
    while len(gone) < count:
        readable, _, _ = select.select([c for c in clients if c not in gone], [], [], 10)
        if not readable:
            raise TimeoutError(f"{len(gone)} of {count} closed")
        for client in readable:
            assert client.recv(1) == b""
            gone.add(client)
    return gone


async def test_the_listener_hands_on_a_late_first_request_and_closes_an_address_flood():
    sock = listening_socket()
    admission = Admission(refusing=False)
    listener = SheddingListener(trio.socket.from_stdlib_socket(sock), admission, IdleLimits(per_address=3))
    port = sock.getsockname()[1]
    late = socket.create_connection(("127.0.0.1", port), timeout=10)
    flood = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(6)]
    async with trio.open_nursery() as nursery:
        accepted = trio.Event()

        async def accept():
            nursery.start_soon(check, await listener.accept())

        async def check(stream):
            assert await stream.receive_some(65536) == GET  # unread: Hypercorn parses it as sent
            await stream.aclose()
            accepted.set()

        nursery.start_soon(accept)
        with trio.fail_after(10):  # four of seven from one address (the listener and its thread both
            # accept, so which four is up to the order they come in)
            closed = await trio.to_thread.run_sync(closed_by_the_server, [late, *flood], 4)
        assert len(closed) == 4 and admission.idle_closed == ["idle_evicted"] * 4 and len(listener.room) == 3
        late.close()  # a fresh connection whose request comes once it is in the room (or before)
        late = socket.create_connection(("127.0.0.1", port), timeout=10)
        late.sendall(GET)
        with trio.fail_after(10):
            await accepted.wait()
    for client in [late, *flood]:
        client.close()
    await listener.aclose()
    assert admission.rejected == [] and admission.shed == 0


async def test_the_listener_holds_an_unfinished_head_until_its_blank_line():
    sock = listening_socket()
    listener = SheddingListener(trio.socket.from_stdlib_socket(sock), Admission(refusing=False))
    first_line, rest = b"GET /healthz HTTP/1.1\r\n", b"Host: x\r\n\r\n"
    client = connect_and_send(sock.getsockname()[1], first_line)
    streams, woken, wake = [], trio.Event(), listener.wake
    listener.wake = lambda: (wake(), woken.set())
    async with trio.open_nursery() as nursery:
        async def accept():
            streams.append(await listener.accept())

        nursery.start_soon(accept)
        await trio.testing.wait_all_tasks_blocked()  # the listener has taken the connection and waits
        if not listener.room:  # its thread took it: it reaches the room when the thread wakes the loop
            with trio.fail_after(10):
                await woken.wait()
            await trio.testing.wait_all_tasks_blocked()
        assert len(listener.room) == 1 and streams == []
        client.sendall(rest)
    with trio.fail_after(10):
        data = b""
        while len(data) < len(first_line + rest):
            data += await streams[0].receive_some(65536)
    assert data == first_line + rest  # unread: Hypercorn parses it as sent
    assert len(listener.room) == 0
    client.close()
    await streams[0].aclose()
    await listener.aclose()
