"""The direct ASGI routes (`http/direct.py`) answer exactly as Quart's routes do: the same status,
JSON, error shape and headers for a table of requests, good and bad, whole and streamed; and with
them on, no generation request reaches Quart at all."""

from __future__ import annotations

import json
import logging

import pytest

from miniserve.http.body import decode, read_json, validate
from miniserve.http.errors import ApiError
from miniserve.http.openai_schemas import CompletionRequest
from test_service import serving
from test_streaming import read_all

PROMPT = "<|endoftext|>She have two cats.<|fix|>"
API = {"model": "miniserve-tutor", "prompt": PROMPT, "max_tokens": 24, "temperature": 0}
JSON = {"content-type": "application/json"}
# (path, raw body, headers, query): every kind of answer both routes give
CASES = [
    ("/v1/completions", API, JSON, ""),
    ("/v1/completions", {**API, "n": 2, "temperature": 0.8, "seed": 7, "logprobs": 2, "stop": ["."]}, JSON, ""),
    ("/v1/completions", {**API, "prompt": [PROMPT, [50, 51, 52]], "echo": False}, JSON, ""),
    ("/v1/completions", {**API, "stream": True, "stream_options": {"include_usage": True}, "logprobs": 1}, JSON, ""),
    ("/v1/completions", {**API, "model": "gpt-4"}, JSON, ""),
    ("/v1/completions", {**API, "max_tokens": 100000}, JSON, ""),
    ("/v1/completions", {**API, "prompt": [[5, 99999]]}, JSON, ""),
    ("/v1/completions", {**API, "temperature": -1}, JSON, ""),
    ("/v1/completions", {**API, "surprise": 1}, JSON, ""),
    ("/v1/completions", {**API, "prompt": ""}, JSON, ""),
    ("/v1/completions", {**API, "suffix": "x"}, JSON, ""),
    ("/v1/completions", b'{"model": "miniserve-tutor", "prompt": "a", "temperature": NaN}', JSON, ""),
    ("/v1/completions", b'{"model": "miniserve-tutor", "prompt": "\\ud800"}', JSON, ""),
    ("/v1/completions", b'\xef\xbb\xbf{"model": "miniserve-tutor", "prompt": "Hi", "max_tokens": 2, "temperature": 0}', JSON, ""),
    ("/v1/completions", b'{"model": "miniserve-tutor", "prompt": "a",', JSON, ""),
    ("/v1/completions", b'{"prompt": "caf\xe9"}', JSON, ""),
    ("/v1/completions", API, {"content-type": "text/plain"}, ""),
    ("/v1/completions", API, {"content-type": "Application/JSON; charset=utf-8", "x-request-id": "given-id.1"}, ""),
    ("/correct", {"sentence": "He goed to school."}, JSON, ""),
    ("/correct", {"text": "She have two cats. They was at home."}, JSON, ""),
    ("/correct", {"sentence": "He goed to school."}, JSON, "stream=true"),
    ("/correct", {"text": "She have two cats. They was at home."}, JSON, "stream=1&stream=0"),
    ("/correct", {"sentence": "He goed"}, JSON, "stream=maybe"),
    ("/correct", {"sentence": "   "}, JSON, ""),
    ("/correct", {"sentence": "a", "text": "b"}, JSON, ""),
    ("/correct", {"sentence": None}, JSON, ""),
    ("/correct", {"sentence": ["a"]}, JSON, ""),
    ("/correct", {"sentence": "🙂 " * 150}, JSON, ""),
    ("/correct", b"[1, 2", JSON, ""),
    ("/correct", b"", {}, ""),
]
HEADERS = ("content-type", "retry-after", "x-content-type-options", "cache-control")


def steady(value):
    """The answer without what differs between two identical requests (ids, clocks)."""
    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items()
                if k not in ("id", "created") and not k.endswith("seconds")}
    if isinstance(value, list):
        return [steady(v) for v in value]
    return value


