"""Overload: does refusing cost throughput? Against a real `miniserve serve` on 127.0.0.1:

1. capacity: a closed loop of `--concurrency` clients for `--capacity-seconds`; completed/s is C;
2. overload: an open loop (Poisson, seeded) at `--factor` x C for `--seconds`; every request is
   sent at its planned time whatever the server does, and timed from that time.

It prints three numbers against the target (completed rate >= 90% of C; 503s answered in p99
< 50 ms; no timeouts). Bounded: at most factor x C x seconds requests (and `--max-requests`),
each with a `--timeout`; the whole run about a minute. Run it only under `python -m bench.quiet`:

    python -m bench.overload --json docs/results/overload.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import trio

from bench.loadgen import LOOPBACK, Server, percentile, poisson_schedule, sample_sentences, scrape_metrics, server_view
from miniserve import console

MAX_CONNECTIONS = 900  # below the default 1,024 descriptors of both processes


class Connection:
    """One keep-alive HTTP/1.1 connection, just enough client for JSON POSTs (Content-Length)."""

    def __init__(self, stream: trio.SocketStream):
        self.stream, self.buffer = stream, b""

    async def post(self, path: str, body: bytes) -> tuple[int, bool]:
        """(status, reusable)"""
        await self.stream.send_all(b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
                                   b"Content-Length: %d\r\n\r\n%s" % (path.encode(), LOOPBACK.encode(), len(body), body))
        while b"\r\n\r\n" not in self.buffer:
            await self._more()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        headers = dict(line.lower().split(b": ", 1) for line in lines[1:])
        length = int(headers[b"content-length"])
        while len(self.buffer) < length:
            await self._more()
        self.buffer = self.buffer[length:]
        return int(lines[0].split()[1]), headers.get(b"connection") != b"close"

    async def _more(self) -> None:
        chunk = await self.stream.receive_some(65536)
        if not chunk:
            raise EOFError("the server closed the connection")
        self.buffer += chunk


class Pool:
    def __init__(self, port: int):
        self.port, self.idle, self.open = port, [], 0

    async def post(self, path: str, body: bytes) -> int:
        if self.idle:
            connection = self.idle.pop()
        elif self.open < MAX_CONNECTIONS:
            self.open += 1
            try:
                connection = Connection(await trio.open_tcp_stream(LOOPBACK, self.port))
            except BaseException:
                self.open -= 1
                raise
        else:
            raise ConnectionError("client connection limit")
        try:
            status, reusable = await connection.post(path, body)
        except BaseException:
            self.open -= 1
            await trio.aclose_forcefully(connection.stream)
            raise
        if reusable:
            self.idle.append(connection)
        else:
            self.open -= 1
            await trio.aclose_forcefully(connection.stream)
        return status


def bodies(n: int) -> list[bytes]:
    return [json.dumps({"sentence": s}).encode() for s in sample_sentences(n, seed=1)]


async def capacity(pool: Pool, sentences: list[bytes], concurrency: int, seconds: float) -> float:
    """Completed requests per second of a closed loop, after a one-second warm-up."""
    done: list[float] = []
    start = trio.current_time()

    async def client(i: int):
        n = i
        while trio.current_time() - start < seconds + 1:
            if await pool.post("/correct", sentences[n % len(sentences)]) == 200:
                done.append(trio.current_time() - start)
            n += concurrency

    with trio.fail_after(seconds + 60):
        async with trio.open_nursery() as nursery:
            for i in range(concurrency):
                nursery.start_soon(client, i)
    counted = [t for t in done if 1 <= t <= seconds + 1]
    return len(counted) / seconds


async def overload(pool: Pool, sentences: list[bytes], rate: float, seconds: float, timeout: float,
                   max_requests: int) -> dict:
    offsets = poisson_schedule(rate, min(max_requests, int(rate * seconds)), seed=7)
    results: list[tuple[str, float, float]] = []  # (outcome, planned, answered), seconds from start
    start = trio.current_time()

    lags: list[float] = []

    async def one(i: int):
        lags.append(trio.current_time() - start - offsets[i])
        outcome = "timeout"
        with trio.move_on_after(timeout):
            try:
                outcome = str(await pool.post("/correct", sentences[i % len(sentences)]))
            except (OSError, EOFError, trio.BrokenResourceError) as error:
                outcome = type(error).__name__
        results.append((outcome, offsets[i], trio.current_time() - start))

    with trio.fail_after(offsets[-1] + timeout + 30):
        async with trio.open_nursery() as nursery:
            for i, offset in enumerate(offsets):  # one dispatcher: no task sleeps before its time
                await trio.sleep_until(start + offset)
                nursery.start_soon(one, i)
    window = offsets[-1]
    ok = [r for r in results if r[0] == "200" and r[2] <= window]
    refused = [(answered - planned) for outcome, planned, answered in results if outcome == "503"]
    outcomes: dict[str, int] = {}
    for outcome, _, _ in results:
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    return {"offered_rps": round(len(offsets) / window, 1), "requests": len(offsets), "outcomes": outcomes,
            "completed_rps": round(len(ok) / window, 1),
            "refusal_latency_ms": {f"p{q}": round(percentile(refused, q) * 1e3, 2) for q in (50, 99)},
            "timeouts": outcomes.get("timeout", 0), "send_lag_p99_ms": round(percentile(lags, 99) * 1e3, 2)}


def cpu_seconds(pid: int) -> dict[str, float]:
    """CPU seconds (user + system) of each thread of `pid` and of the processes it started (an
    engine core process, API processes), by thread name."""
    out: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            children = (task / "children").read_text().split()
        except OSError:
            continue
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        for child in children:
            for child_name, seconds in cpu_seconds(int(child)).items():
                out[child_name] = out.get(child_name, 0.0) + seconds
    return out


def gc_pauses(before: dict, after: dict) -> dict:
    """The server's garbage collections over a phase, by generation: how many, their mean, how many over 50 ms."""
    out = {}
    for generation in "012":
        def value(name, extra=None):
            key = name + json.dumps({"generation": generation, **(extra or {})}, sort_keys=True)
            return after.get(key, 0) - before.get(key, 0)
        count = value("miniserve_gc_pause_seconds_count")
        if count:
            over = count - value("miniserve_gc_pause_seconds_bucket", {"le": "0.05"})
            out[generation] = {"count": int(count), "mean_ms": round(1e3 * value("miniserve_gc_pause_seconds_sum") / count, 2),
                               "over_50ms": int(over)}
    return out


