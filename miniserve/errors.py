"""Every error the service answers is JSON: {"error": {"status", "type", "message", "details"}}."""

from __future__ import annotations

import logging

from quart import Quart, jsonify
from quart_schema import RequestSchemaValidationError
from werkzeug.exceptions import HTTPException

log = logging.getLogger("miniserve.errors")


def error_response(status: int, type_: str, message: str, details: list[dict] | None = None, headers=None):
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
