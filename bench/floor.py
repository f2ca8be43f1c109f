"""The HTTP stack's floor at concurrency 1, and the highest server/engine ratio it leaves.

    python -m bench.quiet -- python -m bench.floor [--requests 600] [--repeat 3] [--work compute|sleep|none]

At concurrency 1 a request's exchange is serial with its generation, so a server's share of the engine's
speed (bench.serve's server/engine, a ratio of tokens per second) can be no higher than E / (E + F): E the
engine's own mean time per answer, F the mean of what a request costs beyond its work in the server's HTTP
stack doing nothing else. This measures F for three servers, each in a process of its own on a free
loopback port, with bench.serve's client (blocking socket, one keep-alive connection). Each answers
`POST /v1/completions` with a JSON body the size of a tutor answer once the request's body is read and the
request's work is done, which it times and reports in the answer; F is a request's round trip less that work:

- `hypercorn`: `hypercorn.trio.serve` (as `miniserve serve` runs it, with its default configuration) and a
  bare ASGI app, the work on a trio worker thread (as the engine's steps are on the compute thread): the
  stack miniserve is served on, without Quart, middleware or miniserve's own code;
- `trio`: trio's own sockets and just enough HTTP/1.1 (a head and a Content-Length body), the work on a
  trio worker thread: trio alone;
- `threads`: a blocking socket on a plain thread, the work on that thread: Python and the kernel's
  loopback, no event loop and no hand-off.

The work (`--work`): `compute` (the default) is matrix products over as many bytes as the model's weights
for E, as a generation leaves the caches; `sleep` waits E on the worker thread without touching memory
(the event loop sleeps as long, the caches stay warm); `none` answers at once (each stack hot). E for the
work is the engine alone's mean over a first round (bench.serve's EngineAlone: the core loop in this
process, tutor prompts, no HTTP); the engine is measured again in every round, and the servers and the
engine alternate in rounds, so that each sees the same drift of this shared machine's speed. Loopback only;
every loop bounded."""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import trio

from bench.loadgen import LOOPBACK, free_port
from bench.serve import BlockingConnection, EngineAlone, tutor_prompts
from miniserve import console

PATH = "/v1/completions"
BODY = json.dumps({"model": "miniserve-tutor", "prompt": "<|endoftext|>He goed to school.<|fix|>", "max_tokens": 64,
                   "temperature": 0}).encode()
WORK_ENV = "BENCH_FLOOR_WORK_MS"
KINDS = ("threads", "trio", "hypercorn")
START_SECONDS = 60
WEIGHTS = (2048, 1152)  # float32: about 9 MB, as the tutor's weights


def answer_bytes(work_seconds: float) -> bytes:
    """A whole HTTP/1.1 answer of a tutor answer's size, carrying the work's microseconds (fixed width)."""
    body = json.dumps({
        "id": "cmpl-0123456789abcdef-1", "object": "text_completion", "created": 1796600000,
        "model": "miniserve-tutor", "work_us": "%09d" % round(work_seconds * 1e6),
        "choices": [{"index": 0, "text": " He went to school.<|why|>The past tense of 'go' is the irregular form 'went'.",
                     "logprobs": None, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 12, "completion_tokens": 26, "total_tokens": 38}}).encode()
    return b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%s" % (len(body), body)


WORKS = ("compute", "sleep", "none")


class Work:
    """A request's work: `seconds` of matrix products over weights-sized memory (as the engine's steps between
    two answers), or of sleep, or nothing."""

    def __init__(self, kind: str, milliseconds: float):
        self.kind, self.seconds = kind, milliseconds / 1e3 if kind != "none" else 0.0
        rng = np.random.default_rng(0)
        self.weights = rng.random(WEIGHTS, dtype=np.float32)
        self.row = rng.random((1, WEIGHTS[0]), dtype=np.float32)

    def __call__(self) -> float:
        """Do the work; how long it took."""
        began = now = time.perf_counter()
        if self.kind == "sleep":
            time.sleep(self.seconds)
            return time.perf_counter() - began
        while now - began < self.seconds:
            self.row @ self.weights
            now = time.perf_counter()
        return now - began

    @classmethod
    def from_environment(cls) -> "Work":
        kind, _, milliseconds = os.environ.get(WORK_ENV, "none:0").partition(":")
        return cls(kind, float(milliseconds))


# -- the three servers ----------------------------------------------------------------------------

_work: Work | None = None


async def app(scope, receive, send):
    """The bare ASGI app Hypercorn serves (`bench.floor:app`): read the body, work, answer."""
    global _work
    if scope["type"] == "lifespan":
        await receive()  # startup
        _work = Work.from_environment()
        await send({"type": "lifespan.startup.complete"})
        await receive()  # shutdown
        await send({"type": "lifespan.shutdown.complete"})
        return
    while (await receive()).get("more_body"):
        pass
    head, _, body = answer_bytes(await trio.to_thread.run_sync(_work)).partition(b"\r\n\r\n")
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]})
    await send({"type": "http.response.body", "body": body})


