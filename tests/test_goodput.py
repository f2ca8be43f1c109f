"""The goodput search (bench/goodput.py) and the verdicts (bench/analysis.py) on fake latency models."""

from __future__ import annotations

import math

import pytest

from bench import analysis
from bench.goodput import Probe, meets, search


def queue_model(capacity: float, service: float, limit: float):
    """p95 of an M/M/1-like server, service / (1 - rho), infinite past capacity; meets if <= limit.
    The true goodput is capacity * (1 - service / limit)."""
    calls = []

    async def probe(rate: float) -> Probe:
        calls.append(rate)
        p95 = service / (1 - rate / capacity) if rate < capacity else math.inf
        return Probe(rate, p95 <= limit, {"p95": p95})
    return probe, calls, capacity * (1 - service / limit)


@pytest.mark.parametrize("start", [1.0, 20.0, 90.0, 300.0])
async def test_the_search_brackets_then_bisects_to_the_true_goodput(start):
    probe, calls, truth = queue_model(capacity=100.0, service=0.02, limit=0.07)  # truth 71.4 req/s
    found = await search(probe, start=start, floor=0.5, ceiling=1000.0, tolerance=0.05, max_probes=20)
    assert found.bracketed and found.goodput <= truth
    assert truth - found.goodput <= 0.05 * found.goodput + 1e-9
    assert found.goodput in calls and all(p.met == (p.rate <= truth) for p in found.probes)
    assert found.goodput == max(p.rate for p in found.probes if p.met)  # what analysis.goodput recomputes


async def test_the_search_is_bounded_and_says_when_it_hit_a_bound():
    probe, calls, _ = queue_model(capacity=100.0, service=0.02, limit=0.08)
    found = await search(probe, start=1.0, floor=0.5, ceiling=1000.0, tolerance=0.001, max_probes=4)
    assert len(calls) == 4 and found.goodput == 8.0  # 1, 2, 4, 8: still bracketing when the budget ran out
    never, calls, _ = queue_model(capacity=1.0, service=0.5, limit=0.1)  # nothing meets it
    found = await search(never, start=16.0, floor=1.0, ceiling=100.0)
    assert found.goodput == 0.0 and not found.bracketed and calls == [16.0, 8.0, 4.0, 2.0, 1.0]
    always, calls, _ = queue_model(capacity=1e9, service=0.01, limit=1.0)
    found = await search(always, start=50.0, floor=1.0, ceiling=150.0)
    assert found.goodput == 150.0 and not found.bracketed and calls == [50.0, 100.0, 150.0]
    with pytest.raises(ValueError):
        await search(always, start=0.5, floor=1.0, ceiling=10.0)


def summary(p95: float, requests: int = 100, ok: int = 100, per_token: float = 0.001, ttft: float = 0.01) -> dict:
    return {"requests": requests, "ok": ok, "latency_s": {"p50": p95 / 2, "p95": p95},
            "per_token_s": {"p50": per_token, "p95": per_token}, "ttft_s": {"p50": ttft, "p95": ttft}}


def test_an_objective_needs_every_class_within_its_limit_and_no_refusal():
    objective = {"tutor": ("latency_s", 0.1), "api": ("per_token_s", 0.01)}
    assert meets({"tutor": summary(0.09), "api": summary(1.0, per_token=0.005)}, objective)[0]
    met, detail = meets({"tutor": summary(0.09, ok=99), "api": summary(1.0, per_token=0.005)}, objective)
    assert not met and {k: detail["tutor"][k] for k in ("p95", "limit", "measure", "failed", "met")} == {
        "p95": 0.09, "limit": 0.1, "measure": "latency_s", "failed": 1, "met": False}
    assert not meets({"tutor": summary(0.09), "api": summary(1.0, per_token=0.02)}, objective)[0]
    assert not meets({"tutor": summary(math.inf)}, {"tutor": ("latency_s", 0.1)})[0]


def run(rep, workload, scheduler, role, rate=0.0, fraction=None, classes=None, lag=1.0, little=0.05):
    classes = classes or {"tutor": summary(0.1)}
    total = next(iter(classes.values()))
    return {"rep": rep, "workload": workload, "scheduler": scheduler, "role": role, "rate": rate, "fraction": fraction,
            "summary": {**total, "classes": classes, "send_lag": {"p99_ms": lag},
                        "littles_law": {"relative_error": little}}}


