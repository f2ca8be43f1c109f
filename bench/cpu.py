"""Server CPU per request, accepted and refused, from /proc: before/after a change is a command.

    python -m bench.quiet -- python -m bench.cpu [--requests 1000] [--json runs/cpu.json]

Starts `miniserve serve --speculate 0` on a free loopback port and, for each kind of request, reads
the server's CPU seconds (utime + stime) before and after N of them, sent by a few keep-alive
clients (bench.serve's small client). Two numbers per kind:

- event loop: the main thread (`/proc/PID/task/PID/stat`), where HTTP, validation, tickets, SSE and
  the access log run, and the shedder's thread, which refuses below Hypercorn: what a request costs
  outside the engine;
- process: every thread, the compute thread's engine steps included.

Kinds: `/v1/completions` with `max_tokens` 1 (one prefill step: almost all of it is the exchange),
the same with a tutor answer (about 26 tokens), `/correct` (a sentence, the gate's scoring too),
and refusals: a 503 the admission layer decides. For those the server is kept full by `holders`
(long generations, as many as it has room for) while the clients send one-token requests; the
holders' own event-loop cost is measured alone first, for as long, and subtracted, and so is the
cost of the few requests that slipped in between two holders (at the accepted one-token price).
Loopback only; bounded loops; each kind about 5-20 s.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import trio

from miniserve import console
from miniserve.http import refusal_thread

from bench.loadgen import Server
from bench.serve import Connection, tutor_prompts

CLOCK = os.sysconf("SC_CLK_TCK")
HOLD_TOKENS = 150  # a holder's generation: long enough that the gaps between two are rare


def cpu_seconds(pid: int, tid: int | None = None) -> float:
    """utime + stime of a process (or one of its threads) in seconds."""
    path = f"/proc/{pid}/task/{tid}/stat" if tid is not None else f"/proc/{pid}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK


def http_threads(pid: int) -> list[int]:
    """The main thread (the event loop) and the shedder's thread, found by its name."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            if int(task.name) != pid and (task / "comm").read_text().strip() == refusal_thread.OS_NAME:
                found.append(int(task.name))
        except FileNotFoundError:  # a thread that ended meanwhile (trio's idle workers do)
            pass
    return found


class Meter:
    """CPU of the server's HTTP threads (event loop and shedder) and of the whole process between two reads."""

    def __init__(self, pid: int):
        self.pid = pid

    def read(self) -> tuple[float, float, float]:
        loop = sum(cpu_seconds(self.pid, tid) for tid in http_threads(self.pid))
        return loop, cpu_seconds(self.pid), time.perf_counter()


def completion(prompt: str, max_tokens: int, **extra) -> tuple[str, bytes]:
    return "/v1/completions", json.dumps({"model": "miniserve-tutor", "prompt": prompt, "max_tokens": max_tokens,
                                          "temperature": 0, **extra}).encode()


async def send_all(port: int, bodies: list[tuple[str, bytes]], clients: int) -> dict[int, int]:
    """Every (path, body) once, `clients` keep-alive connections in a closed loop; statuses counted."""
    statuses: dict[int, int] = {}
    todo = iter(bodies)

    async def client() -> None:
        connection = Connection("127.0.0.1", port)
        try:
            for path, body in todo:
                status, _ = await connection.post(path, body)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            await connection.close()

    with trio.fail_after(300):
        async with trio.open_nursery() as nursery:
            for _ in range(clients):
                nursery.start_soon(client)
    return statuses


async def hold(port: int, n: int, stop: trio.Event, task_status=trio.TASK_STATUS_IGNORED) -> None:
    """`n` clients each keep one long generation in the server until `stop` (a 503 is retried)."""
    _, body = completion("<|endoftext|>", HOLD_TOKENS, ignore_eos=True)
    started = trio.Event()
    running = [0]

    async def holder() -> None:
        connection = Connection("127.0.0.1", port)
        try:
            running[0] += 1
            if running[0] == n:
                started.set()
            while not stop.is_set():
                await connection.post("/v1/completions", body)
        finally:
            await connection.close()

    async with trio.open_nursery() as nursery:
        for _ in range(n):
            nursery.start_soon(holder)
        await started.wait()
        task_status.started()


