"""Open-loop load against a real miniserve server (127.0.0.1 only).

Arrival times are drawn in advance (Poisson, seeded) and every request is sent at its planned
time whatever the server is doing; latency is measured from the *planned* time, so a slow server
cannot hide its queueing (no coordinated omission). A failed, refused or timed-out request counts
as never answered (infinite latency in the percentiles). Every loop is bounded in count and time.

The generator watches itself: its own CPU time (all threads of this process) over the run, and its
send lag (actual send time minus planned, p50 and p99), printed with every run. It is kept light by
sending bodies encoded in advance over a small h11 client (bench/http1.py) and can be pinned to
chosen CPUs (--client-cpus; --server-cpus pins the server) with os.sched_setaffinity.

    python -m bench.loadgen --scheduler continuous --workload mix --rate 40 --requests 600
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from typing import get_args
from pathlib import Path

import httpx
import numpy as np
import trio

from bench import workload
from bench.http1 import Pool
from miniserve import console
from miniserve.config import Settings

LOOPBACK = "127.0.0.1"


@dataclass
class Record:
    index: int
    planned: float  # seconds from the start of the run
    sent: float  # when the request's bytes were written (NaN: never sent)
    first_byte: float | None  # first body bytes: the first streamed token event (TTFT)
    end: float
    status: int  # HTTP status, or 0 when the request failed without one
    error: str  # "" when answered
    tokens: int  # generated tokens (from usage)
    kind: str = "tutor"  # the workload class (bench/workload.py)
    sequences: int = 1
    server_seconds: float | None = None  # the server's own time in system (usage.total_seconds), if it says
    sequence_seconds: float | None = None  # its sequences' times in system summed (usage.sequence_seconds), if it says

    @property
    def latency(self) -> float:
        """Seconds from the planned send time to the last byte; inf when never answered."""
        return math.inf if self.error else self.end - self.planned

    @property
    def ttft(self) -> float:
        return math.inf if self.error or self.first_byte is None else self.first_byte - self.planned

    @property
    def per_token(self) -> float:
        """Normalized latency (seconds per generated token, as Orca and vLLM report it)."""
        return math.inf if self.error or not self.tokens else self.latency / self.tokens


def poisson_schedule(rate: float, n: int, seed: int) -> list[float]:
    """n arrival offsets (seconds) of a Poisson process at `rate` per second."""
    gaps = np.random.default_rng(seed).exponential(1.0 / rate, n)
    return np.cumsum(gaps).tolist()


def sample_sentences(n: int, seed: int) -> list[str]:
    """A fixed, seeded sample of the verb corpus's test split (the original, uniform tutor load)."""
    from miniserve.tutor.corpus import v1 as corpus
    return [ex.sentence for ex in corpus.generate("test", n, seed=seed)]


def parse_answer(status: int, body: bytes) -> tuple[str, int, float | None, float | None]:
    """(error, generated tokens, server seconds, sequence-seconds; None where the answer does not say)
    from a whole response: JSON, or server-sent events whose last data event carries the usage (or an error)."""
    if status != 200:
        return f"http_{status}", 0, None, None
    try:
        if body.startswith(b"data:"):
            events = [e for e in body.split(b"\n\n") if e.startswith(b"data: {")]
            payload = json.loads(events[-1][6:]) if events else {}
        else:
            payload = json.loads(body)
    except (ValueError, IndexError):
        return "bad_body", 0, None, None
    if "error" in payload:
        return "stream_error", 0, None, None
    usage = payload.get("usage") or {}
    if "completion_tokens" not in usage:
        return "no_usage", 0, None, None
    return "", int(usage["completion_tokens"]), usage.get("total_seconds"), usage.get("sequence_seconds")


class SendLag:
    """Actual minus planned send times, in seconds, for the run's summary."""

    def __init__(self):
        self.values: list[float] = []

    def add(self, planned: float, actual: float) -> None:
        self.values.append(actual - planned)

    def summary(self) -> dict:
        if not self.values:
            return {"p50_ms": math.nan, "p99_ms": math.nan, "max_ms": math.nan}
        v = np.asarray(self.values) * 1e3
        return {"p50_ms": round(float(np.percentile(v, 50)), 3), "p99_ms": round(float(np.percentile(v, 99)), 3),
                "max_ms": round(float(v.max()), 3)}


