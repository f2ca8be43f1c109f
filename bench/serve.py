"""Closed-loop serving speed through `/v1/completions`, beside the engine alone at the same batch.

    python -m bench.serve --url http://127.0.0.1:8000 [--model NAME]     # any OpenAI-compatible server
    python -m bench.serve --local [--repeat 3] [--json out.json]          # starts `miniserve serve` itself
    python -m bench.serve --local --engine-process                        # ... with its engine core process
    python -m bench.serve --local --api-processes 2                       # ... one core behind two API processes

For each concurrency (1, 8, 32, 64) C clients each send one request, wait for its answer, and send
the next (closed loop), for `--requests` requests per level after a short untimed warm-up. Prompts
are tutor sentences ("<|endoftext|>{sentence}<|fix|>", about 26 generated tokens, temperature 0,
`max_tokens` 64 as an upper bound). It prints generated tokens/s (from each answer's `usage`),
and the p50/p95 request latency. With `--local` it also runs the engine alone (no HTTP, no
scheduler: the core loop in this process, continuous batching with the same concurrency and the
same prompts, while the idle server waits) and prints server/engine, the share of the engine's
speed the server keeps. The two alternate in `--rounds` rounds per level, so that both see the
same drift of this shared machine's speed.

The client is a small keep-alive HTTP/1.1 client on blocking sockets, one thread and one connection
per client: cheap enough that at concurrency 64 it does not take the CPU the server is being measured
on, and at concurrency 1 it adds no event loop's scheduling to each answer. Loopback
URLs only (the machine is shared; see docs/perf.md).
"""

from __future__ import annotations

import json
import math
import socket
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from functools import partial
from urllib.parse import urlsplit

import trio
from miniserve import console

CONCURRENCY = (1, 8, 32, 64)
LOOPBACK = "127.0.0.1"


@dataclass
class Level:
    concurrency: int
    requests: int
    seconds: float
    tokens: int
    latencies: list[float]
    errors: int

    @property
    def tokens_per_second(self) -> float:
        return self.tokens / self.seconds

    def latency_ms(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)] if ordered else math.nan


def tutor_prompts(n: int, seed: int = 0) -> list[str]:
    from miniserve.tutor.corpus import v1 as corpus
    return [f"<|endoftext|>{ex.sentence}<|fix|>" for ex in corpus.generate("test", n, seed=seed)]


# -- a minimal HTTP/1.1 client: POST a JSON body, read one response (Content-Length or chunked) ----