async def measure(server: Server, kind: str, bodies, clients: int) -> dict:
    meter = Meter(server.process.pid)
    loop0, proc0, t0 = meter.read()
    statuses = await send_all(server.port, bodies, clients)
    loop1, proc1, t1 = meter.read()
    n = len(bodies)
    return {"kind": kind, "requests": n, "statuses": statuses, "seconds": round(t1 - t0, 3),
            "loop_ms": 1000 * (loop1 - loop0) / n, "process_ms": 1000 * (proc1 - proc0) / n}


async def refused(server: Server, room: int, n: int, clients: int, accepted_ms: float) -> dict:
    """503s from the admission layer while `room` holders keep the server full."""
    meter = Meter(server.process.pid)
    _, body = completion("<|endoftext|>He go to school.<|fix|>", 1)
    stop = trio.Event()
    async with trio.open_nursery() as nursery:
        await nursery.start(hold, server.port, room, stop)
        await trio.sleep(0.5)  # (not synchronisation: lets the holders' first requests fill the engine)
        loop0, _, t0 = meter.read()
        await trio.sleep(5.0)  # the holders alone: their own event-loop cost per second
        loop1, _, t1 = meter.read()
        holders_rate = (loop1 - loop0) / (t1 - t0)
        loop2, _, t2 = meter.read()
        statuses = await send_all(server.port, [("/v1/completions", body)] * n, clients)
        loop3, _, t3 = meter.read()
        stop.set()
    refusals = statuses.get(503, 0)
    slipped = sum(v for k, v in statuses.items() if k == 200)
    net = (loop3 - loop2) - holders_rate * (t3 - t2) - slipped * accepted_ms / 1000
    return {"kind": "refused (503, admission)", "requests": n, "statuses": statuses, "seconds": round(t3 - t2, 3),
            "holders_loop_ms_per_s": round(1000 * holders_rate, 2), "loop_ms": 1000 * net / max(1, refusals),
            "process_ms": None}


async def run(args) -> list[dict]:
    prompts = tutor_prompts(200)
    sentences = [p.removeprefix("<|endoftext|>").removesuffix("<|fix|>") for p in prompts]
    room = args.max_batch + args.max_queue
    extra = ("--speculate", "0", "--disable-log-requests") if args.no_access_log else ("--speculate", "0")
    async with Server("continuous", max_batch=args.max_batch, max_queue=args.max_queue, extra=extra) as server:
        warm = [completion(p, 1) for p in prompts[:50]] + [("/correct", json.dumps({"sentence": s}).encode()) for s in sentences[:20]]
        await send_all(server.port, warm, 2)
        n = args.requests
        rows = [await measure(server, "/v1/completions, 1 token", [completion(prompts[i % 200], 1) for i in range(n)], args.clients)]
        rows.append(await measure(server, "/v1/completions, tutor answer", [completion(prompts[i % 200], 64) for i in range(n // 2)], args.clients))
        rows.append(await measure(server, "/correct, sentence", [("/correct", json.dumps({"sentence": sentences[i % 200]}).encode())
                                                                for i in range(n // 2)], args.clients))
        rows.append(await refused(server, room, 2 * n, args.clients, rows[0]["loop_ms"]))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=console.positive(int), default=1000, help="accepted one-token requests (the other kinds: half; refusals: twice)")
    parser.add_argument("--clients", type=console.positive(int), default=4, help="keep-alive connections, closed loop")
    parser.add_argument("--max-batch", type=console.positive(int), default=4)
    parser.add_argument("--max-queue", type=int, default=4)
    parser.add_argument("--no-access-log", action="store_true", help="the server runs with --no-access-log")
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args(argv)
    rows = trio.run(run, args)
    print("kind | requests | statuses | event loop ms/request | process ms/request")
    print("--- | --- | --- | --- | ---")
    for r in rows:
        process = f"{r['process_ms']:.3f}" if r["process_ms"] is not None else "-"
        print(f"{r['kind']} | {r['requests']} | {r['statuses']} | {r['loop_ms']:.3f} | {process}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    console.run(main)