async def run_load(url: str, requests: list, offsets: list[float], timeout: float = 30.0,
                   progress=None) -> list[Record]:
    """Send request i at offsets[i] (open loop); one record per request, in order. `requests` are
    workload.Request objects, or plain sentences (sent to /correct as {"sentence": ...})."""
    assert url.startswith(f"http://{LOOPBACK}:"), "load tests only target 127.0.0.1"
    requests = [workload.Request("tutor", "/correct", json.dumps({"sentence": r}).encode(), 1, len(r), 0)
                if isinstance(r, str) else r for r in requests]
    pool = Pool(LOOPBACK, int(url.rsplit(":", 1)[1]))
    records: list[Record | None] = [None] * len(offsets)
    start = trio.current_time()

    async def one(i: int) -> None:
        request = requests[i]
        await trio.sleep_until(start + offsets[i])
        sent = [math.nan]
        first, status, error, tokens, server_seconds, sequence_seconds = None, 0, "", 0, None, None

        def on_send():
            sent[0] = trio.current_time() - start

        try:
            with trio.fail_after(timeout):
                response = await pool.post(request.path, request.body, on_send)
            status = response.status
            first = None if response.first_byte is None else response.first_byte - start
            error, tokens, server_seconds, sequence_seconds = parse_answer(status, response.body)
        except trio.TooSlowError:
            error = "timeout"
        except Exception as exc:  # noqa: BLE001: connection refused/reset, protocol errors: never answered
            error = type(exc).__name__
        records[i] = Record(i, offsets[i], sent[0], first, trio.current_time() - start, status, error, tokens,
                            request.kind, request.sequences, server_seconds, sequence_seconds)
        if progress:
            progress()

    with trio.move_on_after(offsets[-1] + timeout + 10):  # the whole run is bounded in time too
        async with trio.open_nursery() as nursery:
            for i in range(len(offsets)):
                nursery.start_soon(one, i)
    await pool.aclose()
    return [r or Record(i, offsets[i], math.nan, None, offsets[-1] + timeout, 0, "not_finished", 0,
                        requests[i].kind, requests[i].sequences)
            for i, r in enumerate(records)]


def percentile(values, q: float) -> float:
    """The q-th percentile as an observed value (no interpolation: inf stays inf, never NaN)."""
    values = list(values)
    return float(np.percentile(values, q, method="inverted_cdf")) if values else math.nan


def _round(x: float, digits: int = 4) -> float:
    return x if not math.isfinite(x) else round(x, digits)


def class_summary(records: list[Record]) -> dict:
    """Percentiles over *all* requests of a class, a failed one counting as never answered (inf):
    a fast 503 must not make a server look fast; the answered ones alone beside."""
    ok = [r for r in records if not r.error]
    errors: dict[str, int] = {}
    for r in records:
        if r.error:
            errors[r.error] = errors.get(r.error, 0) + 1
    return {
        "requests": len(records), "ok": len(ok), "errors": errors,
        "latency_s": {f"p{q}": _round(percentile((r.latency for r in records), q)) for q in (50, 90, 95, 99)}
        | {"max": _round(max((r.latency for r in records), default=math.nan))},
        "ttft_s": {f"p{q}": _round(percentile((r.ttft for r in records), q)) for q in (50, 95, 99)},
        "per_token_s": {f"p{q}": _round(percentile((r.per_token for r in records), q), 6) for q in (50, 95, 99)},
        "latency_answered_s": {f"p{q}": _round(percentile((r.latency for r in ok), q)) for q in (50, 95, 99)},
        "tokens_mean": round(float(np.mean([r.tokens for r in ok])), 1) if ok else math.nan,
    }


def summarize(records: list[Record]) -> dict:
    """The whole run, and each workload class in it."""
    ok = [r for r in records if not r.error]
    window = max(r.end for r in records) - min(r.planned for r in records)
    lag = SendLag()
    for r in records:
        if r.sent == r.sent:
            lag.add(r.planned, r.sent)
    kinds = sorted({r.kind for r in records})
    return {
        **class_summary(records),
        "offered_rate": round(len(records) / max(max(r.planned for r in records), 1e-9), 2),
        "throughput_rps": round(len(ok) / window, 2),
        "tokens_per_s": round(sum(r.tokens for r in ok) / window, 1),
        "send_lag": lag.summary(),
        "window_s": round(window, 2),
        "classes": {k: class_summary([r for r in records if r.kind == k]) for k in kinds},
    }


