"""The HTTP/1.1 connection's life on the real server (`miniserve serve`, Hypercorn's trio worker) over
raw loopback sockets: closed when it should be, never leaked, never held by a slow or malformed
body. Every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket

import pytest
import trio
from helpers import real_server

KEEP_ALIVE = 1.0
BODY_TIMEOUT = 1.0
GET = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
STATS = b"GET /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"


@pytest.fixture(scope="module")
def server(tutor_folder):
    flags = ("--max-batch", "4", "--keep-alive-timeout", str(KEEP_ALIVE), "--body-timeout", str(BODY_TIMEOUT),
             "--idle-connections-per-address", "64")
    with real_server(tutor_folder, *flags, stop=signal.SIGKILL) as (process, port):
        yield process, port


async def exchange(port: int, request: bytes, wait: float = 5.0) -> tuple[bytes, bool]:
    """Send `request`, read until the server closes (True) or `wait` seconds pass (False)."""
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    data = b""
    async with stream:
        await stream.send_all(request)
        with trio.move_on_after(wait):
            while chunk := await stream.receive_some(65536):
                data += chunk
            return data, True
    return data, False


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def test_connection_close_closes_the_connection(server):
    _, port = server
    data, closed = await exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert data.startswith(b"HTTP/1.1 200") and closed


async def test_http_1_0_closes_the_connection(server):
    _, port = server
    data, closed = await exchange(port, b"GET /healthz HTTP/1.0\r\n\r\n")
    assert data.startswith(b"HTTP/1.1 200") and closed


async def test_keep_alive_timeout_closes_idle_connections(server):
    _, port = server
    closed = []

    async def idle_client():
        data, was_closed = await exchange(port, GET, wait=KEEP_ALIVE + 5)
        closed.append(data.startswith(b"HTTP/1.1 200") and was_closed)

    async with trio.open_nursery() as nursery:
        for _ in range(50):
            nursery.start_soon(idle_client)
    assert closed == [True] * 50


async def test_one_request_clients_do_not_leak_file_descriptors(server):
    """300 clients that each send one request and then neither close nor send again (half of them
    said Connection: close): the server's descriptors come back to where they were."""
    process, port = server
    before = open_fds(process.pid)
    streams = []
    for i in range(300):
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        streams.append(stream)
        await stream.send_all(GET if i % 2 else b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert (await stream.receive_some(65536)).startswith(b"HTTP/1.1 200")
    try:
        with trio.fail_after(KEEP_ALIVE + 10):  # a bounded poll of the server's descriptor table
            while open_fds(process.pid) > before + 5:
                await trio.sleep(0.1)
    finally:
        for stream in streams:
            await stream.aclose()


async def test_a_trickled_body_gets_408_and_the_connection_closes(server):
    _, port = server
    head = b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"
    data, closed = await exchange(port, head, wait=BODY_TIMEOUT + 5)
    assert data.startswith(b"HTTP/1.1 408") and closed
    assert b'"body_timeout"' in data


async def test_an_absurd_chunk_size_is_a_400(server):
    _, port = server
    request = (b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Transfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n{}\r\n0\r\n\r\n")
    data, closed = await exchange(port, request)
    assert data.startswith(b"HTTP/1.1 400") and closed


async def test_content_length_with_transfer_encoding_is_a_400_and_closes(server):
    _, port = server
    request = (b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
               b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
    data, closed = await exchange(port, request)
    assert data.startswith(b"HTTP/1.1 400") and closed
    assert b"connection: close" in data.lower()



@pytest.fixture(scope="module")
def patient_server(tutor_folder):
    """Hypercorn's default keep-alive (a minute here): a connection freed before then was closed on EOF."""
    with real_server(tutor_folder, "--max-batch", "2", "--keep-alive-timeout", "60", stop=signal.SIGKILL) as (process, port):
        yield process, port


async def test_clients_that_close_free_their_connection_at_once(patient_server):
    """100 clients: half connect and close without a request, half close their keep-alive connection
    after one answer. The server's descriptors come back within seconds, not after the keep-alive
    timeout (before the fix each one stayed open for the whole minute)."""
    process, port = patient_server
    before = open_fds(process.pid)
    for i in range(100):
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        async with stream:
            if i % 2:
                await stream.send_all(GET)
                assert (await stream.receive_some(65536)).startswith(b"HTTP/1.1 200")
    with trio.fail_after(20):  # a bounded poll of the server's descriptor table (a loaded machine is slow)
        while open_fds(process.pid) > before + 5:
            await trio.sleep(0.1)


async def test_http2_is_refused_and_the_connection_closed(server):
    """Cleartext HTTP/2 would bypass the connection's protections (write deadline, close on EOF)."""
    _, port = server
    preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"  # and an empty SETTINGS frame
    data, closed = await exchange(port, preface)
    assert data.startswith(b"HTTP/1.1 505") and closed


async def test_an_h2c_upgrade_is_answered_in_http_1_1(server):
    _, port = server
    request = (b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings, close\r\nUpgrade: h2c\r\n"
               b"HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n")
    data, closed = await exchange(port, request)
    assert data.startswith(b"HTTP/1.1 200") and closed


async def test_a_websocket_handshake_gets_a_json_400_in_the_routes_shape(server):
    _, port = server
    for path in ("/correct", "/v1/completions", "/nope"):
        request = (f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
        data, _ = await exchange(port, request, wait=2)
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400"), (path, head)
        assert b"x-content-type-options: nosniff" in head.lower()
        error = json.loads(body)["error"]
        assert "WebSockets" in error["message"]
        assert ("param" in error) == path.startswith("/v1/"), error  # OpenAI's shape on its routes


async def test_requests_h11_refuses_get_a_json_error_and_a_close(server):
    _, port = server
    cases = [(b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400),
             (b"POST /correct HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
             (b"GET /" + b"a" * 20_000, 431)]  # a request line still unfinished past h11's 16 KiB (all of it read, so no reset)
    for request, status in cases:
        data, closed = await exchange(port, request)
        head, _, body = data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 %d" % status) and closed, head
        assert json.loads(body)["error"]["status"] == status


def scraped(text: str, line_start: str) -> float:
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(line_start))


async def test_paragraphs_whose_clients_left_at_once_cost_the_engine_nothing(server):
    """A client that sends a paragraph and closes at once is gone before its plan, the engine or the
    parser do anything for it: closed at the accept if its close came first (shedder.abandoned), else
    by routes.let_a_disconnect_land, whose access line and count say 499."""
    _, port = server
    text = "The students who lives near the school walks there. My sister have two dogs. We goed home."
    body = json.dumps({"text": text}).encode()
    request = (b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    metrics = b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    left = 'miniserve_requests_total{route="/correct",status="499"}'
    closed = 'miniserve_requests_rejected_total{reason="client_closed"}'  # gone before the accept (shedder.abandoned)
    before = (await exchange(port, metrics))[0].decode()
    for _ in range(10):
        sock = trio.socket.socket()
        await sock.connect(("127.0.0.1", port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)  # the request and the FIN leave together
        sent = 0
        while sent < len(request):
            sent += await sock.send(request[sent:])
        sock.close()
    with trio.fail_after(20):
        while True:
            text = (await exchange(port, metrics))[0].decode()
            if sum(scraped(text, count) - scraped(before, count) for count in (left, closed)) >= 10:
                break
            await trio.sleep(0.05)
        while (stats := json.loads((await exchange(port, STATS))[0].split(b"\r\n\r\n", 1)[1]))["running"] or stats["waiting"]:
            await trio.sleep(0.05)  # whatever was handed to the engine has been counted by now
    now = (await exchange(port, metrics))[0].decode()
    sequences = "miniserve_queue_time_seconds_count"  # every sequence the engine was handed
    assert scraped(now, sequences) == scraped(before, sequences)
    data, _ = await exchange(port, request.replace(b"HTTP/1.1\r\n", b"HTTP/1.1\r\nConnection: close\r\n", 1), wait=30)
    assert data.startswith(b"HTTP/1.1 200") and b'"sentences"' in data  # and one that waits is answered


async def test_requests_pipelined_on_a_connection_its_client_closed_cost_the_engine_nothing(server):
    """Hypercorn reads requests pipelined on one connection one after another from what it has read,
    and the client's close only after them, so it delivers no `http.disconnect` to them: the direct
    routes ask the kernel (CoalescingStream.peer_gone). Eight completions of 8 prompts written in one go; the
    client closes once the first runs: the first is answered or cut, the next is a 499 that reaches no
    engine (and Hypercorn drops the rest with the connection); before, all eight ran (64 sequences)."""
    _, port = server
    body = json.dumps({"model": "miniserve-tutor", "prompt": ["He goed"] * 8, "max_tokens": 160, "ignore_eos": True}).encode()
    one = (b"POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    metrics = b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    left = 'miniserve_requests_total{route="/v1/completions",status="499"}'
    sequences = "miniserve_queue_time_seconds_count"  # every sequence the engine was handed
    before = (await exchange(port, metrics))[0].decode()
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    await stream.send_all(one * 8)
    with trio.fail_after(30):
        while not json.loads((await exchange(port, STATS))[0].split(b"\r\n\r\n", 1)[1])["running"]:
            await trio.sleep(0.01)
        await stream.aclose()
        while scraped((await exchange(port, metrics))[0].decode(), left) < scraped(before, left) + 1:
            await trio.sleep(0.05)
        while (stats := json.loads((await exchange(port, STATS))[0].split(b"\r\n\r\n", 1)[1]))["running"] or stats["waiting"]:
            await trio.sleep(0.05)
    now = (await exchange(port, metrics))[0].decode()
    assert scraped(now, sequences) - scraped(before, sequences) <= 16  # the first, or at most the second too


async def test_connections_that_send_nothing_wait_outside_hypercorn_and_are_bounded_per_address(server):
    """72 connections from one address that send nothing (the kernel hands them over after
    TCP_DEFER_ACCEPT's second): beyond 64 waiting from one address the oldest are closed at once, the
    rest after the keep-alive timeout; each is counted, and a request on a fresh connection is answered."""
    _, port = server
    metrics = b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    evicted = 'miniserve_connections_closed_idle_total{reason="idle_evicted"}'
    timed_out = 'miniserve_connections_closed_idle_total{reason="idle_timeout"}'
    before = (await exchange(port, metrics))[0].decode()
    idle = []
    for _ in range(72):
        sock = trio.socket.socket()
        await sock.connect(("127.0.0.1", port))
        idle.append(sock)
    with trio.fail_after(20):
        for sock in idle:
            assert await sock.recv(1) == b""  # closed by the server
    now = (await exchange(port, metrics))[0].decode()
    gained = {name: scraped(now, name) - scraped(before, name) for name in (evicted, timed_out)}
    assert sum(gained.values()) == 72 and gained[evicted] >= 1, gained
    data, closed = await exchange(port, GET.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
    assert data.startswith(b"HTTP/1.1 200") and closed
    for sock in idle:
        sock.close()