def merged(events: list) -> list:
    """A stream's events with the deltas of each choice (or sentence and field) joined: how tokens
    are grouped into events depends on timing, not on the route."""
    parts: dict = {}
    rest = []
    for e in events:
        if isinstance(e, dict) and "delta" in e:
            key = (e["sentence"], e["field"])
            parts[key] = parts.get(key, "") + e["delta"]
        elif isinstance(e, dict) and e.get("choices"):
            for c in e["choices"]:
                joined = parts.setdefault(c["index"], {"text": "", "finish_reason": None, "logprobs": {}})
                joined["text"] += c["text"]
                joined["finish_reason"] = c["finish_reason"] or joined["finish_reason"]
                for k, v in (c["logprobs"] or {}).items():
                    joined["logprobs"][k] = joined["logprobs"].get(k, []) + v
        else:
            rest.append(e)
    return [sorted(parts.items()), rest]


async def exchange(client, path, body, headers, query):
    """(status, steady JSON or events, headers): read as it comes (a stream would fill the test
    connection's buffer of 10 chunks otherwise)."""
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    async with client.request(path + (f"?{query}" if query else ""), method="POST", headers=headers) as connection:
        await connection.send(raw)
        await connection.send_complete()
        text = (await read_all(connection)).decode()
    if connection.headers.get("content-type", "").startswith("text/event-stream"):
        payload = merged([steady(json.loads(line[6:])) if line[6:] != "[DONE]" else line
                          for line in text.split("\n\n") if line.startswith("data: ")])
    else:
        payload = steady(json.loads(text))
    kept = {h: connection.headers.get(h) for h in HEADERS}
    if "x-request-id" in headers:
        kept["x-request-id"] = connection.headers.get("x-request-id")
    return connection.status_code, payload, kept


def spy(app, seen: list):
    """Wraps Quart's ASGI app: records the generation requests that reach it."""
    inner = app.extensions["miniserve.direct"].app

    async def recording(scope, receive, send):
        if scope["type"] == "http" and scope["path"] in ("/correct", "/v1/completions"):
            seen.append(scope["path"])
        await inner(scope, receive, send)
    app.extensions["miniserve.direct"].app = recording


def access_lines(caplog) -> list[dict]:
    lines = [steady(json.loads(r.getMessage())) for r in caplog.records if r.name == "miniserve.http.access"]
    caplog.clear()
    return [{k: v for k, v in line.items() if not k.endswith("_s") and k != "request_id"} for line in lines]


async def test_direct_and_quart_answer_alike(tutor_folder, caplog):
    caplog.set_level(logging.INFO, logger="miniserve.http.access")
    async with serving(tutor_folder) as (client, service):
        app = client.app
        seen: list[str] = []
        spy(app, seen)
        direct = app.extensions["miniserve.direct"]
        for case in CASES:
            direct.enabled = True
            fast = await exchange(client, *case), access_lines(caplog)
            assert seen == [], case
            direct.enabled = False
            slow = await exchange(client, *case), access_lines(caplog)
            assert seen == [case[0]], case
            seen.clear()
            assert fast == slow, (case, fast, slow)
        assert service.scheduler.n_running == 0 and service.engine.cache.used_slots == 0


async def test_a_request_its_bucket_cannot_pay_is_refused_alike(tutor_folder):
    async with serving(tutor_folder, rate_limit=1000, rate_burst=2) as (client, _):
        direct = client.app.extensions["miniserve.direct"]
        answers = []
        for enabled in (True, False):
            direct.enabled = enabled
            answers.append(await exchange(client, "/v1/completions", {**API, "n": 3}, JSON, ""))
        assert answers[0] == answers[1] and answers[0][0] == 429


BODIES = [b'{"model": "m", "prompt": "Hi", "max_tokens": 3}', b'{"model": "m", "prompt": [1, 2, 3], "n": 2}',
          b'\xef\xbb\xbf{"model": "m", "prompt": "Hi"}', b'{"model": "m", "prompt": "\\ud800"}',
          b'{"model": "m", "prompt": "\\ud83d\\ude00"}', b'{"model": "m", "prompt": "a", "temperature": NaN}',
          b'{"model": "m", "prompt": "a", "temperature": 1e400}', b'{"model": "m", "prompt": "a", "seed": ' + b"9" * 30 + b"}",
          b'{"model": "m", "prompt": "a", "seed": ' + b"9" * 5000 + b"}", b"[" * 5000 + b"]" * 5000,
          b'{"model": "m", "prompt": "caf\xe9"}', b'{"model": "m", "prompt": "a"} x', b'{"model": "m", "model": 5, "prompt": "a"}',
          b'{"model": "m", "prompt": "a\nb"}', b'{"model": "m", "prompt": "\\u0000"}', b"", b"null", b"-0"]


