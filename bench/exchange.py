"""Where one request's time goes at concurrency 1: a timeline of the exchange, probe by probe.

    python -m bench.quiet -- python -m bench.exchange [--requests 300] [--max-tokens 64] [--json out.json]

Starts `miniserve serve --max-batch 1 --speculate 0` on a free loopback port through this module
(`--serve`), which first puts timestamp probes (`time.perf_counter`, one clock for both processes) on
the server's path: bytes read from the client, the outermost ASGI layer entered, the direct route
entered, the sequence handed to the compute thread, the compute thread taking it, the last step's
result published, the event loop woken, the results applied, the answer handed to the ASGI layers,
and the answer's last write starting (so "answer written -> client parsed" is the write, the
loopback and the client). The client (bench.serve's small keep-alive client) sends `--requests`
`/v1/completions` tutor prompts one after the other and stamps its own send and its parsed answer.
It prints the median and mean of each segment between two probes, over the requests after a warm-up;
the segments add up to the whole exchange, and "taken -> last step" is the engine's own share.

The probes wrap functions by name (docs/perf.md, "Where a request's microseconds go"); a probe whose
function is gone fails the run (tests/test_exchange.py runs it), never hides a segment. Loopback only.
"""

from __future__ import annotations

import atexit
import json
import os
import pickle
import statistics
import sys
import tempfile
import time

import trio

from miniserve import console

PROBES_FILE = "MINISERVE_EXCHANGE_PROBES"
# (segment start, segment end) in the order they happen; the server's probes, and the client's
ORDER = ("client sent", "request read", "app entered", "route entered", "handed to the compute thread",
         "taken by the compute thread", "last step published", "event loop woken", "results applied",
         "answer to the ASGI layers", "answer written", "client parsed")


# -- the server side: probes, then `miniserve serve` -------------------------------------------

def install_probes(stamps: list) -> None:
    """Wrap the functions the timeline reads. Each appends (probe, perf_counter())."""
    from trio import SocketStream
    from trio._core._io_epoll import EpollIOManager

    from miniserve.engine.core.worker import Worker
    from miniserve.engine.loop import CoreLoop
    from miniserve.http import direct
    from miniserve.http.startup import RequireTrio
    from miniserve.scheduler.scheduler import Scheduler

    clock, note = time.perf_counter, stamps.append

    receive, send_all = SocketStream.receive_some, SocketStream.send_all

    async def receive_some(self, max_bytes=None):
        data = await receive(self, max_bytes)
        if data:
            note(("request read", clock()))
        return data

    async def sending(self, data):
        if data:  # before the write: the client may read the bytes before this thread runs again
            note(("answer written", clock()))
        await send_all(self, data)

    SocketStream.receive_some, SocketStream.send_all = receive_some, sending

    entered = RequireTrio.__call__

    async def app(self, scope, receive, send):
        if scope["type"] == "http":
            note(("app entered", clock()))
        return await entered(self, scope, receive, send)

    RequireTrio.__call__ = app
    route = direct.DirectRoutes.__call__

    async def routed(self, scope, receive, send):
        note(("route entered", clock()))
        return await route(self, scope, receive, send)

    direct.DirectRoutes.__call__ = routed
    whole = direct.send_whole

    async def send_whole(*args, **kwargs):
        note(("answer to the ASGI layers", clock()))
        return await whole(*args, **kwargs)

    direct.send_whole = send_whole
    put, add = Worker.put, CoreLoop.add

    def handed(self, *args, **kwargs):
        note(("handed to the compute thread", clock()))
        return put(self, *args, **kwargs)

    def taken(self, *args, **kwargs):
        note(("taken by the compute thread", clock()))
        return add(self, *args, **kwargs)

    Worker.put, CoreLoop.add = handed, taken
    publish, flush = Scheduler._publish, Scheduler._flush

    def published(self, result, urgent):
        if urgent:
            note(("last step published", clock()))
        return publish(self, result, urgent)

    def flushed(self):
        flush(self)
        note(("results applied", clock()))

    Scheduler._publish, Scheduler._flush = published, flushed
    events = EpollIOManager.get_events

    def woken(self, timeout):
        got = events(self, timeout)
        note(("event loop woken", clock()))
        return got

    EpollIOManager.get_events = woken


