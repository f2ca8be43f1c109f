"""Every numeric parameter of both APIs at JSON's extremes, through the real Hypercorn server: each
answer is 200 or 4xx, and the replica stays alive after each (/readyz 200, a normal request answered).
The fields come from the served /openapi.json, so a numeric field added later is covered too."""

from __future__ import annotations

import json

import httpx
import pytest

from helpers import real_server

# JSON number literals, sent as written: past int32, past exact doubles, past int64 and uint64,
# far past both, negative, the largest and smallest doubles, zero, one that overflows a double, and
# an integer longer than Python will read (4,300 digits)
EXTREMES = ("2147483648", "9007199254740993", "9223372036854775808", "18446744073709551616",
            "1180591620717411303424", "-1", "-9223372036854775808", "1e308", "5e-324", "-1e308", "0", "1e400",
            "1" + "0" * 4400)
PROMPT = "<|endoftext|>He goed home.<|fix|>"
KNOWN = {"max_tokens", "temperature", "top_p", "top_k", "n", "logprobs", "seed", "best_of", "presence_penalty",
         "frequency_penalty", "logit_bias{}", "allowed_token_ids[]", "prompt[]", "prompt[][]"}
HOLE = "__extreme__"


@pytest.fixture(scope="module")
def url(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "8", "--max-new-tokens", "24") as (_, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def spec(url):
    return httpx.get(f"{url}/openapi.json").json()


def base_bodies(spec: dict) -> dict[str, dict]:
    """A small valid body per POST route that takes one (every such route must have one here)."""
    model = body_schema(spec, "/v1/completions")["properties"]["model"]["enum"][0]
    return {"/v1/completions": {"model": model, "prompt": PROMPT, "max_tokens": 2},
            "/correct": {"sentence": "He goed home."}}


def body_schema(spec: dict, route: str) -> dict:
    return resolve(spec, spec["paths"][route]["post"]["requestBody"]["content"]["application/json"]["schema"])


def resolve(spec: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def numeric_slots(spec: dict, schema: dict, name: str, wrap=lambda x: x):
    """(name, schema, wrap) for every place a number can go under `schema`: `wrap(x)` is the
    field's value with the number x there (`prompt[][]`: [[x]], `logit_bias{}`: {"1": x})."""
    schema = resolve(spec, schema)
    for branch in schema.get("anyOf", []) + schema.get("oneOf", []):
        yield from numeric_slots(spec, branch, name, wrap)
    kind = schema.get("type")
    if kind in ("integer", "number"):
        yield name, schema, wrap
    elif kind == "array" and "items" in schema:
        yield from numeric_slots(spec, schema["items"], name + "[]", lambda x: wrap([x]))
    elif kind == "object":
        for key, sub in schema.get("properties", {}).items():
            yield from numeric_slots(spec, sub, f"{name}.{key}", lambda x, key=key: wrap({key: x}))
        if isinstance(schema.get("additionalProperties"), dict):
            yield from numeric_slots(spec, schema["additionalProperties"], name + "{}", lambda x: wrap({"1": x}))


def cases(spec: dict):
    """(route, slot name, body with the HOLE, query) for every numeric body slot and every query parameter."""
    bodies = base_bodies(spec)
    for route, item in spec["paths"].items():
        operation = item.get("post")
        if operation is None or "requestBody" not in operation:
            continue
        assert route in bodies, f"{route} takes a body: give it a base body here"
        for field, schema in body_schema(spec, route)["properties"].items():
            for name, _, wrap in numeric_slots(spec, schema, field):
                yield route, name, {**bodies[route], field: wrap(HOLE)}, None
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "query":
                yield route, "?" + parameter["name"], bodies[route], parameter["name"]


def unique(found):
    """One case per slot name (a union may reach a slot twice)."""
    seen = set()
    for case in found:
        if case[:2] not in seen:
            seen.add(case[:2])
            yield case


def test_the_enumeration_finds_every_numeric_field_we_know(spec):
    names = {name for route, name, _, _ in cases(spec) if route == "/v1/completions"}
    assert KNOWN <= names, KNOWN - names


def test_every_numeric_field_shows_its_bounds_in_the_schema(spec):
    """minimum and maximum (or their exclusive forms) on every numeric slot of every body."""
    for route, item in spec["paths"].items():
        if "requestBody" not in item.get("post", {}):
            continue
        for field, schema in body_schema(spec, route)["properties"].items():
            for name, slot, _ in numeric_slots(spec, schema, field):
                assert {"minimum", "exclusiveMinimum"} & slot.keys(), f"{route} {name} has no lower bound"
                assert {"maximum", "exclusiveMaximum"} & slot.keys(), f"{route} {name} has no upper bound"


async def assert_alive(client: httpx.AsyncClient, model: str, after: str) -> None:
    ready = await client.get("/readyz")
    assert ready.status_code == 200, f"after {after}: /readyz {ready.status_code} {ready.text}"
    normal = await client.post("/v1/completions", json={"model": model, "prompt": PROMPT, "max_tokens": 1})
    assert normal.status_code == 200, f"after {after}: a normal request got {normal.status_code} {normal.text}"


async def test_top_k_past_int64_is_refused_and_the_replica_lives_on(url, spec):
    """The attack that killed the scheduler: top_k 2^63 overflowed an int64 array at admission."""
    model = base_bodies(spec)["/v1/completions"]["model"]
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        answer = await client.post("/v1/completions", json={"model": model, "prompt": PROMPT, "top_k": 2**63})
        assert answer.status_code == 400 and answer.json()["error"]["param"] == "top_k", answer.text
        await assert_alive(client, model, "top_k 2^63")
        # past the vocabulary but within the schema: k >= V keeps every token, so it is the same as no limit
        wide = await client.post("/v1/completions", json={"model": model, "prompt": PROMPT, "top_k": 10**6,
                                                          "temperature": 0, "max_tokens": 4})
        greedy = await client.post("/v1/completions", json={"model": model, "prompt": PROMPT,
                                                            "temperature": 0, "max_tokens": 4})
        assert wide.status_code == 200 and wide.json()["choices"][0]["text"] == greedy.json()["choices"][0]["text"]
        assert (await client.get("/healthz")).status_code == 200


async def test_every_numeric_field_at_json_extremes_gets_200_or_4xx_and_the_replica_lives_on(url, spec):
    model = base_bodies(spec)["/v1/completions"]["model"]
    found = list(unique(cases(spec)))
    assert len(found) >= len(KNOWN)
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        for route, name, body, query in found:
            for literal in EXTREMES:
                if query is None:
                    content = json.dumps(body).replace(json.dumps(HOLE), literal)
                    answer = await client.post(route, content=content, headers={"content-type": "application/json"})
                else:
                    answer = await client.post(route, json=body, params={query: literal})
                sent = f"{route} {name}={literal}"
                assert answer.status_code == 200 or 400 <= answer.status_code < 500, f"{sent}: {answer.status_code} {answer.text}"
                if answer.status_code >= 400:
                    assert answer.headers["content-type"].startswith("application/json") and "error" in answer.json(), sent
                await assert_alive(client, model, sent)
