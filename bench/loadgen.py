"""Open-loop load against a real miniserve server (127.0.0.1 only).

Arrival times are drawn in advance (Poisson, seeded) and every request is sent at its planned
time whatever the server is doing; latency is measured from the *planned* time, so a slow server
cannot hide its queueing (no coordinated omission). Failed and timed-out requests stay in the
figures. Every loop is bounded in count and in time.

    python -m bench.loadgen --scheduler continuous --rate 40 --requests 600 --out runs/load
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx
import numpy as np
import trio

LOOPBACK = "127.0.0.1"


@dataclass
class Record:
    index: int
    planned: float  # seconds from the start of the run
    sent: float
    first_byte: float | None
    end: float
    status: int  # HTTP status, or 0 when the request failed without one
    error: str  # "" when answered
    tokens: int  # generated tokens (from usage)

    @property
    def latency(self) -> float:
        return self.end - self.planned


def poisson_schedule(rate: float, n: int, seed: int) -> list[float]:
    """n arrival offsets (seconds) of a Poisson process at `rate` per second."""
    gaps = np.random.default_rng(seed).exponential(1.0 / rate, n)
    return np.cumsum(gaps).tolist()


def sample_sentences(n: int, seed: int) -> list[str]:
    """A fixed, seeded sample of the verb corpus's test split (outputs vary in length, as in use)."""
    from miniserve.tutor import corpus

    return [ex.sentence for ex in corpus.generate("test", n, seed=seed)]