def request_end(buffer: bytes) -> int | None:
    """Where the first request in `buffer` ends (its head and Content-Length body), or None if it has not all come."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    length = 0
    for line in buffer[:head_end].split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    end = head_end + 4 + length
    return end if len(buffer) >= end else None


async def serve_trio(port: int, work: Work) -> None:
    async def answer(stream: trio.SocketStream) -> None:
        buffer = b""
        async with stream:
            while True:
                while (end := request_end(buffer)) is None:
                    data = await stream.receive_some(65536)
                    if not data:
                        return
                    buffer += data
                buffer = buffer[end:]
                await stream.send_all(answer_bytes(await trio.to_thread.run_sync(work)))
    await trio.serve_tcp(answer, port, host=LOOPBACK)


def serve_threads(port: int, work: Work) -> None:
    def answer(connection: socket.socket) -> None:
        buffer = b""
        with connection:
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            while True:
                while (end := request_end(buffer)) is None:
                    data = connection.recv(65536)
                    if not data:
                        return
                    buffer += data
                buffer = buffer[end:]
                connection.sendall(answer_bytes(work()))
    with socket.create_server((LOOPBACK, port)) as listener:
        while True:
            threading.Thread(target=answer, args=(listener.accept()[0],), daemon=True).start()


def serve_hypercorn(port: int) -> None:
    from hypercorn.config import Config
    from hypercorn.trio import serve

    config = Config()
    config.bind = [f"{LOOPBACK}:{port}"]
    config.accesslog = None
    trio.run(serve, app, config)


def start(kind: str, port: int, work: str, work_ms: float, log) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bench.floor", "--serve", kind, "--port", str(port)],
                            cwd=Path(__file__).resolve().parent.parent, env={**os.environ, WORK_ENV: f"{work}:{work_ms}"},
                            stdout=log, stderr=log)


def stop(processes) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until_answering(process: subprocess.Popen, port: int, log=None) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        if process.poll() is not None:
            said = ""
            if log is not None:
                log.seek(0)
                said = ": " + log.read()[-2000:]
            raise RuntimeError(f"the server on port {port} exited with {process.returncode}{said}")
        try:
            connection = BlockingConnection(LOOPBACK, port, timeout=5)
            status, _ = connection.post(PATH, BODY)
            connection.close()
            if status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server on port {port} did not answer within {START_SECONDS} s")
        time.sleep(0.2)  # a process that is starting: nothing to wait on but its port


# -- the measurement ------------------------------------------------------------------------------

def beyond_work(port: int, requests: int) -> list[float]:
    """Each request's round trip less the work its answer reports, in seconds."""
    connection, times = BlockingConnection(LOOPBACK, port, timeout=30), []
    try:
        for _ in range(requests):
            began = time.perf_counter()
            status, payload = connection.post(PATH, BODY)
            took = time.perf_counter() - began
            if status != 200:
                raise RuntimeError(f"status {status} from port {port}")
            times.append(took - int(json.loads(payload)["work_us"]) / 1e6)
    finally:
        connection.close()
    return times


