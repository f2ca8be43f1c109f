"""summary.md of a standard run: provenance, the workload, objectives, goodput, latency at the load
points, the five-run spread and PASS/FAIL per target. Medians over repetitions unless a column
says otherwise; "inf" means at least that share of requests was never answered."""

from __future__ import annotations

import math
import statistics

from bench.goodput import checks


def fmt(x, digits: int = 3) -> str:
    if isinstance(x, str):
        return x
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    if isinstance(x, float) and math.isinf(x):
        return "inf"
    return f"{x:.{digits}g}"


def median(values) -> float:
    values = [float(v) for v in values if v is not None]
    return statistics.median(values) if values else math.nan


def markdown(summary: dict) -> str:
    machine = summary.get("machine", {})
    lines = [
        "# Standard load test (bench/standard.py)", "",
        f"- command: `{summary.get('command')}`" + (f" (redrawn by `{summary['redrawn_by']}`)" if summary.get("redrawn_by") else ""),
        f"- commit: {summary.get('commit')}{' (dirty tree)' if summary.get('dirty') else ''}",
        f"- model sha256: {summary.get('model_sha256')}",
        f"- machine: {machine.get('cpu')}, {machine.get('cores')} cores, Python {machine.get('python')}, "
        f"{machine.get('system')}; load average at start {machine.get('load_average_at_start')}",
        f"- date: {summary.get('date')}, {summary.get('seconds')} s", "",
        "Latency runs from the planned send time; a refused, failed or timed-out request counts as never "
        "answered (inf). Ratios are static / continuous: above 1, continuous is better.", "",
        "## Workload (2000 requests drawn with the run's seed)", "",
        "| workload | class | share | input chars p50 / p95 / max | sequences per request | API max_tokens p50 / p95 / max |",
        "|---|---|---|---|---|---|",
    ]
    for name, classes in summary.get("workload", {}).items():
        for kind, c in classes.items():
            api = (f"{fmt(c['max_tokens_p50'])} / {fmt(c['max_tokens_p95'])} / {c['max_tokens_max']}"
                   if "max_tokens_p50" in c else "")
            lines.append(f"| {name} | {kind} | {c['share']:.0%} | {fmt(c['chars_p50'])} / {fmt(c['chars_p95'])} / "
                         f"{c['chars_max']} | {c['sequences_mean']} | {api} |")
    reps = summary.get("repetitions", [])
    lines += ["", "## Objectives and goodput (requests/s)", "",
              ("Objective of each class: p95 within a person's limits (`--slo human`)." if summary["settings"].get("slo") == "human"
               else "Objective of each class: SLO factor x its unloaded continuous p50 (latency in s; API calls in s per token)."), "",
              "| rep | workload | objectives | " + " | ".join(summary["settings"]["schedulers"]) + " | points at fractions of |",
              "|---|---|---|" + "---|" * len(summary["settings"]["schedulers"]) + "---|"]
    for rep in reps:
        for name, objective in rep["objectives"].items():
            goodput = rep["goodput"].get(name, {})
            obj = ", ".join(f"{k} {m} {fmt(v)}" for k, o in objective.items() for m, v in checks(o))
            lines.append(f"| {rep['rep']} | {name} | {obj} | "
                         + " | ".join(fmt(goodput.get(s, math.nan)) for s in summary["settings"]["schedulers"])
                         + f" | {rep.get('basis', {}).get(name, 'static')}'s goodput |")
    lines += ["", "## Latency at fractions of static's goodput, or of continuous's where static has none (median over repetitions)", "",
              "| workload | class | scheduler | load | p50 s | p95 s | p99 s | TTFT p95 s | s/token p95 | failed | send lag p99 ms | client CPU |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    points = [r for r in summary.get("runs", []) if r["role"] == "point"]
    keys = sorted({(r["workload"], r["scheduler"], r["fraction"]) for r in points},
                  key=lambda k: (k[0], k[2], summary["settings"]["schedulers"].index(k[1]) if k[1] in summary["settings"]["schedulers"] else 9))
    for wl, scheduler, fraction in keys:
        group = [r for r in points if (r["workload"], r["scheduler"], r["fraction"]) == (wl, scheduler, fraction)]
        classes = sorted(group[0]["summary"]["classes"])
        for kind in ["all", *classes] if len(classes) > 1 else ["all"]:
            def get(r, measure, q):
                s = r["summary"] if kind == "all" else r["summary"]["classes"][kind]
                return s[measure][q]
            failed = median([(r["summary"] if kind == "all" else r["summary"]["classes"][kind])["requests"]
                             - (r["summary"] if kind == "all" else r["summary"]["classes"][kind])["ok"] for r in group])
            lines.append(
                f"| {wl} | {kind} | {scheduler} | {fraction:.0%} ({fmt(median(r['rate'] for r in group))}/s) | "
                f"{fmt(median(get(r, 'latency_s', 'p50') for r in group))} | {fmt(median(get(r, 'latency_s', 'p95') for r in group))} | "
                f"{fmt(median(get(r, 'latency_s', 'p99') for r in group))} | {fmt(median(get(r, 'ttft_s', 'p95') for r in group))} | "
                f"{fmt(median(get(r, 'per_token_s', 'p95') for r in group))} | {fmt(failed)} | "
                + (f"{fmt(median(r['summary']['send_lag']['p99_ms'] for r in group))} | "
                   f"{fmt(median(r['summary']['client_cpu_share'] for r in group))} |" if kind == "all" else " | |"))
    lines += ["", "## Spread over repetitions", "", "| ratio | runs | min | median | max |", "|---|---|---|---|---|"]
    for name, s in summary.get("spread", {}).items():
        lines.append(f"| {name} | {s['n']} | {fmt(s['min'])} | {fmt(s['median'])} | {fmt(s['max'])} |")
    lines += ["", "## Targets (a claim holds only if its minimum holds)", "", "| verdict | target | rule | measured | runs |",
              "|---|---|---|---|---|"]
    for v in summary.get("targets", []):
        lines.append(f"| **{v['verdict']}** | {v['what']} | {v['rule']} | {fmt(v['value'])} | {v['n']} |")
    return "\n".join(lines) + "\n"