async def run_load(url: str, sentences: list[str], offsets: list[float], timeout: float = 30.0,
                   path: str = "/correct", progress=None) -> list[Record]:
    """Send sentence i at offsets[i] (open loop); returns one record per request, in order."""
    assert url.startswith(f"http://{LOOPBACK}:"), "load tests only target 127.0.0.1"
    records: list[Record | None] = [None] * len(offsets)
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=2000)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=timeout) as client:
        start = trio.current_time()

        async def one(i: int) -> None:
            await trio.sleep_until(start + offsets[i])
            sent, first, status, error, tokens = trio.current_time() - start, None, 0, "", 0
            try:
                with trio.fail_after(timeout):
                    async with client.stream("POST", path, json={"sentence": sentences[i]}) as response:
                        status = response.status_code
                        body = b""
                        async for chunk in response.aiter_bytes():
                            if first is None:
                                first = trio.current_time() - start
                            body += chunk
                if status == 200:
                    tokens = json.loads(body)["usage"]["completion_tokens"]
                else:
                    error = f"http_{status}"
            except trio.TooSlowError:
                error = "timeout"
            except httpx.HTTPError as exc:
                error = type(exc).__name__
            records[i] = Record(i, offsets[i], sent, first, trio.current_time() - start, status, error, tokens)
            if progress:
                progress()

        with trio.move_on_after(offsets[-1] + timeout + 10):  # the whole run is bounded in time too
            async with trio.open_nursery() as nursery:
                for i in range(len(offsets)):
                    nursery.start_soon(one, i)
    return [r or Record(i, offsets[i], math.nan, None, offsets[-1] + timeout, 0, "not_finished", 0)
            for i, r in enumerate(records)]


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile as an observed value (no interpolation: inf stays inf, never NaN)."""
    return float(np.percentile(values, q, method="inverted_cdf")) if values else math.nan


def summarize(records: list[Record]) -> dict:
    """Latency percentiles over *all* requests, a failed one counting as never answered (infinite
    latency: a fast 503 must not make a server look fast), and over the answered ones alone."""
    latencies = [math.inf if r.error else r.latency for r in records]
    ok = [r for r in records if not r.error]
    window = max(r.end for r in records) - min(r.planned for r in records)
    errors: dict[str, int] = {}
    for r in records:
        if r.error:
            errors[r.error] = errors.get(r.error, 0) + 1
    ttft = [r.first_byte - r.planned for r in ok if r.first_byte is not None]
    return {
        "requests": len(records), "ok": len(ok), "errors": errors,
        "offered_rate": round(len(records) / max(r.planned for r in records), 2),
        "throughput_rps": round(len(ok) / window, 2),
        "tokens_per_s": round(sum(r.tokens for r in ok) / window, 1),
        "latency_s": {f"p{q}": round(percentile(latencies, q), 4) for q in (50, 90, 95, 99)} | {"max": max(latencies)},
        "latency_answered_s": {f"p{q}": round(percentile([r.latency for r in ok], q), 4) for q in (50, 95, 99)}
        | {"max": round(max((r.latency for r in ok), default=math.nan), 4)},
        "mean_latency_ok_s": round(float(np.mean([r.latency for r in ok])), 4) if ok else math.nan,
        "first_byte_p50_s": round(percentile(ttft, 50), 4),
        "send_lag_p99_s": round(percentile([r.sent - r.planned for r in records if r.sent == r.sent], 99), 4),
        "window_s": round(window, 2),
    }


# -- the server side: a real `miniserve serve` process, its /metrics and /stats ---------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


class Server:
    """`miniserve serve` as a subprocess on a free loopback port; stopped with SIGTERM."""

    def __init__(self, scheduler: str, max_batch: int = 32, max_queue: int = 64, extra: tuple[str, ...] = ()):
        self.port = free_port()
        self.url = f"http://{LOOPBACK}:{self.port}"
        self.args = [sys.executable, "-m", "miniserve.cli", "serve", "--host", LOOPBACK, "--port", str(self.port),
                     "--scheduler", scheduler, "--max-batch", str(max_batch), "--max-queue", str(max_queue), *extra]

    async def __aenter__(self) -> "Server":
        # The server's log goes to a file: a pipe that nobody reads would fill and block the server.
        self.log = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(self.args, stdout=self.log, stderr=self.log, text=True)
        async with httpx.AsyncClient(base_url=self.url) as client:
            with trio.fail_after(120):
                while True:
                    if self.process.poll() is not None:
                        self.log.seek(0)
                        raise RuntimeError(f"server exited: {self.log.read()[-2000:]}")
                    try:
                        if (await client.get("/readyz")).status_code == 200:
                            return self
                    except httpx.TransportError:
                        pass
                    await trio.sleep(0.1)

    async def __aexit__(self, *exc) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            await trio.to_thread.run_sync(lambda: self.process.wait(60))
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


async def scrape_metrics(url: str) -> dict[str, float]:
    from prometheus_client.parser import text_string_to_metric_families

    async with httpx.AsyncClient(base_url=url) as client:
        text = (await client.get("/metrics")).text
    return {s.name + ("" if not s.labels else json.dumps(s.labels, sort_keys=True)): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def server_view(before: dict, after: dict) -> dict:
    """Means of the server's own histograms over the run (after - before)."""
    def mean(name):
        count = after.get(f"{name}_count", 0) - before.get(f"{name}_count", 0)
        total = after.get(f"{name}_sum", 0) - before.get(f"{name}_sum", 0)
        return round(total / count, 5) if count else None
    return {
        "queue_time_mean_s": mean("miniserve_queue_time_seconds"),
        "ttft_mean_s": mean("miniserve_time_to_first_token_seconds"),
        "request_duration_mean_s": mean("miniserve_request_duration_seconds"),
        "inter_token_mean_s": mean("miniserve_inter_token_latency_seconds"),
        "step_mean_s": mean("miniserve_step_duration_seconds"),
        "batch_size_mean": mean("miniserve_batch_size"),
        "steps": after.get("miniserve_step_duration_seconds_count", 0) - before.get("miniserve_step_duration_seconds_count", 0),
        "generated_tokens": after.get("miniserve_generation_tokens_total", 0) - before.get("miniserve_generation_tokens_total", 0),
    }


