"""A property-based fuzz (schemathesis) of every operation in /openapi.json against the real server
(Hypercorn on a loopback port): no 5xx, and every answer is one the schema documents, in the
documented media type, with the documented shape and headers. Bounded: a few examples per operation.
Then schemathesis's coverage phase (its CLI, every check): boundary and just-invalid values of each
field, missing and wrong content types, so that what the schema accepts the server accepts, and what
it refuses the server refuses."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import schemathesis
from schemathesis import GenerationMode
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_headers_conformance,
                                               response_schema_conformance, status_code_conformance)

from helpers import real_server

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
EXAMPLES = 30  # per operation and mode: the whole fuzz stays well under a minute on a busy 2-core machine
CLI = shutil.which("schemathesis") or str(Path(sys.executable).with_name("schemathesis"))


@pytest.fixture(scope="module")
def url(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "8", "--max-new-tokens", "24") as (_, port):
        yield f"http://127.0.0.1:{port}"


def fuzz(url: str, operation, mode: GenerationMode) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def one(case):
        case.call_and_validate(base_url=url, checks=CHECKS, timeout=30)
    one()


def operations(url: str) -> list:
    schema = schemathesis.openapi.from_url(f"{url}/openapi.json")
    found = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in found} >= {"/correct", "/v1/completions", "/v1/models", "/healthz", "/readyz", "/metrics", "/stats"}
    return found


def test_every_operation_answers_valid_requests_as_documented(url):
    for operation in operations(url):
        fuzz(url, operation, GenerationMode.POSITIVE)


def test_invalid_bodies_and_queries_get_documented_4xx(url):
    """Schema-violating input (wrong types, missing fields, out-of-range values, unknown `stream`)."""
    for operation in operations(url):
        if operation.method.lower() == "post" and "chat" not in operation.path:  # the others take no input
            fuzz(url, operation, GenerationMode.NEGATIVE)


async def test_unsupported_methods_over_real_http_are_405_with_allow(url):
    async with httpx.AsyncClient(base_url=url) as client:
        for method, path in [("TRACE", "/correct"), ("TRACE", "/healthz"), ("DELETE", "/v1/completions"), ("PATCH", "/stats")]:
            response = await client.request(method, path)
            assert response.status_code == 405 and response.headers["Allow"], (method, path)
            assert response.json()["error"]


async def test_every_answer_says_nosniff_and_the_docs_cannot_be_framed(url):
    """Every route, and the edge layers' own refusals (413, 415, 405, 404), tell the browser to take
    the Content-Type as given; the Swagger UI page may not be framed by another site."""
    json_type = {"content-type": "application/json"}
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        answers = [await client.get(path) for path in ("/", "/docs", "/docs/assets/swagger-ui.css", "/openapi.json",
                                                     "/healthz", "/readyz", "/metrics", "/stats", "/v1/models", "/nowhere")]
        answers += [await client.post("/correct", json={"sentence": "He goed home"}),
                    await client.post("/correct?stream=true", json={"sentence": "He goed home"}),
                    # a body over the limit is refused unread, so the server closes that connection:
                    # ask for the close, or the next request may race the server's FIN on a pooled one
                    await client.post("/correct", content=b"[" * 20_000, headers={**json_type, "connection": "close"}),
                    await client.post("/correct", content=b"{}"),
                    await client.post("/v1/completions", json={"model": "nope", "prompt": "x"}),
                    await client.request("TRACE", "/correct")]
        assert {r.status_code for r in answers} >= {200, 404, 405, 413, 415}
        for r in answers:
            assert r.headers.get("x-content-type-options") == "nosniff", (r.request.url, r.status_code)
        policy = (await client.get("/docs")).headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "'unsafe-eval'" not in policy


def test_the_coverage_phase_finds_the_schema_and_the_server_in_agreement(url, tmp_path):
    """Before, it found an empty prompt schema-valid but refused, `"text": null` and `"top_k": false`
    refused by the schema but answered, unsupported OpenAI parameters schema-valid but refused."""
    run = subprocess.run([CLI, "run", f"{url}/openapi.json", "--phases", "coverage", "--checks", "all", "--workers", "1",
                          "--request-timeout", "30", "--no-color"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout


def request_schema(spec: dict, path: str) -> dict:
    return spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]


async def test_the_four_places_the_schema_and_the_server_disagreed(url):
    """Each answer now matches what /openapi.json says of the same input."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        spec = (await client.get("/openapi.json")).json()
        correct = spec["paths"]["/correct"]["post"]
        # 1. `?stream=` with no value is not a boolean: 422, as for any other non-boolean
        assert (await client.post("/correct?stream=", json={"sentence": "He goed home"})).status_code == 422
        assert (await client.post("/correct", json={"sentence": "He goed home"})).status_code == 200
        # 2. an empty prompt: refused by the schema (minLength) and by the server
        body = request_schema(spec, "/v1/completions")["properties"]["prompt"]["anyOf"]
        assert body[0]["minLength"] == 1 and body[1]["items"]["minLength"] == 1
        empty = await client.post("/v1/completions", json={"model": "miniserve-tutor", "prompt": ""})
        assert empty.status_code == 400
        # 3. control characters: the schema's pattern refuses what the input filter refuses
        props = request_schema(spec, "/correct")["properties"]
        assert not re.match(props["sentence"]["pattern"], "He goed\x01 home")
        assert re.match(props["text"]["pattern"], "He goed home.\nShe go.") and not re.match(props["text"]["pattern"], "a\x07")
        assert (await client.post("/correct", json={"sentence": "He goed\x01 home"})).status_code == 422
        # 4. a body without a content type: 415, which the schema lists for both routes that take a body
        untyped = await client.post("/correct", content=b'{"sentence": "He goed home"}')
        assert untyped.status_code == 415 and "415" in correct["responses"]
        assert "415" in spec["paths"]["/v1/completions"]["post"]["responses"]
