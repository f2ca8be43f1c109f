"""Every error the service answers is JSON: {"error": {"status", "type", "message", "details"}}."""

from __future__ import annotations

import logging

from quart import Quart, current_app, jsonify, request
from quart_schema import RequestSchemaValidationError
from werkzeug.exceptions import HTTPException

log = logging.getLogger("miniserve.errors")


OPENAI_TYPES = {400: "invalid_request_error", 404: "invalid_request_error", 405: "invalid_request_error",
                413: "invalid_request_error", 422: "invalid_request_error", 429: "rate_limit_error"}


def count_rejection(reason: str) -> None:
    service = current_app.extensions.get("miniserve") if current_app else None
    if service is not None:
        service.metrics.rejected.labels(reason).inc()


def error_response(status: int, type_: str, message: str, details: list[dict] | None = None, headers=None):
    count_rejection(type_)
    if request and request.path.startswith("/v1/"):  # OpenAI's shape, so that its client raises the right error
        param = (details or [{}])[0].get("field")
        body = {"error": {"message": message, "type": OPENAI_TYPES.get(status, "server_error"), "param": param, "code": type_}}
        status = 400 if status == 422 else status  # OpenAI answers invalid parameters with 400
    else:
        body = {"error": {"status": status, "type": type_, "message": message, "details": details or []}}
    response = jsonify(body)
    response.status_code = status
    for key, value in (headers or {}).items():
        response.headers[key] = str(value)
    return response


def _field(loc) -> str | None:
    parts = [str(p) for p in loc if not isinstance(p, int)]
    return ".".join(parts) or None


def register(app: Quart) -> None:
    @app.errorhandler(RequestSchemaValidationError)
    async def invalid_body(error: RequestSchemaValidationError):
        cause = error.validation_error
        errors = getattr(cause, "errors", None)
        if callable(errors):
            details = [{"field": _field(e.get("loc", ())), "message": e.get("msg", "invalid")} for e in errors()]
        else:
            details = [{"field": None, "message": str(cause)}]
        message = "; ".join(f"{d['field'] or 'body'}: {d['message']}" for d in details)
        return error_response(422, "validation_error", message, details)

    @app.errorhandler(HTTPException)
    async def http_error(error: HTTPException):
        if error.code == 400:
            return error_response(400, "bad_request", f"malformed request: {error.description}")
        return error_response(error.code or 500, (error.name or "error").lower().replace(" ", "_"), error.description or error.name)

    @app.errorhandler(Exception)
    async def unexpected(error: Exception):
        log.exception("unhandled error")
        return error_response(500, "internal_error", f"{type(error).__name__}: the server failed to answer")