async def sample_in_system(url: str, stop: trio.Event, every: float = 0.05) -> list[tuple[float, int, int]]:
    """(time, running, waiting) from /stats until `stop`: the server's in-system gauge over time."""
    samples = []
    async with httpx.AsyncClient(base_url=url) as client:
        start = trio.current_time()
        while not stop.is_set() and len(samples) < 100_000:
            try:  # the sync scheduler blocks the event loop: /stats may not answer in time
                stats = (await client.get("/stats", timeout=30)).json()
            except httpx.HTTPError:
                continue
            samples.append((trio.current_time() - start, stats["running"], stats["waiting"]))
            with trio.move_on_after(every):
                await stop.wait()
    return samples


async def measure(scheduler: str, rate: float, n: int, seed: int = 0, max_batch: int = 32, max_queue: int = 64,
                  timeout: float = 30.0, progress: bool = True) -> dict:
    """One scheduler under one open-loop load: records, summary, server view, in-system samples."""
    offsets = poisson_schedule(rate, n, seed)
    sentences = sample_sentences(n, seed)
    async with Server(scheduler, max_batch, max_queue) as server:
        before = await scrape_metrics(server.url)
        stop = trio.Event()
        samples: list = []
        bar = Progress(f"{scheduler} @ {rate:g}/s", n) if progress else None

        async def sampler():
            samples.extend(await sample_in_system(server.url, stop))

        async with trio.open_nursery() as nursery:
            nursery.start_soon(sampler)
            started = time.time()
            records = await run_load(server.url, sentences, offsets, timeout, progress=bar.advance if bar else None)
            stop.set()
        if bar:
            bar.close()
        after = await scrape_metrics(server.url)
    return {"scheduler": scheduler, "rate": rate, "seed": seed, "max_batch": max_batch, "max_queue": max_queue,
            "started": started, "summary": summarize(records), "server": server_view(before, after),
            "in_system": samples, "records": [asdict(r) for r in records]}


class Progress:
    """A rich progress bar (rich is in the `bench` extra); silent without it."""

    def __init__(self, label: str, total: int):
        try:
            from rich.progress import Progress as RichProgress
        except ImportError:
            self.bar = None
            return
        self.bar = RichProgress(transient=True)
        self.task = self.bar.add_task(label, total=total)
        self.bar.start()

    def advance(self) -> None:
        if self.bar:
            self.bar.advance(self.task)

    def close(self) -> None:
        if self.bar:
            self.bar.stop()


def write_run(result: dict, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{result['scheduler']}-{result['rate']:g}"
    with (folder / f"{name}.jsonl").open("w") as f:
        for record in result["records"]:
            f.write(json.dumps(record) + "\n")
    summary = {k: v for k, v in result.items() if k != "records"}
    (folder / f"{name}.summary.json").write_text(json.dumps(summary, indent=1) + "\n")


def read_run(folder: Path, scheduler: str, rate: float) -> dict:
    """A run written by write_run, with its summary recomputed from the raw records."""
    name = f"{scheduler}-{rate:g}"
    result = json.loads((folder / f"{name}.summary.json").read_text())
    result["records"] = [json.loads(line) for line in (folder / f"{name}.jsonl").read_text().splitlines()]
    result["summary"] = summarize([Record(**r) for r in result["records"]])
    result.setdefault("in_system", [])
    return result


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scheduler", default="continuous")
    p.add_argument("--rate", type=float, default=40.0)
    p.add_argument("--requests", type=int, default=400)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-batch", type=int, default=32)
    p.add_argument("--max-queue", type=int, default=64)
    p.add_argument("--out", type=Path, default=Path("runs/load"))
    args = p.parse_args(argv)
    result = trio.run(measure, args.scheduler, args.rate, args.requests, args.seed, args.max_batch, args.max_queue)
    write_run(result, args.out)
    print(json.dumps({"summary": result["summary"], "server": result["server"]}, indent=1))


if __name__ == "__main__":
    main()
