"""Goodput: the highest arrival rate at which a scheduler still meets the latency objective.

A probe runs the load at one rate for a bounded time and says whether it met the objective (p95 of
each class within its limit, and no request refused or failed). The search brackets the answer by
doubling or halving from a starting rate, then bisects the bracket until it is narrower than
`tolerance` (relative) or the probe budget is spent. It assumes "meets" is monotone in the rate; a
noisy probe that breaks this only costs precision, never the bounds: the answer is always a rate
that was actually probed and met (or 0 when even the floor failed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Awaitable, Callable


@dataclass
class Probe:
    rate: float
    met: bool
    detail: dict = field(default_factory=dict)  # what the probe measured (p95 per class, refusals...)


@dataclass
class Search:
    goodput: float  # the highest rate probed that met the objective; 0 if none did
    probes: list[Probe]
    bracketed: bool  # False when the answer sits at the floor or the ceiling of the search


async def search(probe: Callable[[float], Awaitable[Probe]], start: float, floor: float, ceiling: float,
                 tolerance: float = 0.1, max_probes: int = 10) -> Search:
    """Bracket, then bisect. `probe(rate)` runs one bounded load and returns a Probe."""
    if not 0 < floor <= start <= ceiling:
        raise ValueError("need 0 < floor <= start <= ceiling")
    probes: list[Probe] = []

    async def run(rate: float) -> bool:
        result = await probe(rate)
        probes.append(result)
        return result.met

    lo, hi = None, None  # highest rate met, lowest rate missed
    rate = start
    if await run(rate):
        lo = rate
        while hi is None and len(probes) < max_probes:
            if lo >= ceiling:
                return Search(lo, probes, False)
            rate = min(ceiling, lo * 2)
            if await run(rate):
                lo = rate
            else:
                hi = rate
    else:
        hi = rate
        while lo is None and len(probes) < max_probes:
            if hi <= floor:
                return Search(0.0, probes, False)
            rate = max(floor, hi / 2)
            if await run(rate):
                lo = rate
            else:
                hi = rate
    if lo is None:
        return Search(0.0, probes, False)
    if hi is None:
        return Search(lo, probes, False)
    while (hi - lo) / lo > tolerance and len(probes) < max_probes:
        rate = (lo + hi) / 2
        if await run(rate):
            lo = rate
        else:
            hi = rate
    return Search(lo, probes, True)


def checks(objective) -> list[tuple[str, float]]:
    """A class's objective as (measure, limit) pairs: one pair, or a list of them (all must hold)."""
    return [tuple(objective)] if isinstance(objective[0], str) else [tuple(o) for o in objective]


def meets(classes: dict[str, dict], objectives: dict) -> tuple[bool, dict]:
    """Whether a run met every class's objective. `classes`: class -> its summary (class_summary);
    `objectives`: class -> (measure, limit), or a list of such pairs that must all hold; measure
    "latency_s", "ttft_s" or "per_token_s" (p95 of it).
    A refusal or failure anywhere fails the probe (its latency is infinite anyway)."""
    detail, met = {}, True
    for kind, summary in classes.items():
        pairs = checks(objectives[kind])
        refused = summary["requests"] - summary["ok"]
        values = [summary[measure]["p95"] for measure, _ in pairs]
        ok = refused == 0 and all(v <= limit for v, (_, limit) in zip(values, pairs))
        (measure, limit), p95 = pairs[0], values[0]
        detail[kind] = {"p95": p95, "limit": limit, "measure": measure, "failed": refused, "met": ok,
                        "checks": [{"measure": m, "p95": v, "limit": lim} for v, (m, lim) in zip(values, pairs)]}
        met = met and ok
    return met, detail
