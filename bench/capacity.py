"""Capacity planning with Little's law, from measured runs.

    python -m bench.capacity                                  # measure, check L = lambda W, recommend
    python -m bench.capacity --p95 1.0 --rate 20              # "p95 under 1 s at 20 requests/s"

It runs the continuous scheduler at a moderate and at a saturating rate, then reports:
the service rate at saturation (mu), the arrival rate (lambda), the mean number of sequences in the
system (L, from the server's exact integral in /stats) and their mean time in system (W, from each
answer's usage.sequence_seconds), checks L = lambda * W within 10% (the load generator's check, as
the standard load test's), and recommends --max-batch and --max-queue for a latency objective,
showing the arithmetic.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import trio

from bench import loadgen
from miniserve import console


def littles_law(result: dict) -> dict:
    """The run's L = lambda * W check (bench.loadgen.littles_law): L from the server's integral of the
    sequences in the system, W from each answer's own sequence-seconds. Both count every sequence the
    server held, the tutor gate's scoring sequences too; the request-duration histogram does not."""
    return loadgen.littles_law([loadgen.Record(**r) for r in result["records"]], result["in_system"])


def sizing(mu: float, service: float, p95: float, rate: float) -> dict:
    """The numbers behind the advice, from the service rate at saturation `mu` (requests/s), a
    request's own time at light load `service` (s), the objective `p95` (s) and the arrival rate."""
    # Requests in service at once, by Little's law: lambda * S, with headroom x2 for bursts.
    batch = max(1, math.ceil(2 * rate * service))
    # A request behind q others waits about q / mu: a queue longer than mu * (p95 - S) only holds
    # requests that miss the objective anyway (0: even an empty queue leaves no budget).
    queue = max(1, math.floor(mu * (p95 - service))) if p95 > service else 0
    return {"utilisation": rate / mu, "max_batch": batch, "max_queue": queue}


def recommend(saturated: dict, light: dict, p95: float, rate: float, slots: int) -> list[str]:
    mu = saturated["summary"]["throughput_rps"]
    service = light["server"]["request_duration_mean_s"]  # a request's own time at light load
    step = saturated["server"]["step_mean_s"]
    batch = saturated["server"]["batch_size_mean"] or 1
    tokens = saturated["server"]["generated_tokens"] / max(1, saturated["summary"]["ok"])
    lines = [
        f"measured: service rate at saturation mu = {mu:g} requests/s (batch {batch:.1f} of max {slots}, "
        f"step {step * 1e3:.2f} ms, {tokens:.1f} tokens per request); time in system at light load S = {service * 1e3:.1f} ms",
        f"objective: p95 under {p95:g} s at lambda = {rate:g} requests/s",
    ]
    plan = sizing(mu, service, p95, rate)
    lines.append(f"utilisation rho = lambda / mu = {rate:g} / {mu:g} = {plan['utilisation']:.2f}"
                 + ("  (over 1: no queue bound can meet the objective; add capacity)" if plan["utilisation"] >= 1 else ""))
    lines.append(f"--max-batch: lambda * S = {rate:g} * {service:.3f} = {rate * service:.2f} sequences decoding at "
                 f"once on average; x2 for Poisson bursts -> {plan['max_batch']} (the measured default is {slots})")
    budget = p95 - service
    lines.append(f"--max-queue: a request behind q others waits about q / mu; the wait budget is p95 - S = "
                 f"{p95:g} - {service:.3f} = {budget:.3f} s, so q <= mu * budget = {mu:g} * {budget:.3f} -> {plan['max_queue']}. "
                 "A longer queue only holds requests that will miss the objective anyway: answer them 503 at once.")
    return lines


async def run(args) -> dict:
    light = await loadgen.measure("continuous", args.light_rate, int(args.light_rate * args.seconds), max_batch=args.max_batch,
                          max_queue=args.max_queue)
    saturated = await loadgen.measure("continuous", args.saturation_rate, int(args.saturation_rate * args.seconds),
                              max_batch=args.max_batch, max_queue=args.max_queue)
    return {"light": light, "saturated": saturated}


def main(argv: list[str] | None = None) -> dict:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--p95", type=console.positive(float), default=1.0, help="latency objective (s)")
    p.add_argument("--rate", type=console.positive(float), default=20.0, help="arrival rate to plan for (requests/s)")
    p.add_argument("--light-rate", type=console.positive(float), default=30.0)
    p.add_argument("--saturation-rate", type=console.positive(float), default=400.0)
    p.add_argument("--seconds", type=console.positive(float), default=8.0)
    p.add_argument("--max-batch", type=console.positive(int), default=32)
    p.add_argument("--max-queue", type=int, default=64)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    runs = trio.run(run, args)
    report = {"littles_law": {name: littles_law(r) for name, r in runs.items()},
              "recommendation": recommend(runs["saturated"], runs["light"], args.p95, args.rate, args.max_batch)}
    for name, check in report["littles_law"].items():
        verdict = "holds" if check["relative_error"] <= 0.10 else "DOES NOT hold"
        print(f"{name}: L measured {check['L_measured']} vs lambda * W = {check['lambda']} * {check['W_s']} = "
              f"{check['L_predicted']} ({check['relative_error']:.1%} apart: Little's law {verdict} within 10%)"
              + (f"; {check['unanswered']} requests timed out in the server: their time is in L, in no answer's W"
                 if check["unanswered"] else ""))
    print("\n".join(report["recommendation"]))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return report


if __name__ == "__main__":
    console.run(main)