def serve(argv: list[str]) -> int:
    stamps: list = []
    install_probes(stamps)
    path = os.environ[PROBES_FILE]
    atexit.register(lambda: pickle.dump(stamps, open(path, "wb")))
    from miniserve.cli import main as miniserve

    return miniserve(["serve", *argv])


# -- the client side and the timeline ---------------------------------------------------------

def timeline(client: list, server: list, warmup: int) -> dict[str, list[float]]:
    """Per request (from one client send to the next), the time between consecutive probes. A probe
    that fires several times in a request counts where the order needs it: the first after the
    previous probe, except "last step published" and "answer written", whose last counts."""
    stamps = sorted(client + server, key=lambda s: s[1])
    cycles, current = [], None
    for name, t in stamps:
        if name == "client sent":
            if current is not None:
                cycles.append(current)
            current = [(name, t)]
        elif current is not None:
            current.append((name, t))
    if current is not None:
        cycles.append(current)
    segments: dict[str, list[float]] = {}
    for cycle in cycles[warmup:]:
        times, at = {}, cycle[0][1]
        for probe in ORDER:
            hits = [t for name, t in cycle if name == probe and t >= at]
            if probe == "last step published":
                hits = hits[-1:]
            if probe == "answer written":
                done = next(t for name, t in cycle if name == "client parsed")
                hits = [t for t in hits if t <= done][-1:]
            if not hits:
                raise RuntimeError(f"no '{probe}' in a request: the probe's function changed")
            times[probe] = at = hits[0]
        for a, b in zip(ORDER, ORDER[1:]):
            segments.setdefault(f"{a} -> {b}", []).append(times[b] - times[a])
        segments.setdefault("whole exchange", []).append(times[ORDER[-1]] - times[ORDER[0]])
    return segments


async def drive(port: int, prompts: list[str], requests: int, max_tokens: int) -> list:
    from bench.serve import Connection

    stamps, connection = [], Connection("127.0.0.1", port)
    try:
        for i in range(requests):
            body = json.dumps({"model": "miniserve-tutor", "prompt": prompts[i % len(prompts)],
                               "max_tokens": max_tokens, "temperature": 0}).encode()
            stamps.append(("client sent", time.perf_counter()))
            status, payload = await connection.post("/v1/completions", body)
            json.loads(payload)
            stamps.append(("client parsed", time.perf_counter()))
            if status != 200:
                raise RuntimeError(f"the server answered {status}: {payload[:200]!r}")
    finally:
        await connection.close()
    return stamps


async def measure(requests: int, max_tokens: int, warmup: int) -> dict[str, list[float]]:
    from bench.loadgen import Server
    from bench.serve import tutor_prompts

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "probes.pickle")
        os.environ[PROBES_FILE] = path
        server = Server("continuous", max_batch=1, max_queue=2, extra=("--speculate", "0"))
        server.args = [sys.executable, "-m", "bench.exchange", "--serve", "--", *server.args[4:]]
        with trio.fail_after(600):
            async with server:
                client = await drive(server.port, tutor_prompts(200), requests + warmup, max_tokens)
        with open(path, "rb") as f:
            probes = pickle.load(f)
    return timeline(client, probes, warmup)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"]:
        return serve(argv[2:] if argv[1:2] == ["--"] else argv[1:])
    parser = console.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=console.positive(int), default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--max-tokens", type=console.positive(int), default=64)
    parser.add_argument("--json", help="write the segments' medians and means (ms) here")
    args = parser.parse_args(argv)
    segments = trio.run(measure, args.requests, args.max_tokens, args.warmup)
    rows = {name: {"median_ms": 1000 * statistics.median(v), "mean_ms": 1000 * statistics.mean(v), "n": len(v)}
            for name, v in segments.items()}
    width = max(len(name) for name in rows)
    for name, row in rows.items():
        print(f"{name:<{width}}  median {row['median_ms']:8.3f} ms   mean {row['mean_ms']:8.3f} ms")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0


if __name__ == "__main__":
    console.run(main)
