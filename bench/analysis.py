"""From the runs of the standard load test to its verdicts: goodput, the ratios of every
repetition, their min / median / max, and PASS or FAIL per target (docs/report.md).

Pure functions over run dicts ({"rep", "workload", "scheduler", "role", "rate", "fraction",
"summary", ...}): the live run and `--from-raw` give the same answers from the same records.
A claim holds only if its *minimum* over the repetitions holds.
"""

from __future__ import annotations

import math
import statistics

from bench.goodput import meets

# (name, what it is, the statistic that must hold, threshold); ">=" unless noted.
TARGETS = (
    ("tutor_only_p95_ratio", "tutor-only, at 50% of static's goodput: static p95 / continuous p95", "min", 1.43),
    ("tutor_only_p95_ratio", "tutor-only, at 50% of static's goodput: static p95 / continuous p95", "median", 2.0),
    ("mix_tutor_class_p95_ratio", "mix, tutor class, at 50% of static's goodput: static p95 / continuous p95", "median", 3.0),
    ("mix_tutor_class_p95_ratio", "mix, tutor class, at 50% of static's goodput: static p95 / continuous p95", "min", 2.0),
    ("mix_goodput_continuous_over_static", "mix: continuous goodput / static goodput", "min", 2.0),
    ("mix_goodput_continuous_over_async", "mix: continuous goodput / async goodput", "min", 4.0),
    ("littles_law_max_error", "Little's law: largest |lambda W - L| / L over the load points", "max<=", 0.10),
    ("send_lag_p99_ms_at_half", "load generator p99 send lag at 50% of static's goodput (ms)", "max<", 5.0),
)

# Objectives a person feels (`--slo human`), as vLLM's --goodput and DistServe state them: a tutor
# sentence answered within 300 ms, a paragraph within 1 s (p95), an API call's first token within
# 500 ms and then at most 50 ms per output token. Only the goodput ratio has a target there.
HUMAN_OBJECTIVES = {"tutor": ("latency_s", 0.300), "paragraph": ("latency_s", 1.0),
                    "api": [("ttft_s", 0.500), ("per_token_s", 0.050)]}
HUMAN_TARGETS = (
    ("mix_goodput_continuous_over_async", "mix at human SLOs: continuous goodput / async goodput", "min", 2.0),
    ("mix_goodput_continuous_over_static", "mix at human SLOs: continuous goodput / static goodput", "min", 1.0),
    ("littles_law_max_error", "Little's law: largest |lambda W - L| / L over the load points", "max<=", 0.10),
    ("send_lag_p99_ms_at_half", "load generator p99 send lag at 50% of static's goodput (ms)", "max<", 5.0),
)


def ratio(a: float, b: float) -> float:
    """a / b with never-answered (inf) kept honest: inf / x = inf, x / inf = 0, inf / inf = nan."""
    if math.isinf(a) and math.isinf(b):
        return math.nan
    if b == 0:
        return math.inf if a > 0 else math.nan
    return a / b


def class_summaries(summary: dict) -> dict:
    """class -> its summary."""
    return summary["classes"]


def objectives(unloaded: dict, factor: float, slo: str = "relative") -> dict:
    """Each class's objective: `factor` x its unloaded continuous p50, in seconds for the tutor's
    classes (a person waits for the whole answer) and in seconds per token for API calls (their
    length is the caller's choice); with slo "human", HUMAN_OBJECTIVES."""
    if slo == "human":
        return {kind: HUMAN_OBJECTIVES[kind] for kind in class_summaries(unloaded["summary"])}
    out = {}
    for kind, s in class_summaries(unloaded["summary"]).items():
        measure = "per_token_s" if kind == "api" else "latency_s"
        out[kind] = (measure, round(factor * s[measure]["p50"], 6))
    return out


def goodput(probes: list[dict], objective: dict) -> float:
    """The highest probed rate that met the objective (the search's answer, recomputed)."""
    met = [p["rate"] for p in probes if meets(class_summaries(p["summary"]), objective)[0]]
    return max(met, default=0.0)


def p95(run: dict | None, kind: str | None = None, measure: str = "latency_s") -> float:
    if run is None:
        return math.nan
    s = run["summary"] if kind is None else class_summaries(run["summary"]).get(kind)
    return math.nan if s is None else s[measure]["p95"]


