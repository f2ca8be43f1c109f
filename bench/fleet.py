"""Replicas on paper: how many one-CPU replicas a target rate and a p95 objective need, from one
replica's measured rate sweep, and each replica's queue bound and load (Little's law).

    python -m bench.fleet --sweep docs/results/previous/summary.json --p95 0.25 0.5 1.0 --rate 50 500 5000

A replica's *goodput* for an objective is the highest answered rate of the sweep at which it met
the objective with nothing refused (a measured point, never an interpolation). The fleet is
ceil(rate / goodput) replicas plus `--spare` so that one can drain or die without breaking the
objective. The queue bound is bench.capacity's rule, q <= mu * (p95 - S), with mu the sweep's peak
answered rate and S the mean time in system at its lightest rate (or --mu / --service, e.g. from
`python -m bench.capacity`, docs/capacity.md).
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import dataclass
from pathlib import Path

from bench.capacity import sizing
from miniserve import console


@dataclass(frozen=True)
class Point:
    """One rate of a single replica's sweep."""
    answered: float  # requests/s answered
    p95: float  # s, refused requests counted as never answered
    mean: float  # s, mean time in system of the answered requests (Little's W)
    errors: int


def sweep_points(summary: dict, scheduler: str = "continuous") -> list[Point]:
    return [Point(r["throughput_rps"], r["latency_s"]["p95"], r["mean_latency_ok_s"], sum(r["errors"].values()))
            for r in summary["sweep"] if r["scheduler"] == scheduler]


def goodput(points: list[Point], p95: float) -> Point | None:
    """The highest answered rate at which the replica met the objective, refusing nothing."""
    return max((p for p in points if p.errors == 0 and p.p95 <= p95), key=lambda p: p.answered, default=None)


def plan(rate: float, p95: float, points: list[Point], spare: int = 1, mu: float | None = None,
         service: float | None = None) -> dict | None:
    """Replicas, cores and per-replica numbers for `rate` requests/s under a p95 objective; None when
    no measured rate of one replica meets the objective at all."""
    mu = mu or max(p.answered for p in points)
    service = service or min(points, key=lambda p: p.answered).mean
    best = goodput(points, p95)
    if best is None:
        return None
    replicas = math.ceil(rate / best.answered) + spare
    per_replica = rate / replicas  # leastconn spreads the load over all of them, the spare included
    # W at that load: the mean time in system measured at the nearest sweep rate at or above it
    # (a higher rate only lengthens W, so this errs on the safe side).
    w = min((p for p in points if p.answered >= per_replica and p.errors == 0), key=lambda p: p.answered, default=best).mean
    return {
        "rate": rate, "p95": p95, "goodput_per_replica": best.answered, "replicas": replicas,
        "cores": replicas,  # one CPU each (deploy/kubernetes/deployment.yaml), the balancer aside
        "rate_per_replica": round(per_replica, 2), "utilisation": round(per_replica / mu, 3),
        "in_system_per_replica": round(per_replica * w, 2),  # Little's law: L = lambda * W
        "max_queue": sizing(mu, service, p95, per_replica)["max_queue"],
    }


def main(argv: list[str] | None = None) -> list[dict]:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sweep", type=Path, default=Path("docs/results/previous/summary.json"), help="bench.compare's summary")
    p.add_argument("--mu", type=console.positive(float), help="service rate at saturation, requests/s (default: the sweep's peak)")
    p.add_argument("--service", type=console.positive(float), help="time in system at light load, s (default: the sweep's lightest rate)")
    p.add_argument("--p95", type=console.positive(float), nargs="+", default=[0.5])
    p.add_argument("--rate", type=console.positive(float), nargs="+", default=[100.0])
    p.add_argument("--spare", type=int, default=1, help="replicas beyond the need (a drain, a failure)")
    args = p.parse_args(argv)
    points = sweep_points(json.loads(args.sweep.read_text()))
    plans = []
    print("| target req/s | p95 objective | goodput/replica | replicas (= cores) | req/s each | rho | L each | --max-queue |")
    print("|---|---|---|---|---|---|---|---|")
    for p95 in args.p95:
        for rate in args.rate:
            row = plan(rate, p95, points, args.spare, args.mu, args.service)
            if row is None:
                print(f"| {rate:g} | {p95:g} s | none: no measured rate meets it | | | | | |")
                continue
            plans.append(row)
            print(f"| {rate:g} | {p95:g} s | {row['goodput_per_replica']:g} | {row['replicas']} | {row['rate_per_replica']:g} | "
                  f"{row['utilisation']:.2f} | {row['in_system_per_replica']:g} | {row['max_queue']} |")
    return plans


if __name__ == "__main__":
    console.run(main)
