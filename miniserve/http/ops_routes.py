"""Operations routes, apart from the APIs: liveness, readiness, Prometheus metrics, the scheduler's view."""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from quart import Blueprint, Response
from quart_schema import validate_response

from miniserve.http.openapi import answers
from miniserve.http.schemas import Health, Readiness, Stats
from miniserve.http.state import service

ops = Blueprint("ops", __name__)
# seconds the engine may hold work with no step result before /readyz fails (results come every 20 ms while it steps)
STALL_SECONDS = 10.0


@ops.get("/healthz")
@ops.get("/health")
@validate_response(Health, 200)
@validate_response(Health, 503)
async def healthz():
    """Liveness (`/health` too, as vLLM and TGI name it): the event loop answers and the scheduler
    has not died (503 then: restart the process)."""
    reason = service().health.dead_reason()
    return (Health(status="ok"), 200) if reason is None else (Health(status="dead", reason=reason), 503)


@ops.get("/readyz")
@validate_response(Readiness, 200)
@validate_response(Readiness, 503)
async def readyz():
    """Readiness: model loaded, kernels warm, scheduler alive, last step fine, not draining, engine not stalled."""
    s = service()
    reason = s.health.not_ready_reason()
    stalled = s.scheduler.stalled_seconds() if reason is None and s.scheduler is not None else 0.0
    if stalled > STALL_SECONDS:
        reason = f"engine stalled: no step result for {stalled:.0f} s with {len(s.scheduler.tickets)} sequences in it"
    return (Readiness(status="ready"), 200) if reason is None else (Readiness(status="not ready", reason=reason), 503)


@ops.get("/metrics")
@answers(text="text/plain")
async def metrics():
    """Prometheus text format (see docs/metrics.md)."""
    if service().gc_pauses is not None:
        service().gc_pauses.flush()
    return Response(generate_latest(service().metrics.registry), content_type=CONTENT_TYPE_LATEST)


@ops.get("/stats")
@validate_response(Stats, 200)
@answers(429)
async def stats():
    """The scheduler's own view: counts in the system, steps, KV slots."""
    s = service()
    sched, engine = s.scheduler, s.engine
    return Stats(
        scheduler=s.settings.scheduler,
        running=sched.n_running if sched else 0,
        waiting=sched.n_waiting if sched else 0,
        steps=sched.steps if sched else 0,
        kv_slots_used=engine.cache.used_slots if engine else 0,
        kv_slots_total=engine.cache.n_slots if engine else 0,
        in_system_seconds=round(in_system_seconds(s), 6),
    )


def in_system_seconds(s) -> float:
    """The server's integral of sequences in the system. With several API processes, each holds its
    own sequences: every process's finished ones (summed from the shared metrics) plus this one's in
    flight, exact whenever the others hold none (a load test's first and last samples)."""
    sched = s.scheduler
    if sched is None:
        return 0.0
    if not s.metrics.shared:
        return sched.in_system_seconds
    return s.metrics.every_process("miniserve_sequence_duration_seconds_sum") + sched.in_flight_seconds