def test_ratios_spread_and_verdicts_from_runs():
    runs = []
    for rep in range(5):
        for wl in ("tutor", "mix"):
            classes = {"tutor": summary(0.02)} | ({"api": summary(1.0, per_token=0.002)} if wl == "mix" else {})
            runs.append(run(rep, wl, "continuous", "unloaded", classes=classes))  # objective 4 x 0.01 = 0.04
            for scheduler, capacity in (("continuous", 80), ("static", 30), ("async", 10)):
                for rate in (5, 10, 20, 40, 60):
                    p95 = 0.03 if rate <= capacity else 0.5
                    classes = {"tutor": summary(p95)} | ({"api": summary(1.0, per_token=0.002)} if wl == "mix" else {})
                    runs.append(run(rep, wl, scheduler, "probe", rate, classes=classes))
            static_p95 = 0.1 + 0.02 * rep  # rep 0 ratio 2.0 ... rep 4 ratio 3.6 against 0.05
            for scheduler, p95 in (("continuous", 0.05), ("static", static_p95)):
                runs.append(run(rep, wl, scheduler, "point", 10.0, 0.5, {"tutor": summary(p95)}, lag=2.0 + rep))
    reps = analysis.per_repetition(runs, factor=4.0)
    assert reps[0]["objectives"]["mix"] == {"tutor": ("latency_s", 0.04), "api": ("per_token_s", 0.008)}
    assert reps[0]["goodput"]["mix"] == {"continuous": 60, "static": 20, "async": 10}
    assert reps[0]["ratios"]["mix_goodput_continuous_over_static"] == 3.0
    assert [r["ratios"]["tutor_only_p95_ratio"] for r in reps] == pytest.approx([2.0, 2.4, 2.8, 3.2, 3.6])
    spreads = analysis.spread(reps)
    assert spreads["tutor_only_p95_ratio"]["min"] == pytest.approx(2.0) and spreads["tutor_only_p95_ratio"]["n"] == 5
    verdicts = {(v["target"], v["rule"]): v["verdict"] for v in analysis.verdicts(spreads, 5)}
    assert verdicts[("tutor_only_p95_ratio", "min >= 1.43")] == "PASS"
    assert verdicts[("mix_tutor_class_p95_ratio", "median >= 3")] == "FAIL"  # median 2.8
    assert verdicts[("mix_goodput_continuous_over_async", "min >= 4")] == "PASS"  # 60 / 10
    assert verdicts[("send_lag_p99_ms_at_half", "max < 5")] == "FAIL"  # rep 4 lags 6 ms
    assert all(v == "FAIL" for v in {(v["target"], v["rule"]): v["verdict"] for v in analysis.verdicts(spreads, 6)}.values())


def test_never_answered_stays_honest_in_ratios():
    assert analysis.ratio(math.inf, 0.1) == math.inf and analysis.ratio(0.1, math.inf) == 0.0
    assert math.isnan(analysis.ratio(math.inf, math.inf)) and analysis.ratio(30.0, 0.0) == math.inf


def test_probe_sizes_are_bounded_in_time():
    from bench.standard import requests_for

    assert requests_for(50.0, 8.0, 40, 30.0) == 400  # 8 s of arrivals
    assert requests_for(2.0, 8.0, 40, 30.0) == 40  # a p95 needs a few dozen requests...
    assert requests_for(0.5, 8.0, 40, 30.0) == 15  # ...but never more than 30 s of arrivals
    assert requests_for(0.1, 8.0, 40, 30.0) == 10


def test_human_objectives_hold_every_limit_of_a_class():
    """--slo human: an API call needs its first token within 500 ms *and* 50 ms per token after it."""
    objective = analysis.objectives(run(0, "mix", "continuous", "unloaded",
                                        classes={"tutor": summary(0.02), "api": summary(1.0)}), 4.0, "human")
    assert objective == {"tutor": ("latency_s", 0.3), "api": [("ttft_s", 0.5), ("per_token_s", 0.05)]}
    assert meets({"tutor": summary(0.29), "api": summary(5.0, per_token=0.04, ttft=0.4)}, objective)[0]
    assert not meets({"tutor": summary(0.29), "api": summary(5.0, per_token=0.04, ttft=0.6)}, objective)[0]
    assert not meets({"tutor": summary(0.29), "api": summary(5.0, per_token=0.06, ttft=0.4)}, objective)[0]
    assert not meets({"tutor": summary(0.31), "api": summary(5.0, per_token=0.04, ttft=0.4)}, objective)[0]
    assert [v["target"] for v in analysis.verdicts({}, 1, "human")][0] == "mix_goodput_continuous_over_async"
