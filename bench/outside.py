"""Where a tutor request's latency is spent: inside the server's tickets, or outside them.

    python -m bench.outside [--raw docs/results/raw] [--kind tutor]

Reads a results folder's raw records (bench/rawstore.py; no server is run). For each answered
request of the class, its latency (planned send to last byte, as the load test reports it) is
split into the server's own time in system (`usage.total_seconds`: from the first ticket's arrival
to the last ticket's end, the gate's scoring included) and the rest: HTTP, the tutoring flow's
Python before its tickets and between decoding and scoring (the guard, the word rules, waiting for
the parser's reading and rounds), the answer's bytes. Prints p50 / p95 of each per run, workload,
scheduler and load point.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from bench import rawstore
from miniserve import console


def split(records: list[dict], kind: str) -> tuple[np.ndarray, np.ndarray]:
    """(latency, server seconds) of the answered requests of `kind` that report their own time."""
    rows = [(r["end"] - r["planned"], r["server_seconds"]) for r in records
            if r["kind"] == kind and not r["error"] and r["server_seconds"] is not None]
    return np.array([a for a, _ in rows]), np.array([b for _, b in rows])


def main(argv: list[str] | None = None) -> list[dict]:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--raw", type=Path, default=Path("docs/results/raw"), help="a results folder's raw/ records")
    p.add_argument("--kind", default="tutor", help="the request class (tutor, paragraph, api)")
    args = p.parse_args(argv)
    files = sorted(args.raw.glob("*-point-*.jsonl.gz"))
    if not files:
        raise SystemExit(f"no load-point records in {args.raw}")
    rows = []
    print(f"{'run':44} {'n':>3}  latency p50/p95  server p50/p95  outside p50/p95 (s)  outside share")
    for path in files:
        latency, server = split(rawstore.read(path)[1], args.kind)
        if not len(latency):
            continue
        outside = latency - server
        row = {"run": path.name.removesuffix(".jsonl.gz"), "n": len(latency),
               **{f"{name}_{q}": float(np.percentile(a, q)) for name, a in
                  (("latency", latency), ("server", server), ("outside", outside)) for q in (50, 95)},
               "outside_share": float(outside.sum() / latency.sum())}
        rows.append(row)
        print(f"{row['run']:44} {row['n']:3}  {row['latency_50']:6.2f} {row['latency_95']:6.2f}   "
              f"{row['server_50']:6.2f} {row['server_95']:6.2f}   {row['outside_50']:6.2f} {row['outside_95']:6.2f}"
              f"          {row['outside_share']:5.0%}")
    shares = [r["outside_share"] for r in rows]
    print(f"outside the tickets: {min(shares):.0%}-{max(shares):.0%} of the {args.kind} latency (median {np.median(shares):.0%})")
    return rows


if __name__ == "__main__":
    console.run(main)
