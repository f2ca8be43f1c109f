"""Every bad request is a JSON error a person can act on, in its API's shape, and never a 500:
bodies that are not UTF-8 or not JSON, lone surrogates, absurd nesting, wrong content types, unknown
methods and `stream` values, and limits (max_new_tokens, the queue) on both APIs."""

from __future__ import annotations

import json

import pytest

from test_service import serving

JSON = {"content-type": "application/json"}
MODEL = "miniserve-tutor"


async def post(client, path, raw: bytes | str, headers=JSON):
    response = await client.post(path, data=raw, headers=headers)
    return response.status_code, await response.get_json(), response.headers


def tutor_error(body, status, type_):
    return body["error"]["status"] == status and body["error"]["type"] == type_


def openai_error(body, code):
    error = body["error"]
    return set(error) == {"message", "type", "param", "code"} and error["code"] == code


BAD_BODIES = [  # (body, status on /correct, type) -- each was a 500 before
    (b'{"sentence": "He goed \xff"}', 400, "invalid_encoding"),
    ('{"sentence": "He goed"}'.encode("utf-16"), 400, "invalid_encoding"),
    (b'{"sentence": "He \\ud800"}', 422, "validation_error"),
    (b"[" * 8000 + b"]" * 8000, 400, "malformed_json"),
    (b'{"sentence": ' * 3000 + b'"x"' + b"}" * 3000, 400, "malformed_json"),
    (b'{"sentence": 1' + b"0" * 4400 + b"}", 400, "malformed_json"),  # more digits than Python reads
    (b'{"sentence": NaN}', 400, "malformed_json"),  # (this one was a 422) Python reads it; JSON has no NaN
    (b'{"sentence": -Infinity}', 400, "malformed_json"),
]


@pytest.mark.parametrize("raw, status, type_", BAD_BODIES)
async def test_bad_bodies_are_4xx_on_both_apis(tutor_folder, raw, status, type_):
    async with serving(tutor_folder, max_body_bytes=100_000) as (client, service):
        got, body, _ = await post(client, "/correct", raw)
        assert got == status and tutor_error(body, status, type_), body
        openai_raw = raw.replace(b'"sentence": "', b'"model": "miniserve-tutor", "prompt": "')
        openai_raw = openai_raw.replace('"sentence": "'.encode("utf-16")[2:], '"model": "miniserve-tutor", "prompt": "'.encode("utf-16")[2:])
        got, body, _ = await post(client, "/v1/completions", openai_raw)
        assert got == 400 and openai_error(body, type_), body
        assert service.engine.cache.used_slots == 0


async def test_messages_say_what_to_do(tutor_folder):
    async with serving(tutor_folder) as (client, service):
        _, body, _ = await post(client, "/correct", '{"sentence": "He goed",\n "x": }')
        assert body["error"]["message"].startswith("malformed JSON at line 2 column 7")
        status, body, _ = await post(client, "/correct", '{"sentence": "He goed"}', headers={"content-type": "text/plain"})
        assert status == 415 and "send application/json" in body["error"]["message"]
        status, body, _ = await post(client, "/correct", '{"sentence": "   "}')
        assert status == 422 and body["error"]["message"] == "sentence: the text is blank"
        status, body, _ = await post(client, "/correct", '{"sentence": "\\u200b\\ufeff"}')  # invisible characters only
        assert status == 422 and body["error"]["message"] == "sentence: the text is blank"
        status, body, _ = await post(client, "/correct", '{"sentence": 5}')  # the field's own error, not its None branch's
        assert status == 422 and body["error"]["message"] == "sentence: Input should be a valid string"
        status, body, _ = await post(client, "/correct", '{"sentence": "' + "x" * 301 + '"}')
        assert status == 422 and body["error"]["message"] == "sentence: String should have at most 300 characters"
        response = await client.post("/correct?stream=perhaps", json={"sentence": "He goed"})
        body = await response.get_json()
        assert response.status_code == 422 and body["error"]["details"][0]["field"] == "stream"
        rejected = {s.labels["reason"]: s.value for m in service.metrics.registry.collect()
                    if m.name == "miniserve_requests_rejected" for s in m.samples if s.name.endswith("_total")}
        assert rejected == {"malformed_json": 1, "unsupported_media_type": 1, "validation_error": 5}


@pytest.mark.parametrize("method, path, allow", [
    ("TRACE", "/correct", {"POST"}), ("GET", "/correct", {"POST"}), ("PUT", "/v1/completions", {"POST"}),
    ("DELETE", "/healthz", {"GET", "HEAD"}), ("POST", "/stats", {"GET", "HEAD"}),
])
async def test_unsupported_methods_are_405_with_allow(tutor_folder, method, path, allow):
    async with serving(tutor_folder) as (client, service):
        response = await client.open(path, method=method)
        assert response.status_code == 405
        assert allow <= {m.strip() for m in response.headers["Allow"].split(",")}
        body = await response.get_json()
        assert (openai_error(body, "method_not_allowed") if path.startswith("/v1/") else tutor_error(body, 405, "method_not_allowed"))
        assert not any(s.value for m in service.metrics.registry.collect()
                       if m.name == "miniserve_requests_rejected" for s in m.samples)  # a 405 is no refusal


