"""The HTTP routes. Handlers validate, hand a ticket to the scheduler, and await their own answer."""

from __future__ import annotations

import json
import logging
import re
import uuid

import trio
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from quart import Blueprint, Response, current_app, g, request
from quart_schema import document_response, validate_request, validate_response

from miniserve.engine import SamplingParams, Sequence
from miniserve.errors import error_response
from miniserve.scheduler import Overloaded, StepFailed, Unavailable
from miniserve.schemas import CorrectRequest, CorrectResponse, ErrorResponse, Readiness
from miniserve.service import Service
from miniserve.textstream import IncrementalDecoder
from miniserve.ticket import Ticket
from miniserve.tutor.prompt import SentenceError

routes = Blueprint("miniserve", __name__)
access_log = logging.getLogger("miniserve.access")
REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def service() -> Service:
    return current_app.extensions["miniserve"]


@routes.before_app_request
async def assign_request_id():
    given = request.headers.get("X-Request-ID", "")
    g.request_id = given if REQUEST_ID.match(given) else uuid.uuid4().hex
    g.started = trio.current_time()


@routes.after_app_request
async def log_request(response):
    response.headers["X-Request-ID"] = g.get("request_id", "")
    ticket: Ticket | None = g.get("ticket")
    rule = request.url_rule.rule if request.url_rule else "unmatched"
    service().metrics.requests.labels(rule, str(response.status_code)).inc()
    if request.path not in ("/healthz", "/readyz", "/metrics"):
        access_log.info(json.dumps({
            "request_id": g.get("request_id"), "method": request.method, "path": request.path,
            "scheduler": service().settings.scheduler, "status": response.status_code,
            "queue_s": round(ticket.queue_seconds, 4) if ticket else None,
            "ttft_s": round(ticket.ttft_seconds, 4) if ticket and ticket.ttft_seconds is not None else None,
            "prompt_tokens": len(ticket.seq.prompt) if ticket else None,
            "tokens": len(ticket.tokens) if ticket else None,
            "total_s": round(trio.current_time() - g.get("started", trio.current_time()), 4),
        }))
    return response


@routes.get("/healthz")
async def healthz():
    """Liveness: the event loop answers."""
    return {"status": "ok"}


@routes.get("/readyz")
@validate_response(Readiness, 200)
@validate_response(Readiness, 503)
async def readyz():
    """Readiness: model loaded, kernels warm, scheduler alive, last step fine, not draining."""
    reason = service().health.not_ready_reason()
    return (Readiness(status="ready"), 200) if reason is None else (Readiness(status="not ready", reason=reason), 503)


@routes.get("/metrics")
async def metrics():
    """Prometheus text format (see docs/metrics.md)."""
    return Response(generate_latest(service().metrics.registry), content_type=CONTENT_TYPE_LATEST)


@routes.get("/stats")
async def stats():
    """The scheduler's own view: counts in the system, steps, KV slots."""
    s = service()
    sched, engine = s.scheduler, s.engine
    return {
        "scheduler": s.settings.scheduler,
        "running": sched.n_running if sched else 0,
        "waiting": sched.n_waiting if sched else 0,
        "steps": sched.steps if sched else 0,
        "kv_slots_used": engine.cache.used_slots if engine else 0,
        "kv_slots_total": engine.cache.n_slots if engine else 0,
    }


@routes.post("/correct")
@validate_request(CorrectRequest)
@document_response(CorrectResponse, 200)
@document_response(ErrorResponse, 422)
async def correct(data: CorrectRequest):
    """Correct the verbs of one sentence and explain the correction (`?stream=true`: server-sent events)."""
    s = service()
    if s.prompt is None:
        return error_response(501, "not_implemented", "the served model is not the tutor: it has no <|fix|> prompt format")
    reason = s.health.unavailable_reason()
    if reason is not None or s.scheduler is None:
        return error_response(503, "unavailable", f"not ready: {reason}", headers={"Retry-After": 1})
    try:
        ids, budget = s.prompt.request(data.sentence, s.engine.config.n_positions)
    except SentenceError as error:
        return error_response(422, "validation_error", f"sentence: {error}", [{"field": "sentence", "message": str(error)}])
    ticket = Ticket(Sequence(ids, SamplingParams(max_new_tokens=min(budget, s.settings.max_new_tokens))), g.request_id)
    g.ticket = ticket
    if request.args.get("stream", "").lower() in ("1", "true", "yes"):
        ticket.streaming = True  # before enqueue: the compute thread then reports every token at once
        try:
            s.scheduler.enqueue(ticket)
        except Overloaded as error:
            return error_response(503, "overloaded", str(error), headers={"Retry-After": error.retry_after})
        except Unavailable as error:
            return error_response(503, "unavailable", str(error), headers={"Retry-After": 1})
        return tutor_events(s, ticket), 200, {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
    try:
        with trio.move_on_after(s.settings.request_timeout) as deadline:
            await s.scheduler.submit(ticket)
    except Overloaded as error:
        return error_response(503, "overloaded", str(error), headers={"Retry-After": error.retry_after})
    except Unavailable as error:
        return error_response(503, "unavailable", str(error), headers={"Retry-After": 1})
    except StepFailed as error:
        return error_response(500, "step_failed", str(error))
    if deadline.cancelled_caught:
        return error_response(504, "timeout", f"no answer within {s.settings.request_timeout:g} s")
    completion = s.prompt.parse(ticket.tokens)
    return CorrectResponse(corrected=completion.corrected, explanation=completion.explanation, usage=usage(ticket))


def usage(ticket: Ticket) -> dict:
    return {
        "prompt_tokens": len(ticket.seq.prompt), "completion_tokens": len(ticket.tokens),
        "queue_seconds": round(ticket.queue_seconds, 6),
        "time_to_first_token_seconds": None if ticket.ttft_seconds is None else round(ticket.ttft_seconds, 6),
        "total_seconds": round(ticket.total_seconds, 6),
    }


async def tutor_events(s: Service, ticket: Ticket):
    """`POST /correct?stream=true`: server-sent events `{"field": "corrected"|"explanation", "delta"}`
    as tokens arrive, then one event with the whole answer and usage, then `[DONE]`."""
    decoders = {"corrected": IncrementalDecoder(s.tokenizer), "explanation": IncrementalDecoder(s.tokenizer)}
    field = "corrected"
    try:
        while True:
            armed = ticket.signal.event
            for token in ticket.take():
                if token == s.prompt.why_id:
                    field = "explanation"
                    continue
                if token == s.prompt.end_id:
                    continue
                piece = decoders[field].push(token)
                if piece:
                    yield f"data: {json.dumps({'field': field, 'delta': piece})}\n\n".encode()
            if ticket.done.is_set():
                break
            await armed.wait()
        if ticket.error:
            yield f"data: {json.dumps({'error': {'type': 'step_failed', 'message': str(ticket.error)}})}\n\n".encode()
        else:
            done = s.prompt.parse(ticket.tokens)
            yield f"data: {json.dumps({'corrected': done.corrected, 'explanation': done.explanation, 'usage': usage(ticket)})}\n\n".encode()
        yield b"data: [DONE]\n\n"
    finally:
        if not ticket.done.is_set():
            ticket.cancelled = True