def outcome(read, raw: bytes):
    try:
        return read(raw).model_dump()
    except ApiError as error:
        return error.status, error.type, error.message, error.details


def test_msgspec_first_reads_every_body_as_json_alone_does():
    """`decode` tries msgspec and falls back to `json`: same model or same error as `json` alone."""
    for raw in BODIES:
        fast = outcome(lambda b: decode(b, "application/json", CompletionRequest), raw)
        alone = outcome(lambda b: validate(read_json(b), CompletionRequest), raw)
        assert fast == alone, raw[:60]


async def usage_of(client, path: str, body: dict, query: str = "") -> dict:
    """The answer's usage, whole or from a stream's last event that carries one."""
    async with client.request(path + (f"?{query}" if query else ""), method="POST", headers=JSON) as connection:
        await connection.send(json.dumps(body).encode())
        await connection.send_complete()
        text = (await read_all(connection)).decode()
    if not text.startswith("data: "):
        return json.loads(text)["usage"]
    events = [json.loads(line[6:]) for line in text.split("\n\n") if line.startswith("data: {")]
    return [e for e in events if e.get("usage")][-1]["usage"]


@pytest.mark.parametrize("scheduler", ["continuous", "sync"])
async def test_both_routes_count_a_requests_sequences_in_the_system_alike(tutor_folder, scheduler):
    """Little's law needs the server's integral of sequences in the system (/stats in_system_seconds)
    to grow by exactly what the answers say (usage.sequence_seconds: a sentence and its gate's scoring
    sequences, every choice of an API call), whichever route served them."""
    requests = [("/correct", {"sentence": "He goed to school."}, ""),
                ("/correct", {"sentence": "She have two cats."}, "stream=true"),
                ("/correct", {"text": "She have two cats. They was at home."}, ""),
                ("/v1/completions", {**API, "n": 2, "stream": True, "stream_options": {"include_usage": True}}, "")]
    async def held():  # the /stats integral and the Prometheus sequence-seconds
        metrics = (await (await client.get("/metrics")).get_data()).decode()
        total = next(float(line.split()[-1]) for line in metrics.splitlines()
                     if line.startswith("miniserve_sequence_duration_seconds_sum"))
        return (await (await client.get("/stats")).get_json())["in_system_seconds"], total

    async with serving(tutor_folder, scheduler=scheduler) as (client, _):
        direct = client.app.extensions["miniserve.direct"]
        grown = {}
        for enabled in (True, False):
            direct.enabled = enabled
            before = await held()
            said = [await usage_of(client, path, body, query) for path, body, query in requests]
            after = await held()
            grown[enabled] = (after[0] - before[0], after[1] - before[1], sum(u["sequence_seconds"] for u in said))
            # a sentence, its gate's two scoring sequences and its second reading: more tokens in than one prompt's
            assert said[0]["prompt_tokens"] > 3 * len("He goed to school.".split())
    for enabled, (integral, histogram, answers) in grown.items():
        assert integral == pytest.approx(answers, rel=1e-3, abs=1e-4), (enabled, grown)
        assert histogram == pytest.approx(answers, rel=1e-3, abs=1e-4), (enabled, grown)


async def test_a_path_with_repeated_slashes_takes_the_same_layers(tutor_folder):
    """Quart's router merges repeated slashes, so "//correct" would reach its route past every layer
    that matches the exact path (admission, the drain's count, the direct routes): the edge merges them
    first, and the answer is the direct route's."""
    async with serving(tutor_folder) as (client, service):
        direct = client.app.extensions["miniserve.direct"]
        inner, seen = direct.app, []

        async def recording(scope, receive, send):  # every request that reaches Quart
            seen.append(scope["path"])
            await inner(scope, receive, send)
        direct.app = recording
        plain = await exchange(client, "/correct", {"sentence": "He goed to school."}, JSON, "")
        for path in ("//correct", "///correct"):
            assert await exchange(client, path, {"sentence": "He goed to school."}, JSON, "") == plain
        assert (await exchange(client, "//v1/completions", API, JSON, ""))[0] == 200
        assert seen == []
