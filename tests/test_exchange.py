"""bench.exchange: every probe on a request's path still fires (a renamed function would silently
drop a segment of docs/perf.md's timeline), in order, for every request, against the real server."""

from __future__ import annotations

from bench import exchange


async def test_every_probe_fires_once_per_request_in_order():
    segments = await exchange.measure(requests=8, max_tokens=8, warmup=2)
    pairs = [f"{a} -> {b}" for a, b in zip(exchange.ORDER, exchange.ORDER[1:])]
    assert list(segments) == pairs + ["whole exchange"]
    assert all(len(v) == 8 and min(v) >= 0 for v in segments.values())
    for i in range(8):  # the segments add up to the whole exchange
        assert abs(sum(segments[p][i] for p in pairs) - segments["whole exchange"][i]) < 1e-9
