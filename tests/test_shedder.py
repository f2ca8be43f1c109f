"""The shedder (miniserve/http/shedder.py): while admission refuses, a new connection carrying a whole
POST to a generation route gets its 503 from the raw socket; everything else reaches Hypercorn
unread. Client sockets here are plain blocking ones, so a request has arrived before the listener
runs (no checkpoint between connect and send)."""

from __future__ import annotations

import inspect
import json
import socket
import threading

import httpx
import hypercorn.trio.run
import pytest
import trio
from helpers import real_server

from miniserve.http import shedder
from miniserve.http import refusal_thread
from miniserve.http.shedder import SheddingListener, plain_request

BODY = b'{"sentence": "He goed to school."}'
POST = b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (
    len(BODY), BODY)
GET = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"


def test_a_connection_whose_client_closed_first_is_abandoned():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port)) as live, socket.create_connection(("127.0.0.1", port)) as gone:
            gone.sendall(POST)
            gone.shutdown(socket.SHUT_WR)  # the FIN is queued behind the request
            accepted = [listener.accept()[0] for _ in range(2)]
            for connection in accepted:
                connection.settimeout(5)
            by_peer = {c.getpeername(): c for c in accepted}
            assert not shedder.abandoned(by_peer[live.getsockname()])
            gone_side = by_peer[gone.getsockname()]
            assert gone_side.recv(len(POST), socket.MSG_PEEK) and shedder.abandoned(gone_side)
            for connection in accepted:
                connection.close()


def test_plain_request_takes_only_whole_plain_generation_posts():
    assert plain_request(POST) == ("/correct", len(POST))
    assert plain_request(POST + b"GET / HTTP/1.1\r\n\r\n") == ("/correct", len(POST))  # the first one only
    query = POST.replace(b"/correct", b"/v1/completions?x=1")
    assert plain_request(query) == ("/v1/completions", len(query))
    assert plain_request(POST[:-1]) is None  # the body is still on its way
    assert plain_request(POST[:40]) is None  # so is the head
    assert plain_request(GET) is None
    assert plain_request(POST.replace(b"/correct", b"/tokenize")) is None
    assert plain_request(POST.replace(b"Content-Length", b"Transfer-Encoding: chunked\r\nContent-Length")) is None
    assert plain_request(POST.replace(b"Host: x", b"Expect: 100-continue")) is None
    assert plain_request(POST.replace(b"Content-Length: ", b"Content-Length: +")) is None
    assert plain_request(POST.replace(b"Host: x", b"Content-Length: 3")) is None  # two lengths
    assert plain_request(POST.replace(b"HTTP/1.1", b"HTTP/2.0")) is None


class Admission:
    def __init__(self, refusing: bool):
        self.refusing, self.rejected, self.shed, self.idle_closed, self.let_through_peers = refusing, [], 0, [], []

    def refusal(self):
        return ("overloaded", "the waiting queue is full; retry in 2 s", 2) if self.refusing else None

    def on_reject(self, type_):
        self.rejected.append(type_)

    def on_shed(self):
        self.shed += 1

    def on_idle_closed(self, reason):
        self.idle_closed.append(reason)

    def let_through(self, peer):
        self.let_through_peers.append(peer)


def listening_socket() -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    return sock


def refusing_listener() -> tuple[SheddingListener, int, Admission]:
    """A shedding listener whose admission refuses, on a socket deferred as the server's (ready once the
    request is in): the listener, its port and the admission."""
    sock = listening_socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, 1)
    admission = Admission(refusing=True)
    return SheddingListener(trio.socket.from_stdlib_socket(sock), admission), sock.getsockname()[1], admission


def connect_and_send(port: int, data: bytes) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", port), timeout=10)
    client.sendall(data)
    return client


def read_to_end(client: socket.socket) -> bytes:
    out = b""
    while chunk := client.recv(65536):
        out += chunk
    return out