def littles_law(records: list[Record], in_system: list, poll_ok: bool = True) -> dict:
    """L: the mean number of sequences in the server (waiting or running) from the first arrival to
    the last answer, when the system is empty at both ends: exactly, from the server's integral
    `in_system_seconds` at the first and the last /stats sample, or (a server without it) the mean of
    the polled counts, which at a mean of 0.3 has a sampling error near 10%. lambda * W from the
    records over the same span: sequences answered per second times their mean time in the server.
    That time is the server's own usage.sequence_seconds (every sentence of a paragraph its own) or
    total_seconds where the answer carries it (/correct, /v1), else send to last byte, which adds the HTTP
    time (`W_from_client` says for what share). Polled counts are no measure for the sync scheduler
    (`poll_ok=False`): it blocks the event loop, so its /stats answers only when it is empty.
    `unanswered`: requests that failed after they may have entered (timeouts): their time is in L and
    in no answer's W, so a run with any does not test the law."""
    done = [r for r in records if not r.error]
    # Refused at the door (4xx, 503) never entered; any other failure (a client timeout, a 504) may
    # have spent time in the server that the integral holds and no answer says.
    unanswered = sum(1 for r in records if r.error and not (r.error.startswith("http_4") or r.error == "http_503"))
    span = max((r.end for r in records), default=0.0)
    samples = [s for s in in_system if s[0] <= span]
    if not samples or not done or span <= 0:
        return {"L_measured": math.nan, "lambda": math.nan, "W_s": math.nan, "L_predicted": math.nan,
                "relative_error": math.nan, "W_from_client": math.nan, "L_from": None, "unanswered": unanswered}
    seqs = sum(r.sequences for r in done)
    lam = seqs / span

    def sequence_seconds(r: Record) -> float:
        if r.sequence_seconds is not None:
            return r.sequence_seconds  # each sentence's own time: a paragraph's short ones leave early
        return r.sequences * (r.server_seconds if r.server_seconds is not None else r.end - r.sent)

    w = sum(sequence_seconds(r) for r in done) / seqs
    integral = [s[3] for s in in_system if len(s) > 3 and s[3] is not None]
    if len(integral) >= 2 and len(integral) == len(in_system):
        # the server's exact integral between the first and the last sample (empty at both ends)
        measured, source = (integral[-1] - integral[0]) / span, "integral"
    elif poll_ok:
        measured, source = float(np.mean([s[1] + s[2] for s in samples])), "polled"
    else:
        measured, source = math.nan, None
    return {"L_measured": round(measured, 3), "lambda": round(lam, 3), "W_s": round(w, 5), "L_predicted": round(lam * w, 3),
            "relative_error": round(abs(lam * w - measured) / max(measured, 1e-9), 4),
            "W_from_client": round(sum(r.sequences for r in done if r.server_seconds is None and r.sequence_seconds is None) / seqs, 3), "L_from": source,
            "unanswered": unanswered}


# -- the server side: a real `miniserve serve` process, its /metrics and /stats ---------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def pin(cpus: list[int] | None, niceness: int | None = None) -> None:
    """Pin this process (and the threads it starts later) to `cpus` (None leaves it to the kernel), and
    give it a scheduling niceness: a negative one (root only) lets its short wake-ups to send on time
    preempt the server, which keeps the send lag down without taking a core away from the server."""
    if cpus:
        os.sched_setaffinity(0, cpus)
    if niceness is not None:
        try:
            os.setpriority(os.PRIO_PROCESS, 0, niceness)
        except PermissionError:
            print(f"load generator: may not set niceness {niceness} (not root); left at {os.getpriority(os.PRIO_PROCESS, 0)}",
                  file=sys.stderr)


