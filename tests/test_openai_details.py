"""/v1/completions details through app.test_app(): the logprobs body and its streamed offsets, and a
stop string that ends the sequence (and frees its slot) at once."""

from __future__ import annotations

import math

from test_service import serving, wait_until
from test_streaming import JSON, events, read_all, send_body

PROMPT = "<|endoftext|>The little brown foxes has ran across the frozen river.<|fix|>"
BODY = {"model": "miniserve-tutor", "prompt": PROMPT, "max_tokens": 40, "temperature": 0}
SPECIAL = ("<|endoftext|>", "<|fix|>", "<|why|>")


async def complete(client, **fields):
    response = await client.post("/v1/completions", json={**BODY, **fields})
    assert response.status_code == 200
    return await response.get_json()


async def test_logprobs_body_lines_up_with_the_text(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        body = await complete(client, logprobs=2)
    choice = choice_ = body["choices"][0]
    lp, text = choice["logprobs"], choice_["text"]
    n = body["usage"]["completion_tokens"]
    assert len(lp["tokens"]) == len(lp["token_logprobs"]) == len(lp["top_logprobs"]) == len(lp["text_offset"]) == n
    assert all(v <= 0 and math.isfinite(v) for v in lp["token_logprobs"])
    assert all(1 <= len(top) <= 2 for top in lp["top_logprobs"])
    assert "<|why|>" in lp["tokens"]  # a special token is reported, but adds no text
    assert "".join(t for t in lp["tokens"] if t not in SPECIAL) == text
    for token, offset in zip(lp["tokens"], lp["text_offset"]):
        if token not in SPECIAL:
            assert text[offset:offset + len(token)] == token
    assert lp["text_offset"] == sorted(lp["text_offset"]) and lp["text_offset"][-1] <= len(text)


async def test_streamed_logprobs_add_up_to_the_whole_body(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        whole = (await complete(client, logprobs=1))["choices"][0]
        async with client.request("/v1/completions", method="POST", headers=JSON) as stream:
            await send_body(stream, {**BODY, "logprobs": 1, "stream": True})
            chunks = [c["choices"][0] for c in events(await read_all(stream))]
    assert "".join(c["text"] for c in chunks) == whole["text"]
    for key in ("tokens", "token_logprobs", "top_logprobs", "text_offset"):
        assert [v for c in chunks for v in c["logprobs"][key]] == whole["logprobs"][key], key


async def test_a_stop_string_ends_the_sequence_at_once(tutor_folder):
    async with serving(tutor_folder, max_batch=4) as (client, service):
        free = await complete(client, logprobs=0)
        tokens = free["choices"][0]["logprobs"]["tokens"]
        stop = "across"
        assert stop in free["choices"][0]["text"]
        seen, where = "", None
        for i, t in enumerate(tokens):
            seen += t
            if stop in seen:
                where = i + 1  # tokens up to and including the one that completes the stop string
                break
        stopped = await complete(client, stop=[stop])
        choice = stopped["choices"][0]
        assert choice["finish_reason"] == "stop" and choice["text"] == free["choices"][0]["text"].split(stop)[0]
        # No more than the step already under way when the stop string appeared.
        assert stopped["usage"]["completion_tokens"] <= where + 1 < free["usage"]["completion_tokens"]
        await wait_until(lambda: service.engine.cache.used_slots == 0, 5)


async def test_allowed_token_ids_constrain_every_generated_token(tutor_folder):
    async with serving(tutor_folder) as (client, service):
        text_of = lambda ids: {service.tokenizer.decode([i], skip_special_tokens=False) for i in ids}  # noqa: E731
        allowed = range(300, 340)  # no end token: the answer runs to max_tokens
        free = await complete(client, logprobs=0, max_tokens=12)
        body = await complete(client, max_tokens=12, logprobs=0, allowed_token_ids=list(allowed), temperature=1.0, seed=3)
        got, free_tokens = body["choices"][0]["logprobs"]["tokens"], free["choices"][0]["logprobs"]["tokens"]
        assert len(got) == 12 and set(got) <= text_of(allowed) and not set(free_tokens) <= text_of(allowed)
        response = await client.post("/v1/completions", json={**BODY, "allowed_token_ids": [10**6]})
        assert response.status_code == 400 and (await response.get_json())["error"]["param"] == "allowed_token_ids"
