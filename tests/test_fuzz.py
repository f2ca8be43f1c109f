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