def per_repetition(runs: list[dict], factor: float, slo: str = "relative") -> list[dict]:
    """Objectives, goodputs and ratios of every repetition."""
    out = []
    for rep in sorted({r["rep"] for r in runs}):
        mine = [r for r in runs if r["rep"] == rep]
        row: dict = {"rep": rep, "objectives": {}, "goodput": {}}
        for wl in sorted({r["workload"] for r in mine}):
            unloaded = next((r for r in mine if r["workload"] == wl and r["role"] == "unloaded"), None)
            if unloaded is None:
                continue
            objective = objectives(unloaded, factor, slo)
            row["objectives"][wl] = objective
            row["goodput"][wl] = {s: goodput([r for r in mine if r["workload"] == wl and r["scheduler"] == s
                                              and r["role"] == "probe"], objective)
                                  for s in sorted({r["scheduler"] for r in mine if r["workload"] == wl and r["role"] == "probe"})}

        def point(wl, scheduler, fraction=0.5):
            return next((r for r in mine if r["workload"] == wl and r["scheduler"] == scheduler and r["role"] == "point"
                         and abs(r["fraction"] - fraction) < 1e-9), None)

        g = row["goodput"].get("mix", {})
        points = [r for r in mine if r["role"] == "point"]
        # whose goodput the load points are fractions of: static's, unless static met nothing
        row["basis"] = {r["workload"]: r.get("basis", "static") for r in points}
        half = [r for r in points if abs(r["fraction"] - 0.5) < 1e-9]
        row["ratios"] = {
            "tutor_only_p95_ratio": ratio(p95(point("tutor", "static")), p95(point("tutor", "continuous"))),
            "mix_tutor_class_p95_ratio": ratio(p95(point("mix", "static"), "tutor"), p95(point("mix", "continuous"), "tutor")),
            "mix_tutor_class_per_token_p95_ratio": ratio(p95(point("mix", "static"), "tutor", "per_token_s"),
                                                         p95(point("mix", "continuous"), "tutor", "per_token_s")),
            "mix_per_token_p95_ratio": ratio(p95(point("mix", "static"), None, "per_token_s"),
                                             p95(point("mix", "continuous"), None, "per_token_s")),
            "mix_goodput_continuous_over_static": ratio(g.get("continuous", math.nan), g.get("static", math.nan)),
            "mix_goodput_continuous_over_async": ratio(g.get("continuous", math.nan), g.get("async", math.nan)),
            "tutor_goodput_continuous_over_static": ratio(row["goodput"].get("tutor", {}).get("continuous", math.nan),
                                                          row["goodput"].get("tutor", {}).get("static", math.nan)),
            "littles_law_max_error": max((e for r in points if not math.isnan(e := r["summary"]["littles_law"]["relative_error"])),
                                         default=math.nan),
            "send_lag_p99_ms_at_half": max((r["summary"]["send_lag"]["p99_ms"] for r in half), default=math.nan),
        }
        out.append(row)
    return out


def spread(reps: list[dict]) -> dict:
    """min / median / max of every ratio over the repetitions (NaN-free values only; n says how many)."""
    out = {}
    for name in reps[0]["ratios"] if reps else ():
        values = [r["ratios"][name] for r in reps if not math.isnan(r["ratios"][name])]
        out[name] = {"n": len(values), "min": min(values, default=math.nan),
                     "median": statistics.median(values) if values else math.nan, "max": max(values, default=math.nan)}
    return out


def verdicts(spreads: dict, repetitions: int, slo: str = "relative") -> list[dict]:
    """PASS / FAIL per target; a target with fewer measured repetitions than asked FAILS."""
    out = []
    for name, what, statistic, threshold in (HUMAN_TARGETS if slo == "human" else TARGETS):
        s = spreads.get(name, {"n": 0})
        if statistic in ("min", "median"):
            value, ok = s.get(statistic, math.nan), s.get(statistic, math.nan) >= threshold
            rule = f"{statistic} >= {threshold:g}"
        else:
            value = s.get("max", math.nan)
            ok = value <= threshold if statistic == "max<=" else value < threshold
            rule = f"max {statistic[3:]} {threshold:g}"
        complete = s.get("n", 0) >= repetitions
        out.append({"target": name, "what": what, "rule": rule, "value": value, "n": s.get("n", 0),
                    "verdict": "PASS" if ok and complete else "FAIL"})
    return out
