"""One mapper from exceptions to error answers, and one body builder for every error the service
answers (the app's handlers and the ASGI middleware alike):

- the tutor API: {"error": {"status", "type", "message", "details": [{"field", "message"}]}};
- /v1/: OpenAI's {"error": {"message", "type", "param", "code"}}, so that its client raises the
  right exception (and, as OpenAI does, a bad parameter is a 400 there, never a 422)."""

from __future__ import annotations

import json
import logging

from quart import Quart, Response, current_app, request
from werkzeug.exceptions import HTTPException

from miniserve.http.ratelimit import RateLimited
from miniserve.scheduler import Overloaded, StepFailed, Unavailable
from miniserve.http.state import service

log = logging.getLogger("miniserve.http.errors")

# Statuses that mean "the server declined the request" (counted in miniserve_requests_rejected,
# labelled by type); 404/405/5xx are not refusals.
REFUSALS = frozenset({400, 413, 415, 422, 429, 503})
OPENAI_TYPES = {429: "rate_limit_error"}  # other 4xx: invalid_request_error; 5xx: server_error


class ApiError(Exception):
    """An answer the handler decided on: raised anywhere below a route, mapped here."""

    def __init__(self, status: int, type_: str, message: str, details: list[dict] | None = None, headers=None):
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message
        self.details, self.headers = details or [], dict(headers or {})


def is_openai(path: str) -> bool:
    return path.startswith("/v1/")


def wire_status(path: str, status: int) -> int:
    return 400 if status == 422 and is_openai(path) else status


def error_body(path: str, status: int, type_: str, message: str, details: list[dict] | None = None) -> bytes:
    """The JSON body of an error on `path`, in that API's shape."""
    details = details or []
    if is_openai(path):
        kind = OPENAI_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
        param = next((d.get("field") for d in details if d.get("field")), None)
        body = {"error": {"message": message, "type": kind, "param": param, "code": type_}}
    else:
        body = {"error": {"status": wire_status(path, status), "type": type_, "message": message, "details": details}}
    return json.dumps(body).encode()


def count_refusal(status: int, type_: str, metrics=None) -> None:
    """Count a refusal in `metrics` (the app's, when in its context)."""
    if status not in REFUSALS:
        return
    if metrics is None and current_app:  # (a stream's generator may run outside the app context)
        metrics = service().metrics
    if metrics is not None:
        metrics.rejected.labels(type_).inc()


def respond(error: ApiError) -> Response:
    path = request.path if request else ""
    count_refusal(error.status, error.type)
    body = error_body(path, error.status, error.type, error.message, error.details)
    headers = {key: str(value) for key, value in error.headers.items()}
    return Response(body, status=wire_status(path, error.status), content_type="application/json", headers=headers)


def classify(error: BaseException) -> ApiError:
    """The one table from exceptions to statuses."""
    if isinstance(error, ApiError):
        return error
    if isinstance(error, Overloaded):
        return ApiError(503, "overloaded", str(error), headers={"Retry-After": error.retry_after})
    if isinstance(error, RateLimited):  # no Retry-After when no wait will do: the request is too large
        retry = {} if error.retry_after is None else {"Retry-After": error.retry_after}
        return ApiError(429, "rate_limited", str(error), headers=retry)
    if isinstance(error, Unavailable):
        return ApiError(503, "unavailable", str(error) or "the server is not ready", headers={"Retry-After": 1})
    if isinstance(error, StepFailed):
        return ApiError(500, "step_failed", str(error))
    if isinstance(error, HTTPException):
        code = error.code or 500
        headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}  # 405 names what is allowed
        name = (error.name or "error").lower().replace(" ", "_")
        if code == 405:
            return ApiError(405, name, f"{request.method} is not allowed here; use {headers.get('Allow', 'another method')}", headers=headers)
        if code == 404:
            return ApiError(404, name, f"no route {request.path}; see /openapi.json for the API")
        return ApiError(code, name, error.description or error.name or "error", headers=headers)
    log.error("unhandled error", exc_info=error)
    return ApiError(500, "internal_error", f"{type(error).__name__}: the server failed to answer")


def register(app: Quart) -> None:
    @app.errorhandler(Exception)
    async def any_error(error: Exception):
        return respond(classify(error))
