"""The load generator's HTTP/1.1 client (bench/http1.py) against Hypercorn: streamed (chunked)
and whole bodies, split anywhere, on reused keep-alive connections."""

from __future__ import annotations

from contextlib import asynccontextmanager

import trio
from hypercorn.config import Config
from hypercorn.trio import serve

from bench.http1 import Pool
from bench.loadgen import free_port
from helpers import lifespan, read_body

PIECES = [b"data: {\"a\": 1}\n\n", b"x" * 70000, b"0\r\n", b"\r\n", b"0\r\n\r\n", b"tail"]  # bytes that look like chunk ends


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        return await lifespan(receive, send)
    body = await read_body(receive)
    if scope["path"] == "/stream":  # no content-length: Hypercorn sends it chunked, piece by piece
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
        for piece in PIECES:
            await send({"type": "http.response.body", "body": piece, "more_body": True})
            await trio.sleep(0.001)
        await send({"type": "http.response.body", "body": b""})
    else:
        await send({"type": "http.response.start", "status": 503, "headers": [(b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


@asynccontextmanager
async def served(keep_alive_timeout: float | None = None):
    """Hypercorn serving `app` on a loopback port, its listener up: yields the port."""
    port = free_port()
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    config.accesslog = None
    if keep_alive_timeout is not None:
        config.keep_alive_timeout = keep_alive_timeout
    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(lambda: serve(app, config, shutdown_trigger=shutdown.wait))
        with trio.fail_after(10):
            while True:  # wait for the listener (bounded)
                try:
                    await (await trio.open_tcp_stream("127.0.0.1", port)).aclose()
                    break
                except OSError:
                    await trio.sleep(0.05)
        yield port
        shutdown.set()


async def test_streamed_and_whole_bodies_on_reused_connections():
    async with served() as port:
        pool = Pool("127.0.0.1", port)
        with trio.fail_after(10):
            sent = []
            for _ in range(3):
                response = await pool.post("/stream", b"{}", on_send=lambda: sent.append(trio.current_time()))
                assert response.status == 200 and response.body == b"".join(PIECES)
                assert response.first_byte is not None and response.first_byte >= sent[-1]
                assert len(pool.idle) == 1  # kept alive and reused
            whole = await pool.post("/echo", b'{"sentence": "x"}')
            assert (whole.status, whole.body) == (503, b'{"sentence": "x"}') and len(pool.idle) == 1
            again = await pool.post("/stream", b"{}")
            assert again.body == b"".join(PIECES)
        await pool.aclose()


async def test_a_connection_the_server_closed_while_idle_is_not_reused():
    """The server's keep-alive timeout closes a pooled connection; the next request opens a new one
    instead of failing on the dead one."""
    async with served(keep_alive_timeout=0.2) as port:
        pool = Pool("127.0.0.1", port)
        with trio.fail_after(10):
            first = await pool.post("/echo", b"{}")
            assert first.status == 503 and len(pool.idle) == 1
            [(stream, _)] = pool.idle
            await trio.lowlevel.wait_readable(stream.socket)  # the server's close (EOF) has arrived
            again = await pool.post("/echo", b'{"again": 1}')
            assert (again.status, again.body) == (503, b'{"again": 1}')
            [(kept, _)] = pool.idle
            assert kept is not stream  # a new connection, kept alive in turn
        await pool.aclose()
