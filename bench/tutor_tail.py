"""A tutor answer's latency through the server, one request at a time: its tail, server beside server.

    python -m bench.tutor_tail --requests 240 --variant "--parser-workers 1" --variant "--parser-workers 2"
    python -m bench.tutor_tail --requests 2000 --longest 60     # the long sentences alone

Starts one `miniserve serve` per variant (its extra flags; the first is the reference) on a free
loopback port, and sends each the same learner sentences of the standard load test's tutor class
(bench/workload.py, seeded; streamed `/correct` as the load test sends them), one at a time,
nothing else running: what a person waits for before any queueing, where the long sentences with
several errors decide the p95. The sentences go in rounds, each round to every server in turn (the
order alternating), so that both see the same drift of this shared machine's speed. Prints each
variant's p50 / p95 / p99 / max in ms and its ratio to the reference, and the slowest sentences.
"""

from __future__ import annotations

import argparse
import json
import shlex

import numpy as np
import trio

from bench import workload
from bench.http1 import Pool
from bench.loadgen import LOOPBACK, Server, parse_answer
from miniserve import console

QUANTILES = (50, 95, 99, 100)
WARM_UP = "She walk to the station every morning because the buses was late."


async def one_by_one(pool: Pool, requests: list[workload.Request], limit: float) -> list[float]:
    """Each request's seconds to its whole answer, sent after the last one's answer (bounded in time)."""
    seconds = []
    for request in requests:
        with trio.fail_after(limit):
            start = trio.current_time()
            response = await pool.post(request.path, request.body)
            seconds.append(trio.current_time() - start)
        error = parse_answer(response.status, response.body)[0]
        if error:
            raise RuntimeError(f"{error} for {request.body[:80]!r}")
    return seconds


async def measure(variants: list[str], requests: list[workload.Request], rounds: int, limit: float) -> list[list[float]]:
    """Seconds per request per variant: every round's requests to each server in turn."""
    seconds: list[list[float]] = [[0.0] * len(requests) for _ in variants]
    servers: list[Server] = []
    try:
        for extra in variants:
            server = Server("continuous", 32, 64, extra=tuple(shlex.split(extra)))
            servers.append(await server.__aenter__())
        pools = [Pool(LOOPBACK, s.port) for s in servers]
        warm = workload.Request("tutor", "/correct", json.dumps({"sentence": WARM_UP}).encode(), 1, len(WARM_UP), 0)
        for pool in pools:  # the first answer builds the tutor's tables (a sentence not measured: none is asked twice)
            await one_by_one(pool, [warm], limit)
        bounds = np.linspace(0, len(requests), rounds + 1).astype(int)
        for r, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
            for v in (range(len(variants)) if r % 2 == 0 else reversed(range(len(variants)))):
                seconds[v][lo:hi] = await one_by_one(pools[v], requests[lo:hi], limit)
        for pool in pools:
            await pool.aclose()
    finally:
        for server in servers:
            await server.__aexit__(None, None, None)
    return seconds


def main(argv: list[str] | None = None) -> dict:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--requests", type=console.positive(int), default=240, help="sentences, each sent to every server once")
    p.add_argument("--longest", type=console.positive(int), default=None,
                   help="send only this many of the drawn sentences, the longest in words (where the parser's cost is)")
    p.add_argument("--rounds", type=console.positive(int), default=6, help="rounds of alternation")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--variant", action="append", default=[],
                   help="extra `miniserve serve` flags of one server, quoted (repeat; the first is the reference)")
    p.add_argument("--limit", type=console.positive(float), default=30.0, help="seconds one answer may take before the run fails")
    p.add_argument("--json", help="write the result here")
    args = p.parse_args(argv)
    variants = args.variant or [""]
    rng = np.random.default_rng(args.seed)
    requests = [workload.tutor_request(rng) for _ in range(args.requests)]
    if args.longest:
        requests = sorted(requests, key=lambda r: -len(json.loads(r.body)["sentence"].split()))[:args.longest]
    seconds = trio.run(measure, variants, requests, args.rounds, args.limit)
    result = {"requests": args.requests, "longest": args.longest, "rounds": args.rounds, "seed": args.seed, "variants": {}}
    reference = None
    print(f"{len(requests)} tutor sentences" + (f" (the longest of {args.requests})" if args.longest else "") + ", one at a time, ms:")
    print(f"{'variant':28} " + " ".join(f"{'p' + str(q) if q < 100 else 'max':>8}" for q in QUANTILES)
          + "   vs the first (p50, p95, p99)")
    for extra, values in zip(variants, seconds):
        ms = np.array(values) * 1e3
        q = [float(np.percentile(ms, x)) for x in QUANTILES]
        reference = reference or q
        ratios = [q[i] / reference[i] for i in range(3)]
        result["variants"][extra] = {"quantiles_ms": dict(zip(map(str, QUANTILES), q)), "ratios": ratios,
                                     "mean_ms": float(ms.mean())}
        print(f"{extra or '(defaults)':28} " + " ".join(f"{x:8.1f}" for x in q) + "   " + ", ".join(f"{r:.2f}" for r in ratios))
    slowest = np.argsort(-np.array(seconds[0]))[:5]
    print("slowest for the first variant (ms; the others'), words: " + "; ".join(
        f"{seconds[0][i] * 1e3:.0f} ({' / '.join(f'{s[i] * 1e3:.0f}' for s in seconds[1:])}), "
        f"{len(json.loads(requests[i].body)['sentence'].split())}" for i in slowest))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return result


if __name__ == "__main__":
    console.run(main)