async def test_refused_connections_are_answered_and_the_next_one_is_handed_on():
    sock = listening_socket()
    port, admission = sock.getsockname()[1], Admission(refusing=True)
    listener = SheddingListener(trio.socket.from_stdlib_socket(sock), admission)
    refused = [connect_and_send(port, POST) for _ in range(3)]
    passed = connect_and_send(port, GET)
    with trio.fail_after(10):
        stream = await listener.accept()
        assert await stream.receive_some(65536) == GET  # unread: Hypercorn parses it as sent
    for client in refused:
        answer = await trio.to_thread.run_sync(read_to_end, client)  # ends: the shedder closed it
        head, _, body = answer.partition(b"\r\n\r\n")
        lines = head.lower().split(b"\r\n")
        assert lines[0] == b"http/1.1 503 service unavailable"
        assert b"retry-after: 2" in lines and b"connection: close" in lines
        assert json.loads(body)["error"]["type"] == "overloaded"
        client.close()
    assert admission.rejected == ["overloaded"] * 3 and admission.shed == 3 == listener.shed
    passed.close()
    await stream.aclose()
    await listener.aclose()


@pytest.mark.parametrize("refusing, request_bytes", [(False, POST), (True, POST[:-5]), (True, GET)])
async def test_what_is_not_refused_reaches_hypercorn_unread(refusing, request_bytes):
    sock = listening_socket()
    admission = Admission(refusing)
    listener = SheddingListener(trio.socket.from_stdlib_socket(sock), admission)
    client = connect_and_send(sock.getsockname()[1], request_bytes)
    with trio.fail_after(10):
        stream = await listener.accept()
        assert await stream.receive_some(65536) == request_bytes
    assert admission.shed == 0 and admission.rejected == []
    # a whole generation request let through holds its place in admission until it arrives there
    assert admission.let_through_peers == ([client.getsockname()] if request_bytes == POST else [])
    client.close()
    await stream.aclose()
    await listener.aclose()


def refused_while_the_loop_is_busy(port: int) -> bytes:
    """Runs on the event loop's own thread, holding it: only the refusal thread can answer."""
    client = connect_and_send(port, POST)
    try:
        return read_to_end(client)
    finally:
        client.close()