class Response:
    """Sans-I/O: bytes in, one complete response out (status, body, whether the server closes)."""

    def __init__(self):
        self.buffer = b""

    def head(self, path: str, host: str, port: int, body: bytes) -> bytes:
        return (f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode() + body

    def take(self) -> tuple[int, bytes, bool] | None:
        """The response at the buffer's start, taken out of it, or None while it is incomplete."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        lines = self.buffer[:end].decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        at = end + 4
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                line_end = self.buffer.find(b"\r\n", at)
                if line_end < 0:
                    return None
                size = int(self.buffer[at:line_end].split(b";")[0], 16)
                if size == 0:  # no trailers: the empty line ends the response
                    if self.buffer[line_end + 2:line_end + 4] != b"\r\n":
                        return None
                    at = line_end + 4
                    break
                if len(self.buffer) < line_end + 2 + size + 2:
                    return None
                parts.append(self.buffer[line_end + 2:line_end + 2 + size])
                at = line_end + 2 + size + 2
            payload = b"".join(parts)
        else:
            n = int(headers.get("content-length", "0"))
            if len(self.buffer) < at + n:
                return None
            payload, at = self.buffer[at:at + n], at + n
        self.buffer = self.buffer[at:]
        return int(lines[0].split()[1]), payload, headers.get("connection", "").lower() == "close"


class Connection:
    """On trio sockets: for benchmarks that drive many requests from one event loop."""

    def __init__(self, host: str, port: int):
        self.host, self.port, self.stream, self.response = host, port, None, Response()

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.stream is None:
            self.stream = await trio.open_tcp_stream(self.host, self.port)
            self.response = Response()
        await self.stream.send_all(self.response.head(path, self.host, self.port, body))
        while (answer := self.response.take()) is None:
            data = await self.stream.receive_some(65536)
            if not data:
                raise ConnectionError("the server closed the connection")
            self.response.buffer += data
        status, payload, close = answer
        if close:
            await self.close()
        return status, payload

    async def close(self) -> None:
        if self.stream is not None:
            await self.stream.aclose()
            self.stream = None


class BlockingConnection:
    """On a blocking socket, one per thread: the closed loop's client. A blocked recv wakes its thread
    directly, where an event loop adds its own round of scheduling to every answer (at concurrency 1
    about 0.1-0.3 ms of a 20 ms request, measured against Connection; docs/perf.md)."""

    def __init__(self, host: str, port: int, timeout: float):
        self.host, self.port, self.timeout, self.sock, self.response = host, port, timeout, None, Response()

    def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.sock is None:
            self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.response = Response()
        self.sock.sendall(self.response.head(path, self.host, self.port, body))
        while (answer := self.response.take()) is None:
            data = self.sock.recv(65536)
            if not data:
                raise ConnectionError("the server closed the connection")
            self.response.buffer += data
        status, payload, close = answer
        if close:
            self.close()
        return status, payload

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


async def closed_loop(url: str, model: str, prompts: list[str], concurrency: int, requests: int,
                      max_tokens: int, timeout: float) -> Level:
    """`concurrency` clients share `requests` requests, each sending its next when its last returns.
    Each client is a thread with a blocking connection; every socket operation and the whole level
    are bounded by `timeout`."""
    parts = urlsplit(url)
    host, port, path = parts.hostname, parts.port or 80, parts.path.rstrip("/") + "/v1/completions"
    if host not in (LOOPBACK, "localhost"):
        raise SystemExit("bench.serve only targets 127.0.0.1 (the machine is shared)")
    counter, lock = iter(range(requests)), threading.Lock()
    latencies, totals = [], {"tokens": 0, "errors": 0}
    deadline = time.monotonic() + timeout

    def client() -> None:
        connection = BlockingConnection(host, port, timeout)
        try:
            while time.monotonic() < deadline:
                with lock:
                    i = next(counter, None)
                if i is None:
                    return
                body = json.dumps({"model": model, "prompt": prompts[i % len(prompts)], "max_tokens": max_tokens,
                                   "temperature": 0}).encode()
                sent = time.perf_counter()
                try:
                    status, payload = connection.post(path, body)
                except (OSError, ConnectionError):
                    connection.close()
                    status, payload = 0, b""
                took = time.perf_counter() - sent
                with lock:
                    if status != 200:
                        totals["errors"] += 1
                        continue
                    latencies.append(took)
                    totals["tokens"] += json.loads(payload)["usage"]["completion_tokens"]
            raise TimeoutError(f"the level took longer than {timeout} s")
        finally:
            connection.close()

    started = time.perf_counter()
    limiter = trio.CapacityLimiter(concurrency)  # trio's default lends 40 threads at most
    async with trio.open_nursery() as nursery:
        for _ in range(concurrency):
            nursery.start_soon(partial(trio.to_thread.run_sync, client, limiter=limiter))
    return Level(concurrency, requests, time.perf_counter() - started, totals["tokens"], latencies, totals["errors"])


# -- the engine alone: the same closed loop, in this process, without HTTP or scheduler --------------

class EngineAlone:
    """One engine and core loop for a level, run in rounds between the server's (see measure_server)."""

    def __init__(self, folder, prompts: list[str], concurrency: int, max_tokens: int, step_token_budget: int = 256):
        from tokenizers import Tokenizer

        from miniserve.engine import Engine, SamplingParams
        from miniserve.engine.loop import CoreLoop
        from miniserve.engine.policy import Continuous

        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.ids = [tokenizer.encode(p).ids for p in prompts]
        self.concurrency = concurrency
        engine = Engine.from_folder(folder, n_slots=concurrency, max_step_tokens=step_token_budget)
        engine.warmup()
        self.params = SamplingParams(max_new_tokens=max_tokens, temperature=0.0)
        self.loop = CoreLoop(engine, Continuous(), step_token_budget, concurrency)
        self.next_prompt = 0

    def run(self, requests: int) -> Level:
        from miniserve.engine import Sequence

        loop, concurrency = self.loop, self.concurrency
        sent: dict[int, tuple[float, Sequence]] = {}
        latencies, tokens, issued = [], 0, 0
        started = time.perf_counter()
        while issued < requests or loop.busy:
            while issued < requests and len(sent) < concurrency:  # closed loop: refill to `concurrency`
                seq = Sequence(list(self.ids[self.next_prompt % len(self.ids)]), self.params)
                sent[seq.id] = (time.perf_counter(), seq)
                loop.add(seq)
                issued, self.next_prompt = issued + 1, self.next_prompt + 1
            result = loop.step()
            for out in result.outputs:
                tokens += len(out.tokens)
                if out.finish_reason is not None:
                    latencies.append(time.perf_counter() - sent.pop(out.seq_id)[0])
        return Level(concurrency, requests, time.perf_counter() - started, tokens, latencies, 0)


def engine_closed_loop(folder, prompts: list[str], concurrency: int, requests: int, max_tokens: int,
                       step_token_budget: int = 256) -> Level:
    return EngineAlone(folder, prompts, concurrency, max_tokens, step_token_budget).run(requests)


def combined(parts: list[Level]) -> Level:
    """Rounds of one level as one: their tokens over their summed time (the gaps between rounds excluded)."""
    return Level(parts[0].concurrency, sum(p.requests for p in parts), sum(p.seconds for p in parts),
                 sum(p.tokens for p in parts), [x for p in parts for x in p.latencies], sum(p.errors for p in parts))


# -- the run ---------------------------------------------------------------------------------------

def requests_for(concurrency: int, scale: float) -> int:
    return int(max(40, 8 * concurrency) * scale)


async def measure_server(url: str, model: str, prompts: list[str], levels, scale: float, max_tokens: int,
                         engine_alone=None, rounds: int = 1) -> list[tuple[Level, Level | None]]:
    """Each level against the server and (if `engine_alone(c)` gives an EngineAlone) the engine alone,
    in `rounds` alternating rounds of the level's requests: on this noisy shared machine the speed
    drifts within seconds, and alternating makes both numbers of one ratio see the same drift."""
    out = []
    for c in levels:
        alone = engine_alone(c) if engine_alone else None
        await closed_loop(url, model, prompts, c, c * 2, max_tokens, 120)  # warm-up: connections, caches
        total = requests_for(c, scale)
        shares = [total // rounds + (i < total % rounds) for i in range(rounds)]
        served, alones = [], []
        for share in shares:
            served.append(await closed_loop(url, model, prompts, c, share, max_tokens, 300))
            if alone is not None:
                alones.append(alone.run(share))
        out.append((combined(served), combined(alones) if alones else None))
    return out


def local_server(args):
    from bench.loadgen import Server

    # no speculation: the engine alone does not speculate, and the ratio targets (docs/perf.md) are without it
    extra = ("--step-token-budget", str(args.step_token_budget), "--speculate", "0",
             "--engine-process", "1" if args.engine_process else "0", "--api-processes", str(args.api_processes))
    return Server("continuous", max_batch=max(args.concurrency), max_queue=2 * max(args.concurrency), extra=extra)


def print_table(rows: list[dict]) -> None:
    head = ("run", "conc", "requests", "server tok/s", "p50 ms", "p95 ms", "engine tok/s", "eng p50 ms", "server/engine")
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for r in rows:
        cells = (r["run"], r["concurrency"], r["requests"], f"{r['server_tok_s']:.0f}", f"{r['p50_ms']:.2f}",
                 f"{r['p95_ms']:.2f}", f"{r['engine_tok_s']:.0f}" if r.get("engine_tok_s") else "-",
                 f"{r['engine_p50_ms']:.2f}" if r.get("engine_p50_ms") else "-",
                 f"{r['ratio']:.2f}" if r.get("ratio") else "-")
        print(" | ".join(str(c) for c in cells))


def main(argv: list[str] | None = None) -> int:
    parser = console.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running OpenAI-compatible server, e.g. http://127.0.0.1:8000")
    where.add_argument("--local", action="store_true", help="start `miniserve serve` here and measure the engine too")
    parser.add_argument("--model", default="miniserve-tutor", help="the `model` field of each request")
    parser.add_argument("--concurrency", type=console.positive(int), nargs="+", default=list(CONCURRENCY))
    parser.add_argument("--scale", type=console.positive(float), default=1.0, help="requests per level: max(40, 8 x concurrency) x scale")
    parser.add_argument("--max-tokens", type=console.positive(int), default=64, help="upper bound; tutor answers stop at about 26")
    parser.add_argument("--repeat", type=console.positive(int), default=1, help="run everything this many times (report the worst)")
    parser.add_argument("--step-token-budget", type=console.positive(int), default=256)
    parser.add_argument("--rounds", type=console.positive(int), default=4,
                        help="--local: alternate the server and the engine alone this many times per level")
    parser.add_argument("--engine-process", action="store_true",
                        help="--local: the server's engine core runs in a process of its own (miniserve serve --engine-process 1)")
    parser.add_argument("--api-processes", type=console.positive(int), default=1,
                        help="--local: HTTP processes in front of one engine core process (miniserve serve --api-processes N)")
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args(argv)
    prompts = tutor_prompts(200)
    rows = []
    for run in range(1, args.repeat + 1):
        if args.url:
            levels = trio.run(measure_server, args.url, args.model, prompts, args.concurrency, args.scale, args.max_tokens)
        else:
            from miniserve.tutor import model_folder

            def engine_alone(c: int) -> EngineAlone:
                return EngineAlone(model_folder(), prompts, c, args.max_tokens, args.step_token_budget)

            async def local():
                async with local_server(args) as server:
                    return await measure_server(server.url, args.model, prompts, args.concurrency, args.scale,
                                                args.max_tokens, engine_alone, args.rounds)
            levels = trio.run(local)
        for level, alone in levels:
            row = {"run": run, "concurrency": level.concurrency, "requests": len(level.latencies),
                   "errors": level.errors, "tokens": level.tokens, "server_tok_s": level.tokens_per_second,
                   "p50_ms": level.latency_ms(0.5), "p95_ms": level.latency_ms(0.95)}
            if alone is not None:
                row |= {"engine_tok_s": alone.tokens_per_second, "engine_p50_ms": alone.latency_ms(0.5),
                        "ratio": level.tokens_per_second / alone.tokens_per_second}
            rows.append(row)
    print_table(rows)
    if args.repeat > 1 and not args.url:
        for c in args.concurrency:
            ratios = [r["ratio"] for r in rows if r["concurrency"] == c]
            print(f"concurrency {c}: server/engine worst {min(ratios):.2f}, median {statistics.median(ratios):.2f}, "
                  f"best {max(ratios):.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    failed = sum(r["errors"] for r in rows)
    if failed:  # a number measured on failures is not the server's speed
        print(f"error: {failed} requests failed (is {args.url or 'the local server'} serving {args.model}?)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    console.run(main)
