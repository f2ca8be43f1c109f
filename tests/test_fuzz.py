"""A property-based fuzz (schemathesis) of every operation in /openapi.json against the real server
(Hypercorn on a loopback port): no 5xx, and every answer is one the schema documents, in the
documented media type, with the documented shape and headers. Bounded: a few examples per operation."""

from __future__ import annotations


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
                    await client.post("/correct", content=b"[" * 20_000, headers=json_type),
                    await client.post("/correct", content=b"{}"),
                    await client.post("/v1/completions", json={"model": "nope", "prompt": "x"}),
                    await client.request("TRACE", "/correct")]
        assert {r.status_code for r in answers} >= {200, 404, 405, 413, 415}
        for r in answers:
            assert r.headers.get("x-content-type-options") == "nosniff", (r.request.url, r.status_code)
        policy = (await client.get("/docs")).headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "'unsafe-eval'" not in policy