async def test_refusals_do_not_wait_for_the_event_loop():
    """Under overload a round of the event loop takes tens of milliseconds: the listener's thread refuses
    while the loop is busy, and hands what it cannot refuse (a GET here) to the loop's accept."""
    listener, port, admission = refusing_listener()
    accepted = []

    async def accepting():
        accepted.append(await listener.accept())
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(accepting)
            await trio.testing.wait_all_tasks_blocked()  # accept waits: its thread has started
            answers = [refused_while_the_loop_is_busy(port) for _ in range(3)]  # no checkpoint in between
            passed = connect_and_send(port, GET)
    assert all(answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n") for answer in answers)
    with open(f"/proc/self/task/{listener.thread.thread.native_id}/comm") as comm:  # as bench/cpu.py finds it
        assert comm.read().strip() == refusal_thread.OS_NAME
    assert admission.shed == 3 == listener.shed and admission.rejected == ["overloaded"] * 3
    assert await accepted[0].receive_some(65536) == GET
    passed.close()
    await accepted[0].aclose()
    await listener.aclose()
    assert not listener.thread.thread.is_alive()


class ThreadKiller(BaseException):
    """Not an Exception: what the thread cannot go on after."""


async def test_the_event_loop_accepts_and_refuses_on_its_own_when_the_refusal_thread_dies():
    """The event loop watches the listening socket as well as the thread: nothing depends on the thread."""
    listener, port, admission = refusing_listener()
    drain, accepted = listener.drain, []

    def dies_in_the_thread():
        if threading.current_thread() is listener.thread.thread:
            raise ThreadKiller
        return drain()
    listener.drain = dies_in_the_thread

    async def accepting():
        accepted.append(await listener.accept())
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(accepting)
            await trio.testing.wait_all_tasks_blocked()
            refused = connect_and_send(port, POST)  # the thread dies on it; the loop refuses it
            await trio.to_thread.run_sync(listener.thread.thread.join)
            assert (await trio.to_thread.run_sync(read_to_end, refused)).startswith(b"HTTP/1.1 503 ")
            passed = connect_and_send(port, GET)
    assert listener.shed == 1 and await accepted[0].receive_some(65536) == GET
    refused.close()
    passed.close()
    await accepted[0].aclose()
    await listener.aclose()


async def test_a_refusal_thread_that_cannot_start_is_tried_again(monkeypatch):
    sock = listening_socket()
    listener = SheddingListener(trio.socket.from_stdlib_socket(sock), Admission(refusing=True))
    start, attempts = threading.Thread.start, []

    def fails_once(thread):
        attempts.append(thread)
        if len(attempts) == 1:
            raise RuntimeError("can't start new thread")
        start(thread)
    monkeypatch.setattr(threading.Thread, "start", fails_once)
    with pytest.raises(RuntimeError):
        await listener.accept()
    assert listener.thread is None
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(listener.accept)
            await trio.testing.wait_all_tasks_blocked()
            assert listener.thread is not None and listener.thread.thread.is_alive()
            nursery.cancel_scope.cancel()
    await listener.aclose()


async def test_the_refusal_thread_survives_an_unexpected_error():
    listener, port, admission = refusing_listener()
    drain, failed = listener.drain, []

    def fails_once():
        if not failed:
            failed.append(True)
            raise RuntimeError("a defect")
        return drain()
    listener.drain = fails_once
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(listener.accept)
            await trio.testing.wait_all_tasks_blocked()
            answer = refused_while_the_loop_is_busy(port)  # the thread failed once, then refused it
            nursery.cancel_scope.cancel()
    assert failed and answer.startswith(b"HTTP/1.1 503 ") and listener.shed == 1
    await listener.aclose()


async def test_hypercorn_builds_its_listeners_where_the_shedder_hooks_in():
    """If a Hypercorn release builds listeners another way, shedding would silently stop: fail here."""
    assert "trio.SocketListener(" in inspect.getsource(hypercorn.trio.run.worker_serve)
    shedder.install()
    sock = listening_socket()
    plain = hypercorn.trio.run.trio.SocketListener(trio.socket.from_stdlib_socket(sock))
    assert type(plain) is trio.SocketListener  # no admission set in this context: plain trio's
    token = shedder.admission_of_this_server.set(Admission(refusing=False))
    try:
        shedding = hypercorn.trio.run.trio.SocketListener(trio.socket.from_stdlib_socket(sock))
        assert isinstance(shedding, SheddingListener)
    finally:
        shedder.admission_of_this_server.reset(token)
    await shedding.aclose()


LONG = {"model": "miniserve-tutor", "prompt": "Hello", "max_tokens": 160, "temperature": 0, "ignore_eos": True,
        "stream": True}


async def test_a_full_real_server_sheds_below_hypercorn_and_still_answers_other_routes(tutor_folder):
    """Two slots and a queue of two: four long streams started together fill them; then a new
    connection's POST is refused by the shedder, and /healthz is still answered. The engine frees
    a place when a 160-token sequence ends, so a slow run may miss that window: it tries again (at
    most five times) and must see one refusal from the shedder."""
    probe_request = POST.replace(b"Host: x", b"Host: x\r\nConnection: close")  # answered or not, it ends
    with real_server(tutor_folder, "--max-batch", "2", "--max-queue", "2") as (_, port):
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            answers = []

            async def stream(started: trio.Event, release: trio.Event):
                async with client.stream("POST", "/v1/completions", json=LONG) as response:
                    assert response.status_code == 200
                    started.set()
                    await release.wait()

            for _ in range(5):
                release, started = trio.Event(), [trio.Event() for _ in range(4)]
                async with trio.open_nursery() as nursery:
                    for event in started:
                        nursery.start_soon(stream, event, release)
                    for event in started:
                        await event.wait()  # all four in the engine: it is full
                    probe = connect_and_send(port, probe_request)
                    answers.append(await trio.to_thread.run_sync(read_to_end, probe))
                    probe.close()
                    release.set()
                if answers[-1].startswith(b"HTTP/1.1 503 "):
                    break
            answer = answers[-1]
            assert answer.startswith(b"HTTP/1.1 503 ") and b"connection: close" in answer, answers
            assert b"server: hypercorn" not in answer.lower()  # not Hypercorn's answer
            assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["type"] == "overloaded"
            assert (await client.get("/healthz")).status_code == 200
            assert "miniserve_connections_shed_total 1.0" in (await client.get("/metrics")).text