def step_ms(before: dict, after: dict) -> float | None:
    """Mean time of one step as the scheduler sees it (the thread's work plus the wait for the
    event loop to resume the scheduler task), from the server's own histogram."""
    mean = server_view(before, after)["step_mean_s"]
    return None if mean is None else round(mean * 1e3, 2)


async def measure(args: argparse.Namespace) -> dict:
    extra = ("--engine-process", "1" if args.engine_process else "0", "--api-processes", str(args.api_processes))
    async with Server("continuous", args.max_batch, args.max_queue, extra=extra) as server:
        pool = Pool(server.port)
        sentences = bodies(256)
        metrics_start = await scrape_metrics(server.url)
        capacity_rps = await capacity(pool, sentences, args.concurrency, args.capacity_seconds)
        metrics_capacity = await scrape_metrics(server.url)
        server_before, client_before = cpu_seconds(server.process.pid), time.process_time()
        profiler = None
        if args.profile:  # a sampling profile of the server during the overload phase (py-spy)
            profiler = subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(server.process.pid), "--format", "raw",
                                         "--rate", "250", "--duration", str(int(args.seconds)), "--threads",
                                         "--output", args.profile], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        result = await overload(pool, sentences, args.factor * capacity_rps, args.seconds, args.timeout,
                                args.max_requests)
        server_after, client_after = cpu_seconds(server.process.pid), time.process_time()
        metrics_overload = await scrape_metrics(server.url)
        if profiler:
            await trio.to_thread.run_sync(profiler.wait, 60)
        for connection in pool.idle:
            await trio.aclose_forcefully(connection.stream)
    cpu = {name: round(server_after[name] - server_before.get(name, 0.0), 2) for name in server_after}
    return {"capacity_rps": round(capacity_rps, 1), "factor": args.factor, **result,
            "completed_vs_capacity": round(result["completed_rps"] / capacity_rps, 3),
            "step_mean_ms": {"capacity": step_ms(metrics_start, metrics_capacity),
                             "overload": step_ms(metrics_capacity, metrics_overload)},
            "gc_pauses_in_overload": gc_pauses(metrics_capacity, metrics_overload),
            "cpu_s": {"client": round(client_after - client_before, 2),
                      "server_threads": {k: v for k, v in sorted(cpu.items(), key=lambda kv: -kv[1]) if v > 0.05}},
            "settings": {"max_batch": args.max_batch, "max_queue": args.max_queue,
                         "engine_process": args.engine_process, "api_processes": args.api_processes}}


def provenance() -> dict:
    from miniserve.tutor import model_folder

    weights = model_folder() / "model.safetensors"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    return {"commit": commit, "model_sha256": hashlib.sha256(weights.read_bytes()).hexdigest()}


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--factor", type=console.positive(float), default=10.0, help="offered load as a multiple of capacity")
    parser.add_argument("--seconds", type=console.positive(float), default=15.0, help="length of the overload phase")
    parser.add_argument("--capacity-seconds", type=console.positive(float), default=10.0, help="length of the capacity phase")
    parser.add_argument("--concurrency", type=console.positive(int), default=64, help="closed-loop clients for capacity")
    parser.add_argument("--timeout", type=console.positive(float), default=20.0, help="seconds before a request counts as timed out")
    parser.add_argument("--max-requests", type=console.positive(int), default=30_000, help="upper bound on overload requests")
    parser.add_argument("--max-batch", type=console.positive(int), default=32)
    parser.add_argument("--max-queue", type=int, default=64)
    parser.add_argument("--engine-process", action="store_true", help="the server's engine core in a process of its own")
    parser.add_argument("--api-processes", type=console.positive(int), default=1, help="HTTP processes in front of one engine core process")
    parser.add_argument("--json", help="also write the result here")
    parser.add_argument("--profile", help="record the server with py-spy during the overload phase (raw stacks)")
    args = parser.parse_args(argv)
    result = trio.run(measure, args) | provenance()
    print(json.dumps(result, indent=1))
    print(f"capacity {result['capacity_rps']} req/s; at {args.factor:g}x: completed {result['completed_rps']} req/s "
          f"({result['completed_vs_capacity']:.0%} of capacity, target >= 90%); 503 p99 "
          f"{result['refusal_latency_ms']['p99']} ms (target < 50); timeouts {result['timeouts']} (target 0)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    console.run(main)
