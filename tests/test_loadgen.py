"""The load generator: reproducible schedules, latency from the planned time, a real short run."""

from __future__ import annotations

import json
from functools import partial

import numpy as np
import trio
from hypercorn.config import Config
from hypercorn.trio import serve

from bench import loadgen


def test_schedule_is_reproducible_from_its_seed():
    a, b, c = (loadgen.poisson_schedule(50.0, 2000, seed) for seed in (1, 1, 2))
    assert a == b and a != c
    gaps = np.diff([0.0, *a])
    assert abs(gaps.mean() - 1 / 50) < 0.002 and (gaps > 0).all()
    assert loadgen.sample_sentences(20, 3) == loadgen.sample_sentences(20, 3)


async def slow_serial_app(scope, receive, send):
    """One request at a time, 0.2 s each: a server that queues everything."""
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            await send({"type": message["type"] + ".complete"})
            if message["type"] == "lifespan.shutdown":
                return
    while (await receive()).get("more_body"):
        pass
    async with LOCK:
        await trio.sleep(0.2)
    body = json.dumps({"usage": {"completion_tokens": 1}}).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


LOCK = trio.Lock()


async def test_latency_counts_from_the_planned_time():
    port = loadgen.free_port()
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    config.accesslog = None
    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        await nursery.start(partial(serve, slow_serial_app, config, shutdown_trigger=shutdown.wait))  # listening
        offsets = [0.01, 0.02, 0.03, 0.04, 0.05]
        records = await loadgen.run_load(f"http://127.0.0.1:{port}", ["x"] * 5, offsets, timeout=10)
        shutdown.set()
    latencies = sorted(r.latency for r in records)
    # Served one after another: the last waits for four others. Its latency from its planned send
    # time is about 1 s, although each request takes only 0.2 s of server time.
    assert all(not r.error for r in records)
    assert latencies[-1] > 0.9 and latencies[0] < 0.45
    assert all(abs(r.sent - r.planned) < 0.1 for r in records)  # sent on time: open loop
    summary = loadgen.summarize(records)
    assert summary["latency_s"]["max"] > 0.9 and summary["ok"] == 5


async def test_a_short_run_against_the_real_server(tutor_folder, monkeypatch):
    monkeypatch.setenv("MINISERVE_MODEL", str(tutor_folder))
    result = await loadgen.measure("continuous", rate=25.0, n=40, seed=1, max_batch=8, progress=False)
    summary = result["summary"]
    assert summary["ok"] == 40 and summary["errors"] == {}
    assert 0 < summary["latency_s"]["p50"] <= summary["latency_s"]["p95"] <= summary["latency_s"]["max"] < 10
    assert summary["tokens_per_s"] > 0 and result["server"]["batch_size_mean"] >= 1
    assert result["server"]["generated_tokens"] == sum(r["tokens"] for r in result["records"])
    assert len(result["in_system"]) > 5