async def test_openai_limits_and_shapes(tutor_folder):
    async with serving(tutor_folder, max_new_tokens=20, max_queue=6, max_body_bytes=300) as (client, service):
        async def completion(**fields):
            response = await client.post("/v1/completions", json={"model": MODEL, **fields})
            return response.status_code, await response.get_json()

        status, body = await completion(prompt="He", max_tokens=21)
        assert status == 400 and openai_error(body, "max_tokens_too_large") and body["error"]["param"] == "max_tokens"
        status, body = await completion(prompt="He", max_tokens=20, temperature=0)
        assert status == 200 and body["usage"]["completion_tokens"] <= 20
        status, body = await completion(prompt=["a", "b", "c", "d"], n=2, max_tokens=1)  # 8 > max_queue forever
        assert status == 400 and openai_error(body, "too_many_sequences")
        status, body = await completion(prompt="He goes", seed=-1, max_tokens=3)
        assert status == 200
        status, body = await completion(prompt="x" * 400)
        assert status == 413 and openai_error(body, "payload_too_large")
        status, body = await completion(prompt=[[0, 40], [41, 5000]], max_tokens=2)
        assert status == 400 and openai_error(body, "invalid_token_id") and "5000" in body["error"]["message"]
        status, body = await completion(prompt=[1.5])
        assert status == 400 and body["error"]["param"] == "prompt" and "token ids" in body["error"]["message"]
        status, body = await completion(prompt="He goes", stream="true")  # a field whose name begins like "str"
        assert status == 400 and body["error"]["param"] == "stream"
        assert service.engine.cache.used_slots == 0


async def test_a_token_id_prompt_is_served_like_its_text(tutor_folder):
    async with serving(tutor_folder) as (client, service):
        text = "<|endoftext|>She has went to the market.<|fix|>"
        ids = service.tokenizer.encode(text).ids

        async def complete(prompt):
            response = await client.post("/v1/completions", json={"model": MODEL, "prompt": prompt, "max_tokens": 12, "temperature": 0})
            assert response.status_code == 200
            return [c["text"] for c in (await response.get_json())["choices"]]

        assert await complete(ids) == await complete(text)
        assert await complete([ids, ids[:5]]) == await complete([text, service.tokenizer.decode(ids[:5], skip_special_tokens=False)])


async def test_repeated_words_get_an_honest_answer_not_a_runaway(tutor_folder):
    """75 tokens of one repeated word: the model once answered 115 tokens of "the the ..." and an
    empty explanation. Free, the corrected part ends at its limit and the guard withholds it;
    edit-constrained (the default), it can only be the input, and the rambling explanation is
    replaced by the honest one."""
    from miniserve.tutor.runtime.guard import NO_ERROR
    from miniserve.service.tutoring import EXPLANATION_ALLOWANCE, corrected_limit

    sentence = " ".join(["the"] * 75)
    async with serving(tutor_folder, edit_constraint=0) as (client, service):
        n_tokens = len(service.prompt.encode_text(sentence))
        response = await client.post("/correct", json={"sentence": sentence})
        body = await response.get_json()
        assert response.status_code == 200
        assert body["corrected"] == sentence and body["explanation"] == NO_ERROR and body["withheld"] is True
        assert body["usage"]["completion_tokens"] <= corrected_limit(n_tokens) + 1
        assert service.metrics.tutor_withheld._value.get() == 1
    async with serving(tutor_folder) as (client, _):
        body = await (await client.post("/correct", json={"sentence": sentence})).get_json()
        assert body["corrected"] == sentence and body["explanation"] == NO_ERROR and not body["withheld"]
        assert body["usage"]["completion_tokens"] <= corrected_limit(n_tokens) + 1 + EXPLANATION_ALLOWANCE


async def test_a_stream_is_logged_when_it_ends_with_its_real_tokens(tutor_folder, caplog):
    import logging

    async with serving(tutor_folder) as (client, _):
        with caplog.at_level(logging.INFO, logger="miniserve.http.access"):
            async with client.request("/correct?stream=true", method="POST", headers=JSON) as stream:
                await stream.send(json.dumps({"sentence": "He goed to school."}).encode())
                await stream.send_complete()
                raw = b""
                try:
                    while True:
                        raw += await stream.receive()
                except Exception:  # the end of the stream
                    pass
    lines = [json.loads(r.message) for r in caplog.records if r.name == "miniserve.http.access"]
    assert len(lines) == 1
    final = json.loads(raw.decode().split("\n\n")[-3].removeprefix("data: "))
    line = lines[0]
    assert line["streamed"] and line["outcome"] == "done" and line["status"] == 200
    assert line["tokens"] == final["usage"]["completion_tokens"] > 0
    assert 0 < line["ttft_s"] <= line["total_s"]


async def test_the_schema_documents_every_status_and_the_served_model(tutor_folder):
    async with serving(tutor_folder) as (client, service):
        spec = await (await client.get("/openapi.json")).get_json()
    paths = spec["paths"]
    completions = paths["/v1/completions"]["post"]
    assert {"200", "400", "404", "413", "415", "429", "500", "503", "504"} <= set(completions["responses"])
    assert "422" not in completions["responses"]  # OpenAI answers bad parameters with 400
    assert completions["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/OpenAIError")
    body = completions["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["model"]["enum"] == [service.model_name]
    assert set(paths["/readyz"]["get"]["responses"]) == {"200", "503"}
    assert "text/plain" in paths["/metrics"]["get"]["responses"]["200"]["content"]
    for path in ("/stats", "/v1/models"):
        assert {"200", "429"} <= set(paths[path]["get"]["responses"])
    assert paths["/correct"]["post"]["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorResponse")


def test_a_runaway_corrected_part_ends_at_its_limit_on_the_compute_thread():
    from miniserve.service.tutoring import Runaway

    stop = Runaway(why_id=7, limit=3)
    assert [stop.matched([1] * n) for n in range(1, 6)] == [False, False, False, True, True]
    assert not any(stop.matched([1, 1, 7, *[2] * n]) for n in range(10))  # <|why|> in time: the explanation runs on
