"""The standard load test: the four schedulers on the same arrival schedule, then a rate sweep of
static and continuous batching. Writes docs/results/ (CDF and sweep plots, summary table in
markdown and JSON, the command, commit and machine).

    python -m bench.compare                       # the standard run, a few minutes on 2 cores
    python -m bench.compare --quick               # a short smoke run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import trio

from bench.loadgen import measure, read_run, write_run

SCHEDULERS = ("sync", "async", "static", "continuous")
STANDARD = dict(rate=100.0, requests=900, max_batch=32, max_queue=64, seed=0)
SWEEP_RATES = (20, 60, 100, 130, 160, 200, 300)
SWEEP_REQUESTS_PER_RATE = 6.0  # seconds of load at each rate


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()} {platform.release()}"


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def plot_cdf(results: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(8, 5))
    for result in results:
        # A failed request is never answered: it stays off the curve, which then tops out below 1.
        latencies = np.sort([np.inf if r["error"] else r["end"] - r["planned"] for r in result["records"]])
        cdf = np.arange(1, len(latencies) + 1) / len(latencies)
        answered = np.isfinite(latencies)
        refused = f", {(~answered).mean():.0%} refused" if (~answered).any() else ""
        (line,) = ax.step(latencies[answered], cdf[answered], where="post", label=result["scheduler"] + refused)
        for q, marker in ((50, "o"), (95, "s"), (99, "^")):
            x = np.percentile(latencies, q)
            if np.isfinite(x):
                ax.plot([x], [q / 100], marker=marker, color=line.get_color(), markersize=6)
    ax.set_xscale("log")
    ax.set_xlabel("latency from planned send time (s, log scale)")
    ax.set_ylabel("fraction of requests")
    ax.set_title("Latency CDF, one open-loop schedule\n(markers: p50 o, p95 s, p99 ^; refused requests never reach the curve)", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_occupancy(results: list[dict], path: Path) -> None:
    """Running (in the batch) and waiting requests over time, from the server's /stats gauge."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [r for r in results if r["scheduler"] in ("static", "continuous")]
    fig, axes = plt.subplots(len(shown), 1, figsize=(10, 2.6 * len(shown)), sharex=True, squeeze=False)
    for ax, result in zip(axes[:, 0], shown):
        t = [s[0] for s in result["in_system"]]
        ax.fill_between(t, [s[1] for s in result["in_system"]], step="post", alpha=0.6, label="running (batch occupancy)")
        ax.plot(t, [s[2] for s in result["in_system"]], drawstyle="steps-post", color="C3", label="waiting")
        ax.set_ylabel(result["scheduler"])
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper right")
    axes[-1, 0].set_xlabel("seconds into the run")
    fig.suptitle("Batch occupancy and queue over time (same arrivals)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_sweep(sweep: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    for scheduler in ("static", "continuous"):
        runs = sorted((r for r in sweep if r["scheduler"] == scheduler), key=lambda r: r["rate"])
        rates = [r["summary"]["offered_rate"] for r in runs]
        left.plot(rates, [r["summary"]["latency_s"]["p95"] for r in runs], "o-", label=scheduler)
        right.plot(rates, [r["summary"]["throughput_rps"] for r in runs], "o-", label=scheduler)
    top = max(r["summary"]["offered_rate"] for r in sweep)
    right.plot([0, top], [0, top], "k--", alpha=0.4, label="offered = served")
    left.set_yscale("log")
    left.set_xlabel("offered rate (requests/s)")
    left.set_ylabel("p95 latency (s, log scale)")
    right.set_xlabel("offered rate (requests/s)")
    right.set_ylabel("answered requests/s")
    for ax in (left, right):
        ax.grid(True, alpha=0.3)
        ax.legend()
    fig.suptitle("Rate sweep: where each scheduler saturates")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def table(results: list[dict]) -> str:
    head = ("| scheduler | ok / sent | errors | p50 s | p90 s | p95 s | p99 s | p95 answered s | req/s | tok/s "
            "| server queue s | server batch |")
    lines = [head, "|" + "---|" * 12]
    for r in results:
        s, v = r["summary"], r["server"]
        lat = s["latency_s"]
        errors = ", ".join(f"{k}: {n}" for k, n in s["errors"].items()) or "0"
        lines.append(f"| {r['scheduler']} | {s['ok']} / {s['requests']} | {errors} | {lat['p50']} | {lat['p90']} | "
                     f"{lat['p95']} | {lat['p99']} | {s['latency_answered_s']['p95']} | {s['throughput_rps']} | "
                     f"{s['tokens_per_s']} | {v['queue_time_mean_s']} | {v['batch_size_mean']} |")
    return "\n".join(lines)


async def standard(args) -> list[dict]:
    results = []
    for scheduler in args.schedulers:
        result = await measure(scheduler, args.rate, args.requests, args.seed, args.max_batch, args.max_queue)
        write_run(result, args.raw)
        results.append(result)
        print(json.dumps({"scheduler": scheduler, **result["summary"]["latency_s"],
                          "ok": result["summary"]["ok"], "errors": result["summary"]["errors"]}), flush=True)
    return results


async def sweep(args) -> list[dict]:
    runs = []
    for scheduler in ("static", "continuous"):
        for rate in args.sweep_rates:
            n = max(50, int(rate * args.sweep_seconds))
            result = await measure(scheduler, rate, n, args.seed, args.max_batch, args.max_queue)
            write_run(result, args.raw / "sweep")
            runs.append(result)
            print(json.dumps({"sweep": scheduler, "rate": rate, "p95": result["summary"]["latency_s"]["p95"],
                              "throughput": result["summary"]["throughput_rps"]}), flush=True)
    return runs


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rate", type=float, default=STANDARD["rate"])
    p.add_argument("--requests", type=int, default=STANDARD["requests"])
    p.add_argument("--max-batch", type=int, default=STANDARD["max_batch"])
    p.add_argument("--max-queue", type=int, default=STANDARD["max_queue"])
    p.add_argument("--seed", type=int, default=STANDARD["seed"])
    p.add_argument("--schedulers", nargs="+", default=list(SCHEDULERS))
    p.add_argument("--sweep-rates", type=float, nargs="*", default=list(SWEEP_RATES))
    p.add_argument("--sweep-seconds", type=float, default=SWEEP_REQUESTS_PER_RATE)
    p.add_argument("--out", type=Path, default=Path("docs/results"))
    p.add_argument("--raw", type=Path, default=Path("runs/compare"), help="raw JSON-lines records")
    p.add_argument("--quick", action="store_true", help="a short smoke run: 60 requests, no sweep")
    p.add_argument("--from-raw", action="store_true", help="redo the summaries and plots from --raw, run nothing")
    args = p.parse_args(argv)
    if args.quick:
        args.requests, args.sweep_rates = 60, []
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    if args.from_raw:
        results = [read_run(args.raw, s, args.rate) for s in args.schedulers]
        runs = [read_run(args.raw / "sweep", s, r) for s in ("static", "continuous") for r in args.sweep_rates]
    else:
        results = trio.run(standard, args)
    plot_cdf(results, args.out / "cdf.png")
    plot_occupancy(results, args.out / "occupancy.png")
    if not args.from_raw:
        runs = trio.run(sweep, args) if args.sweep_rates else []
    if runs:
        plot_sweep(runs, args.out / "sweep.png")
    summary = {
        "command": " ".join([Path(sys.executable).name, "-m", "bench.compare", *(argv if argv is not None else sys.argv[1:])]),
        "commit": commit(), "machine": machine(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "seconds": round(time.time() - started, 1),
        "standard": {k: getattr(args, k) for k in ("rate", "requests", "max_batch", "max_queue", "seed")},
        "results": [{k: v for k, v in r.items() if k not in ("records", "in_system")} for r in results],
        "note": "latency percentiles count a refused or failed request as never answered (inf); "
                "latency_answered_s is over the answered requests alone",
        "sweep": [{"scheduler": r["scheduler"], "rate": r["rate"], **r["summary"]} for r in runs],
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1, default=str).replace("Infinity", '"inf"') + "\n")
    md = [f"# Standard load test\n", f"- command: `{summary['command']}`", f"- commit: {summary['commit']}",
          f"- machine: {summary['machine']}", f"- date: {summary['date']}, {summary['seconds']} s",
          f"- load: Poisson {args.rate:g} requests/s, {args.requests} requests (seed {args.seed}), "
          f"max_batch {args.max_batch}, max_queue {args.max_queue}\n", table(results), ""]
    if runs:
        md += ["\n## Rate sweep\n", "| scheduler | offered req/s | answered req/s | p95 s | p95 answered s | errors |",
               "|---|---|---|---|---|---|"]
        md += [f"| {r['scheduler']} | {r['offered_rate']} | {r['throughput_rps']} | {r['latency_s']['p95']} | "
               f"{r['latency_answered_s']['p95']} | {sum(r['errors'].values())} |" for r in summary["sweep"]]
    (args.out / "summary.md").write_text("\n".join(md) + "\n")
    print("\n" + table(results))


if __name__ == "__main__":
    main()
