"""Reading a request: the JSON body into a pydantic model and the `stream` query flag, each failure
an ApiError a person can act on (which byte, which line and column, which field). The same
functions serve Quart's routes and the plain ASGI ones (`direct.py`)."""

from __future__ import annotations

import json

import msgspec
from pydantic import BaseModel, ValidationError
from quart import request

from miniserve.http.errors import ApiError

TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def stream_flag() -> bool:
    return stream_value(request.args.get("stream"))


def stream_value(value: str | None) -> bool:
    """`?stream=true|false` (1/0, yes/no, on/off) or no `stream` at all (false); anything else, an
    empty `?stream=` too, is a 422, not a silent false."""
    if value is None:
        return False
    value = value.strip().lower()
    if value in TRUE or value in FALSE:
        return value in TRUE
    raise ApiError(422, "validation_error", f"stream: {value!r} is not a boolean; use true or false",
                   [{"field": "stream", "message": "use true or false"}])


async def parse_json(model: type[BaseModel]) -> BaseModel:
    return decode(await request.get_data(cache=True), request.mimetype, model)


def media_type(content_type: str) -> str:
    """The mimetype of a Content-Type header, as werkzeug reads it (`request.mimetype`)."""
    return content_type.split(";", 1)[0].strip().lower()


def decode(raw: bytes, mimetype: str, model: type[BaseModel]) -> BaseModel:
    """The body validated into `model`, or the ApiError that says what is wrong with it."""
    if mimetype != "application/json":
        raise ApiError(415, "unsupported_media_type",
                       f"send application/json (this body is {mimetype or 'untyped'}): "
                       "set the header Content-Type: application/json")
    try:  # msgspec: ~2 us for a usual body, json ~8; what it refuses (and so every
        # lone surrogate) gets the reading below, with its exact message
        data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError):  # (ValidationError, e.g. a number out of range, is one)
        data = read_json(raw)
    return validate(data, model)


def read_json(raw: bytes):
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise ApiError(400, "invalid_encoding", f"the body is not UTF-8 (byte 0x{raw[error.start]:02x} at offset "
                                                f"{error.start}); send UTF-8 JSON") from None
    try:
        data = json.loads(text, parse_constant=not_json)
    except json.JSONDecodeError as error:
        raise ApiError(400, "malformed_json", f"malformed JSON at line {error.lineno} column {error.colno}: {error.msg}") from None
    except RecursionError:
        raise ApiError(400, "malformed_json", "the JSON is nested too deeply") from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise ApiError(400, "malformed_json", "a number in the JSON has too many digits") from None
    for field, value in strings(data):
        bad = next((ch for ch in value if "\ud800" <= ch <= "\udfff"), None)
        if bad is not None:
            raise ApiError(422, "validation_error", f"{field}: a lone surrogate U+{ord(bad):04X} is not text",
                           [{"field": field, "message": f"a lone surrogate U+{ord(bad):04X} is not text"}])
    return data


def validate(data, model: type[BaseModel]) -> BaseModel:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        details = describe(model, error.errors())
        text = "; ".join(f"{d['field'] or 'body'}: {d['message']}" for d in details)
        raise ApiError(422, "validation_error", text, details) from None


def not_json(name: str):
    """Python's json reads NaN and Infinity; JSON has no such numbers (RFC 8259)."""
    raise ApiError(400, "malformed_json", f"{name} is not a JSON number: numbers must be finite")


def describe(model: type[BaseModel], errors: list[dict]) -> list[dict]:
    """One detail per field; a value that fits no branch of a union gets one message saying what is
    expected (from the field's description), not one per branch."""
    details, unions = [], {}
    fields = [str(e["loc"][0]) for e in errors if e["loc"]]
    # a value given for an optional field fails its None branch too: that says nothing to the client
    errors = [e for e in errors if not (len(e["loc"]) == 2 and e["loc"][1] == "none" and fields.count(str(e["loc"][0])) > 1)]
    fields = [str(e["loc"][0]) for e in errors if e["loc"]]
    for e in errors:
        top = str(e["loc"][0]) if e["loc"] else None
        info = model.model_fields.get(top or "")
        if any(_is_type_tag(str(p)) for p in e["loc"][1:]) and info is not None and info.description \
                and fields.count(top) > 1:
            unions.setdefault(top, {"field": top, "message": f"expected {info.description}"})
        else:
            details.append({"field": field_name(e["loc"]), "message": message(e)})
    return details + list(unions.values())


def message(error: dict) -> str:
    """pydantic's message, without its "Value error, " prefix for our own validators."""
    cause = (error.get("ctx") or {}).get("error")
    if error.get("type") == "value_error" and cause is not None:
        return str(cause)
    return error.get("msg", "invalid")


def field_name(loc) -> str | None:
    """`prompt`, `sentences.2.text`: the path a person would look at (union branch names dropped)."""
    parts = [str(p) for p in loc if isinstance(p, int) or not _is_type_tag(str(p))]
    return ".".join(parts) or None


def _is_type_tag(part: str) -> bool:
    # pydantic's branch names; a field's own name may begin like one ("stream" is no "str" branch)
    return part in ("str", "int", "float", "bool", "none") or part.startswith(("list[", "function-", "constrained-")) \
        or "[" in part


def strings(data, path: str = ""):
    """Every string in a parsed JSON value (iteratively: depth cannot overflow the stack), with its path."""
    stack = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            yield where or "body", value
        elif isinstance(value, dict):
            stack.extend((f"{where}.{k}" if where else str(k), v) for k, v in value.items())
            stack.extend((f"{where}.{k}" if where else str(k), k) for k in value)
        elif isinstance(value, list):
            stack.extend((f"{where}.{i}" if where else str(i), v) for i, v in enumerate(value))