def process_cpu_seconds(pid: int) -> float | None:
    """user + system CPU seconds of a process, from /proc (Linux); None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def die_with_parent() -> None:
    """In a child: ask Linux to SIGTERM it when the load generator dies, so that a killed run
    never leaves a server behind (prctl PR_SET_PDEATHSIG; nothing elsewhere)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Server:
    """`miniserve serve` as a subprocess on a free loopback port; stopped with SIGTERM."""

    def __init__(self, scheduler: str, max_batch: int = 32, max_queue: int = 64, extra: tuple[str, ...] = (),
                 cpus: list[int] | None = None):
        self.port = free_port()
        self.url = f"http://{LOOPBACK}:{self.port}"
        self.cpus = cpus
        self.scheduler = scheduler
        self.args = [sys.executable, "-m", "miniserve.cli", "serve", "--host", LOOPBACK, "--port", str(self.port),
                     "--scheduler", scheduler, "--max-batch", str(max_batch), "--max-queue", str(max_queue), *extra]

    async def __aenter__(self) -> "Server":
        # The server's log goes to a file: a pipe that nobody reads would fill and block the server.
        self.log = tempfile.TemporaryFile("w+")
        cpus = self.cpus

        def child() -> None:
            die_with_parent()
            if os.getpriority(os.PRIO_PROCESS, 0) < 0:  # a raised --client-nice is for the client alone
                os.setpriority(os.PRIO_PROCESS, 0, 0)
            if cpus:
                os.sched_setaffinity(0, cpus)

        self.process = subprocess.Popen(self.args, stdout=self.log, stderr=self.log, text=True, preexec_fn=child)
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

    def cpu_seconds(self) -> float | None:
        return process_cpu_seconds(self.process.pid)

    async def idle(self, limit: float = 60.0) -> bool:
        """Wait (bounded) until nothing runs or waits: a probe must not inherit the last one's queue."""
        async with httpx.AsyncClient(base_url=self.url) as client:
            with trio.move_on_after(limit):
                while True:
                    try:
                        stats = (await client.get("/stats", timeout=limit)).json()
                        if stats["running"] == 0 and stats["waiting"] == 0:
                            return True
                    except httpx.HTTPError:
                        pass
                    await trio.sleep(0.05)
        return False

    async def __aexit__(self, *exc) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            await trio.to_thread.run_sync(lambda: self.process.wait(60))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


async def scrape_metrics(url: str) -> dict[str, float]:
    from prometheus_client.parser import text_string_to_metric_families

    async with httpx.AsyncClient(base_url=url) as client:
        text = (await client.get("/metrics", timeout=60)).text
    return {s.name + ("" if not s.labels else json.dumps(s.labels, sort_keys=True)): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def histogram(before: dict, after: dict, name: str) -> list[list]:
    """[[upper bound, count in that bucket alone], ...] of a Prometheus histogram over the run."""
    prefix = f"{name}_bucket"
    bounds = sorted((json.loads(k[len(prefix):])["le"] for k in after if k.startswith(prefix + "{")),
                    key=lambda le: math.inf if le == "+Inf" else float(le))
    out, previous = [], 0.0
    for le in bounds:
        key = prefix + json.dumps({"le": le})
        cumulative = after.get(key, 0.0) - before.get(key, 0.0)
        out.append([le, int(cumulative - previous)])
        previous = cumulative
    return out


def server_view(before: dict, after: dict) -> dict:
    """Means of the server's own histograms over the run (after - before), and the step-time and
    batch-size histograms themselves (why a scheduler behaves as it does)."""
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
        "step_seconds_histogram": histogram(before, after, "miniserve_step_duration_seconds"),
        "batch_size_histogram": histogram(before, after, "miniserve_batch_size"),
    }


async def sample_in_system(url: str, stop: trio.Event, every: float = 0.05) -> list[tuple]:
    """(time, running, waiting, in_system_seconds) from /stats until `stop`, and once more after it:
    the server's in-system gauge over time (for the plots) and its exact integral (for Little's law)."""
    samples = []
    pool = Pool(LOOPBACK, int(url.rsplit(":", 1)[1]))
    start = trio.current_time()
    while len(samples) < 100_000:
        last = stop.is_set()
        try:  # the sync scheduler blocks the event loop: /stats may not answer in time
            with trio.fail_after(30):
                stats = json.loads((await pool.get("/stats")).body)
            samples.append((trio.current_time() - start, stats["running"], stats["waiting"], stats.get("in_system_seconds")))
        except (trio.TooSlowError, OSError, Exception):
            pass
        if last:
            break
        with trio.move_on_after(every):
            await stop.wait()
    await pool.aclose()
    return samples