def measure(requests: int, rounds: int, engine_requests: int, work: str) -> dict:
    from miniserve.tutor import model_folder

    engine = EngineAlone(model_folder(), tutor_prompts(200), 1, 64)
    engine.run(10)  # warm-up
    engine_times = engine.run(engine_requests // rounds).latencies
    work_ms = statistics.fmean(engine_times) * 1e3
    ports = {kind: free_port() for kind in KINDS}
    with tempfile.TemporaryFile("w+") as log:
        processes = {kind: start(kind, port, work, work_ms, log) for kind, port in ports.items()}
        try:
            for kind, process in processes.items():
                wait_until_answering(process, ports[kind], log)
            floors: dict[str, list[float]] = {kind: [] for kind in KINDS}
            for kind in KINDS:
                beyond_work(ports[kind], 20)  # warm-up
            for round_ in range(rounds):
                for kind in KINDS:
                    floors[kind] += beyond_work(ports[kind], requests // rounds)
                if round_:
                    engine_times += engine.run(engine_requests // rounds).latencies
        finally:
            stop(processes.values())
    engine_ms, engine_median_ms = statistics.fmean(engine_times) * 1e3, statistics.median(engine_times) * 1e3
    result = {"work": work, "work_ms": work_ms, "engine_ms": engine_ms, "engine_median_ms": engine_median_ms,
              "requests": requests, "engine_requests": engine_requests}
    for kind in KINDS:
        floor_ms, floor_median_ms = statistics.fmean(floors[kind]) * 1e3, statistics.median(floors[kind]) * 1e3
        result[kind] = {"floor_ms": floor_ms, "floor_median_ms": floor_median_ms,
                        "ceiling": engine_ms / (engine_ms + floor_ms),
                        "ceiling_of_medians": engine_median_ms / (engine_median_ms + floor_median_ms)}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = console.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=console.positive(int), default=600, help="requests per server")
    parser.add_argument("--engine-requests", type=console.positive(int), default=200, help="answers of the engine alone")
    parser.add_argument("--rounds", type=console.positive(int), default=4)
    parser.add_argument("--repeat", type=console.positive(int), default=1)
    parser.add_argument("--work", choices=WORKS, default="compute", help="each request's work, for E (see above)")
    parser.add_argument("--json", help="also write the runs here")
    parser.add_argument("--serve", choices=KINDS, help=argparse.SUPPRESS)  # a server's own process
    parser.add_argument("--port", type=console.positive(int), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        if args.serve == "hypercorn":
            serve_hypercorn(args.port)
        elif args.serve == "trio":
            trio.run(serve_trio, args.port, Work.from_environment())
        else:
            serve_threads(args.port, Work.from_environment())
        return 0
    runs = [measure(args.requests, args.rounds, args.engine_requests, args.work) for _ in range(args.repeat)]
    print("run | work | E, mean (median) ms | server | F, mean (median) ms | ceiling E / (E + F): of means (of medians)")
    print("--- | --- | --- | --- | --- | ---")
    for i, run in enumerate(runs, 1):
        for kind in KINDS:
            r = run[kind]
            print(f"{i} | {run['work']} {run['work_ms']:.2f} ms | {run['engine_ms']:.2f} ({run['engine_median_ms']:.2f}) | "
                  f"{kind} | {r['floor_ms']:.3f} ({r['floor_median_ms']:.3f}) | {r['ceiling']:.3f} ({r['ceiling_of_medians']:.3f})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(runs, f, indent=2)
    return 0


if __name__ == "__main__":
    console.run(main)
