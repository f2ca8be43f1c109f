"""bench/capacity.py's arithmetic on known inputs: the recommendations docs/capacity.md prints, the
queue bound that exactly fits the latency budget, and the L = lambda * W check it reports."""

from __future__ import annotations

import math
from dataclasses import asdict

from hypothesis import given
from hypothesis import strategies as st

from bench.capacity import littles_law, recommend, sizing
from bench.loadgen import Record


def test_the_documented_recommendation():
    # docs/capacity.md: mu = 110.32 requests/s, S = 37.4 ms, "p95 under 1 s at 20 requests/s".
    plan = sizing(mu=110.32, service=0.0374, p95=1.0, rate=20)
    assert plan["max_batch"] == 2  # 20 * 0.0374 = 0.75 decoding at once, x2 for bursts -> ceil(1.5)
    assert plan["max_queue"] == 106  # floor(110.32 * 0.9626) = floor(106.2)
    assert math.isclose(plan["utilisation"], 20 / 110.32)


def test_no_budget_no_queue_and_overload_is_named():
    assert sizing(mu=100, service=0.5, p95=0.4, rate=10)["max_queue"] == 0
    assert sizing(mu=100, service=0.1, p95=0.105, rate=10)["max_queue"] == 1  # at least one
    assert sizing(mu=100, service=0.1, p95=1.0, rate=150)["utilisation"] == 1.5
    assert sizing(mu=100, service=0.1, p95=1.0, rate=0.1)["max_batch"] == 1


@given(mu=st.floats(1, 5000), service=st.floats(0.001, 2), budget=st.floats(0.05, 10), rate=st.floats(0.1, 5000))
def test_the_queue_bound_is_the_largest_that_meets_the_objective(mu, service, budget, rate):
    """A request behind q others waits q / mu before it starts, then S: q = max_queue meets the
    objective, one more does not (up to the floor's rounding)."""
    p95 = service + budget
    q = sizing(mu, service, p95, rate)["max_queue"]
    if q > 1:
        assert q / mu + service <= p95 * (1 + 1e-9)
    assert (q + 1) / mu + service > p95 * (1 - 1e-9) or q == 1


def run(arrival_rate: float, seconds: float, w: float, held: float, said: float | None = None) -> dict:
    """A run as bench.loadgen.measure returns it: arrivals at a steady rate, each answered after w
    seconds; each held `held` sequence-seconds in the server by its /stats integral (samples every
    50 ms: time, running, waiting, in_system_seconds) and says `said` in usage.sequence_seconds."""
    n = int(arrival_rate * seconds)
    said = held if said is None else said
    records = [asdict(Record(i, i / arrival_rate, i / arrival_rate, None, i / arrival_rate + w, 200, "", 10, "tutor", 1,
                             w, said)) for i in range(n)]
    span = (n - 1) / arrival_rate + w
    samples = [(t * 0.05, 0, 0, n * held * min(1.0, t * 0.05 / span)) for t in range(int(span / 0.05) + 2)]
    return {"records": records, "in_system": samples, "server": {"request_duration_mean_s": w}}


def test_littles_law_holds_on_a_consistent_run():
    check = littles_law(run(arrival_rate=40, seconds=10, w=0.25, held=0.25))
    assert check["L_from"] == "integral" and check["W_s"] == 0.25
    assert check["L_measured"] == check["L_predicted"] == round(400 * 0.25 / (399 / 40 + 0.25), 3)
    assert check["relative_error"] == 0


def test_littles_law_flags_an_inconsistent_run():
    # The answers say 0.25 s each, but the server held twice that many sequence-seconds.
    check = littles_law(run(arrival_rate=40, seconds=10, w=0.25, held=0.5, said=0.25))
    assert check["relative_error"] == 0.5


def test_littles_law_counts_the_sequences_a_request_adds_beside_it():
    """A tutor sentence whose gate scores three variants after it: the request takes 0.25 s (all the
    request-duration histogram sees), its four sequences 0.55 sequence-seconds, all held in the
    server's count: the check holds on sequence-seconds."""
    check = littles_law(run(arrival_rate=40, seconds=10, w=0.25, held=0.55))
    assert check["W_s"] == 0.55 and check["relative_error"] == 0


def test_recommend_shows_the_arithmetic():
    saturated = {"summary": {"throughput_rps": 110.32, "ok": 1000},
                 "server": {"step_mean_s": 0.0056, "batch_size_mean": 20.8, "generated_tokens": 32400}}
    light = {"server": {"request_duration_mean_s": 0.0374}}
    lines = recommend(saturated, light, p95=1.0, rate=20, slots=32)
    text = "\n".join(lines)
    assert "mu = 110.32" in text and "32.4 tokens per request" in text
    assert "rho = lambda / mu = 20 / 110.32 = 0.18" in text
    assert lines[3].endswith("-> 2 (the measured default is 32)")
    assert "-> 106." in lines[4]
    over = "\n".join(recommend(saturated, light, p95=1.0, rate=200, slots=32))
    assert "over 1: no queue bound can meet the objective" in over