async def load_server(server: Server, requests: list, offsets: list[float], timeout: float, label: str = "",
                      progress: bool = False) -> dict:
    """One open-loop run against a running server: records, summary, the server's and the client's
    own view (CPU time of both, send lag, step histogram, /stats samples, Little's law)."""
    before = await scrape_metrics(server.url)
    stop = trio.Event()
    samples: list = []
    bar = Progress(label, len(offsets)) if progress else None

    async def sampler():
        samples.extend(await sample_in_system(server.url, stop))

    server_cpu, client_cpu, wall = server.cpu_seconds(), time.process_time(), time.perf_counter()
    started = time.time()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(sampler)
        records = await run_load(server.url, requests, offsets, timeout, progress=bar.advance if bar else None)
        stop.set()
    wall = time.perf_counter() - wall
    client_cpu = time.process_time() - client_cpu
    server_after = server.cpu_seconds()
    if bar:
        bar.close()
    after = await scrape_metrics(server.url)
    summary = summarize(records)
    summary["client_cpu_s"] = round(client_cpu, 3)
    summary["client_cpu_share"] = round(client_cpu / wall, 3)  # of one core
    summary["server_cpu_s"] = None if server_cpu is None or server_after is None else round(server_after - server_cpu, 3)
    summary["littles_law"] = littles_law(records, samples, poll_ok=server.scheduler != "sync")
    return {"started": started, "summary": summary, "server": server_view(before, after), "in_system": samples,
            "records": [asdict(r) for r in records]}


async def measure(scheduler: str, rate: float, n: int, seed: int = 0, max_batch: int = 32, max_queue: int = 64,
                  timeout: float = 30.0, progress: bool = True, mix: str = "tutor",
                  server_cpus: list[int] | None = None) -> dict:
    """One scheduler, a fresh server, one open-loop load of `mix` (bench/workload.py)."""
    offsets = poisson_schedule(rate, n, seed)
    requests = workload.make(mix, n, seed)
    async with Server(scheduler, max_batch, max_queue, cpus=server_cpus) as server:
        result = await load_server(server, requests, offsets, timeout, f"{scheduler} @ {rate:g}/s", progress)
    return {"scheduler": scheduler, "rate": rate, "seed": seed, "mix": mix, "max_batch": max_batch,
            "max_queue": max_queue, **result}


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


def cpu_list(text: str) -> list[int]:
    """"0" or "0,1" or "0-1" as a list of CPU numbers (for --client-cpus / --server-cpus)."""
    cpus: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        cpus.extend(range(int(lo), int(hi or lo) + 1))
    return cpus


def main(argv: list[str] | None = None) -> None:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scheduler", default="continuous", choices=get_args(Settings.model_fields["scheduler"].annotation),
                   help="the server's scheduler")
    p.add_argument("--workload", default="tutor", choices=sorted(workload.MIXES), help="bench/workload.py mix")
    p.add_argument("--rate", type=console.positive(float), default=40.0, help="Poisson arrival rate (requests/s)")
    p.add_argument("--requests", type=console.positive(int), default=400, help="requests in the run")
    p.add_argument("--seed", type=int, default=0, help="seed of the arrivals and of the workload")
    p.add_argument("--timeout", type=console.positive(float), default=30.0, help="seconds before a request counts as never answered")
    p.add_argument("--max-batch", type=console.positive(int), default=32, help="server --max-batch")
    p.add_argument("--max-queue", type=int, default=64, help="server --max-queue")
    p.add_argument("--client-cpus", type=cpu_list, help="pin the load generator to these CPUs, e.g. 1 or 0-1")
    p.add_argument("--server-cpus", type=cpu_list, help="pin the server to these CPUs")
    p.add_argument("--client-nice", type=int, help="niceness of the load generator (e.g. -10, root only; the server keeps 0)")
    p.add_argument("--out", type=Path, default=Path("runs/load"), help="folder for the summary JSON")
    args = p.parse_args(argv)
    pin(args.client_cpus, args.client_nice)
    result = trio.run(lambda: measure(args.scheduler, args.rate, args.requests, args.seed, args.max_batch,
                                      args.max_queue, args.timeout, True, args.workload, args.server_cpus))
    args.out.mkdir(parents=True, exist_ok=True)
    name = f"{args.scheduler}-{args.workload}-{args.rate:g}"
    (args.out / f"{name}.json").write_text(json.dumps({k: v for k, v in result.items() if k != "records"},
                                                      indent=1, default=str) + "\n")
    s = result["summary"]
    print(json.dumps({"summary": {k: v for k, v in s.items() if k != "classes"}, "server": result["server"]},
                     indent=1, default=str))
    print(f"load generator: CPU {s['client_cpu_s']} s ({s['client_cpu_share']:.0%} of one core), send lag p50 "
          f"{s['send_lag']['p50_ms']} ms, p99 {s['send_lag']['p99_ms']} ms")


if __name__ == "__main__":
    console.run(main)
