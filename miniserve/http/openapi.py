"""/openapi.json as the service really answers: every status each route can give (with its error
shape and headers), server-sent events beside JSON where `stream` asks for them, `model` declared
as the ids this server serves, `max_tokens` bounded by its `max_new_tokens`. quart-schema builds
the rest from the pydantic models."""

from __future__ import annotations

from typing import Any

from quart_schema import OpenAPIProvider

from miniserve.http.openai_schemas import OpenAIError
from miniserve.http.schemas import ErrorResponse
from miniserve.http.state import service

ANSWERS = "miniserve_answers"
WHY = {
    400: "malformed request: not UTF-8, malformed JSON, or more sequences than the queue can ever hold",
    404: "no such model", 405: "method not allowed (the Allow header lists the methods)",
    408: "the body did not arrive in time", 413: "body too large", 415: "not application/json", 422: "invalid input (the details name each field)",
    429: "rate limited (Retry-After)", 500: "admitting or stepping the request's sequences failed",
    501: "the served model is not the tutor", 503: "overloaded, not ready or draining (Retry-After)",
    504: "no answer within the request timeout",
}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds to wait before retrying"}}
EVENT_STREAM = {"schema": {  # one server-sent event (OpenAPI 3.1: `schema` describes each event)
    "type": "object", "required": ["data"],
    "properties": {"data": {"type": "string", "description": "one JSON object per event (see docs/api.md), then [DONE]"},
                   "event": {"type": "string"}},
}}


def answers(*statuses: int, stream: bool = False, text: str | None = None):
    """Declare the error statuses a route can answer (documented by `Provider`); `stream`: its 200
    may be server-sent events; `text`: its 200 is this plain-text media type, not JSON."""
    def mark(func):
        setattr(func, ANSWERS, (statuses, stream, text))
        return func
    return mark


class Provider(OpenAPIProvider):
    def schema(self) -> dict[str, Any]:
        spec = super().schema()
        schemas = spec["components"]["schemas"]
        for rule in self.generate_rules():
            statuses, stream, text = getattr(self._app.view_functions[rule.endpoint], ANSWERS, ((), False, None))
            openai = rule.rule.startswith("/v1/")
            error = {"$ref": "#/components/schemas/" + ("OpenAIError" if openai else "ErrorResponse")}
            for method in self.generate_methods(rule):
                responses = spec["paths"][rule.rule][method.lower()]["responses"]
                for status in statuses:
                    status = 400 if openai and status == 422 else status  # OpenAI answers bad parameters with 400
                    answer = responses.setdefault(status, {"description": WHY[status], "content": {"application/json": {"schema": error}}})
                    if status in (429, 503):
                        answer["headers"] = RETRY_AFTER
                for answer in responses.values():  # quart-schema nests response headers in "content"
                    answer.get("content", {}).pop("headers", None)
                if text:
                    responses[200] = {"description": "", "content": {text: {"schema": {"type": "string"}}}}
                if stream and 200 in responses:
                    responses[200]["content"]["text/event-stream"] = EVENT_STREAM
        for model in (ErrorResponse, OpenAIError):
            found = model.model_json_schema(ref_template="#/components/schemas/{model}")
            schemas.update(found.pop("$defs", {}))
            schemas[model.__name__] = found
        served, cap = [service().model_name], service().settings.max_new_tokens
        engine = service().engine
        vocab = engine.config.vocab_size if engine is not None else 0
        for path in spec["paths"].values():
            for op in path.values():
                body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
                if "model" in body.get("properties", {}):
                    body["properties"]["model"]["enum"] = served
                if "max_tokens" in body.get("properties", {}):  # this server's own limit (400 above it)
                    for branch in body["properties"]["max_tokens"].get("anyOf", []):
                        if branch.get("type") == "integer":
                            branch["maximum"] = cap
                if vocab:  # token ids: below this model's vocabulary (400 otherwise)
                    for name in ("prompt", "allowed_token_ids"):
                        if name in body.get("properties", {}):
                            _cap_integers(body["properties"][name], vocab - 1)
        return spec


def _cap_integers(schema, maximum: int) -> None:
    """Every integer schema nested in `schema` gets this maximum."""
    if isinstance(schema, dict):
        if schema.get("type") == "integer":
            schema["maximum"] = maximum
        for value in schema.values():
            _cap_integers(value, maximum)
    elif isinstance(schema, list):
        for value in schema:
            _cap_integers(value, maximum)
