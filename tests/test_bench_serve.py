"""bench.serve: the closed loop keeps exactly `concurrency` requests in flight, its small HTTP client
reads both response framings, and the engine-alone loop answers every request."""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from functools import partial

import trio
from hypercorn.config import Config
from hypercorn.trio import serve

from bench import serve as bench
from bench.loadgen import free_port
from helpers import lifespan, read_body

STATE = {"in_flight": 0, "most": 0, "seen": 0}


async def completions_app(scope, receive, send):
    """Answers every POST with 3 tokens after a checkpoint; odd requests come back chunked."""
    if scope["type"] == "lifespan":
        return await lifespan(receive, send)
    body = await read_body(receive)
    assert json.loads(body)["temperature"] == 0 and scope["path"] == "/v1/completions"
    STATE["in_flight"] += 1
    STATE["most"] = max(STATE["most"], STATE["in_flight"])
    await trio.sleep(0)
    STATE["in_flight"] -= 1
    STATE["seen"] += 1
    payload = json.dumps({"usage": {"completion_tokens": 3}}).encode()
    headers = [(b"content-type", b"application/json")]
    if STATE["seen"] % 2 == 0:
        headers.append((b"content-length", str(len(payload)).encode()))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": payload[:5], "more_body": True})
    await send({"type": "http.response.body", "body": payload[5:]})


@asynccontextmanager
async def completions_server():
    """`completions_app` under Hypercorn on a free loopback port; yields its URL."""
    port = free_port()
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    config.accesslog = None
    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        await nursery.start(partial(serve, completions_app, config, shutdown_trigger=shutdown.wait))
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            shutdown.set()


async def test_closed_loop_keeps_concurrency_requests_in_flight():
    async with completions_server() as url:
        level = await bench.closed_loop(url, "m", ["a", "b"], 3, 17, 8, 30)
    assert level.errors == 0 and len(level.latencies) == 17 and level.tokens == 17 * 3
    assert STATE["most"] <= 3 and STATE["seen"] == 17
    assert 0 < level.latency_ms(0.5) <= level.latency_ms(0.95)


def test_the_engine_alone_answers_every_request(tutor_folder):
    level = bench.engine_closed_loop(tutor_folder, bench.tutor_prompts(5), 2, 6, 64)
    assert len(level.latencies) == 6 and 6 * 10 < level.tokens < 6 * 64


async def test_server_and_engine_alone_alternate_in_rounds():
    """Both numbers of a ratio are taken in alternating rounds that add up to the level's requests."""
    order = []

    class Alone:
        def run(self, requests: int) -> bench.Level:
            order.append(("engine", requests))
            return bench.Level(1, requests, 0.5, 10 * requests, [0.01] * requests, 0)

    async with completions_server() as url:
        seen = STATE["seen"]
        [(server, alone)] = await bench.measure_server(url, "m", ["a"], [1], 0.25, 8, lambda c: Alone(), rounds=3)
    assert order == [("engine", 4), ("engine", 3), ("engine", 3)]  # 40 x 0.25 requests in three rounds
    assert STATE["seen"] - seen == 2 + 10  # the warm-up, then the rounds
    assert len(server.latencies) == 10 and server.tokens == 30
    assert alone.requests == 10 and alone.seconds == 1.5 and alone.tokens == 100
