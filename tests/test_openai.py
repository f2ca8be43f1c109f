"""The OpenAI-compatible API with the official `openai` client against the real Hypercorn server,
and greedy output and logprobs against Hugging Face transformers on the shipped model."""

from __future__ import annotations

import json

import httpx
import numpy as np
import openai
import pytest
import trio

from helpers import real_server

PROMPT = "<|endoftext|>She has went to the market.<|fix|>"


@pytest.fixture(scope="module")
def served(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "8") as (_, port):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def client(served):
    return openai.OpenAI(base_url=f"{served}/v1", api_key="unused", max_retries=0, timeout=30)


async def call(fn, *args, **kwargs):
    return await trio.to_thread.run_sync(lambda: fn(*args, **kwargs))


async def test_models_and_a_completion(client):
    models = await call(client.models.list)
    assert [m.id for m in models.data] == ["miniserve-tutor"]
    done = await call(client.completions.create, model="miniserve-tutor", prompt=PROMPT, max_tokens=40, temperature=0)
    choice = done.choices[0]
    assert choice.text.startswith("She has gone to the market.") and choice.finish_reason == "stop"
    assert done.usage.prompt_tokens > 0 and done.usage.completion_tokens > 0
    assert done.usage.total_tokens == done.usage.prompt_tokens + done.usage.completion_tokens


async def test_streaming_equals_the_whole_answer(client):
    whole = await call(client.completions.create, model="miniserve-tutor", prompt=PROMPT, max_tokens=40, temperature=0)

    def stream():
        return [c for c in client.completions.create(model="miniserve-tutor", prompt=PROMPT, max_tokens=40,
                                                      temperature=0, stream=True)]
    chunks = await trio.to_thread.run_sync(stream)
    # How many chunks depends on how many steps the event loop sees at once (a step takes 0.3 ms);
    # tests/test_streaming.py checks step-by-step delivery with an engine slowed down on purpose.
    assert len(chunks) >= 1
    assert "".join(c.choices[0].text for c in chunks) == whole.choices[0].text
    assert chunks[-1].choices[0].finish_reason == "stop"


async def test_ignore_eos_generates_max_tokens(client):
    # vLLM's extension, which load tests use to give API calls their requested (long-tailed) length.
    stopped = await call(client.completions.create, model="miniserve-tutor", prompt=PROMPT, max_tokens=60, temperature=0)
    assert stopped.usage.completion_tokens < 60
    done = await call(client.completions.create, model="miniserve-tutor", prompt=PROMPT, max_tokens=60, temperature=0,
                      extra_body={"ignore_eos": True})
    assert done.usage.completion_tokens == 60 and done.choices[0].finish_reason == "length"


async def test_stop_n_seed_and_lists(client):
    done = await call(client.completions.create, model="miniserve-tutor", prompt=[PROMPT, "<|endoftext|>He goed home<|fix|>"],
                      max_tokens=30, temperature=0.9, seed=7, n=2, stop=["."])
    assert [c.index for c in done.choices] == [0, 1, 2, 3]
    assert all("." not in c.text and c.finish_reason == "stop" for c in done.choices)
    again = await call(client.completions.create, model="miniserve-tutor", prompt=[PROMPT, "<|endoftext|>He goed home<|fix|>"],
                       max_tokens=30, temperature=0.9, seed=7, n=2, stop=["."])
    assert [c.text for c in again.choices] == [c.text for c in done.choices]  # same seed, same text


async def test_errors_in_openai_shape(client):
    with pytest.raises(openai.NotFoundError):
        await call(client.completions.create, model="gpt-4", prompt="x")
    with pytest.raises(openai.BadRequestError) as bad:
        await call(client.completions.create, model="miniserve-tutor", prompt="x", echo=True)
    assert bad.value.body["param"] == "echo"
    with pytest.raises(openai.BadRequestError):
        await call(client.completions.create, model="miniserve-tutor", prompt="x", max_tokens=10_000)
    with pytest.raises(openai.NotFoundError, match="chat template"):
        await call(client.chat.completions.create, model="miniserve-tutor", messages=[{"role": "user", "content": "hi"}])


async def test_sse_framing(served):
    body = {"model": "miniserve-tutor", "prompt": PROMPT, "max_tokens": 12, "temperature": 0, "stream": True,
            "stream_options": {"include_usage": True}}
    async with httpx.AsyncClient(base_url=served, timeout=30) as http:
        async with http.stream("POST", "/v1/completions", json=body) as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            raw = b"".join([chunk async for chunk in response.aiter_bytes()]).decode()
    events = raw.split("\n\n")
    assert events[-1] == "" and events[-2] == "data: [DONE]"
    payloads = [json.loads(e.removeprefix("data: ")) for e in events[:-2]]
    assert all(e.startswith("data: ") for e in events[:-1])
    assert all(p["object"] == "text_completion" for p in payloads)
    assert payloads[-1]["choices"] == [] and payloads[-1]["usage"]["completion_tokens"] == 12
    assert payloads[-1]["usage"]["sequence_seconds"] > 0  # the server's own time, for Little's law


async def test_metrics_parse_and_move(served):
    from prometheus_client.parser import text_string_to_metric_families

    async def scrape():
        text = (await http.get("/metrics")).text
        return {s.name + json.dumps(s.labels, sort_keys=True): s.value
                for family in text_string_to_metric_families(text) for s in family.samples}

    async with httpx.AsyncClient(base_url=served, timeout=30) as http:
        before = await scrape()
        for _ in range(3):
            assert (await http.post("/correct", json={"sentence": "He goed to school."})).status_code == 200
        assert (await http.post("/correct", json={"sentence": ""})).status_code == 422
        after = await scrape()
    moved = lambda name: after.get(name, 0) - before.get(name, 0)  # noqa: E731
    assert moved("miniserve_generation_tokens_total{}") >= 3 * 10
    assert moved("miniserve_prompt_tokens_total{}") >= 3 * 5
    assert moved("miniserve_time_to_first_token_seconds_count{}") == 3
    assert moved("miniserve_request_duration_seconds_count{}") == 3
    assert moved('miniserve_requests_rejected_total{"reason": "validation_error"}') == 1
    for name in ("miniserve_requests_running{}", "miniserve_requests_waiting{}", "miniserve_kv_cache_usage_ratio{}",
                 "miniserve_step_duration_seconds_count{}", "miniserve_batch_size_count{}",
                 "miniserve_inter_token_latency_seconds_count{}", "miniserve_queue_time_seconds_count{}"):
        assert name in after, name


def test_tokenisation_matches_hugging_face(tutor_folder):
    transformers = pytest.importorskip("transformers")
    from tokenizers import Tokenizer

    ours = Tokenizer.from_file(str(tutor_folder / "tokenizer.json"))
    theirs = transformers.AutoTokenizer.from_pretrained(tutor_folder)
    for text in (PROMPT, "plain text", "naïve café 🙂", "<|why|>x<|endoftext|>", "  two  spaces\n"):
        assert ours.encode(text).ids == theirs(text)["input_ids"], text


def test_greedy_tokens_and_logprobs_match_transformers(tutor_folder):
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    from tokenizers import Tokenizer

    from miniserve.engine import Engine, SamplingParams

    ids = Tokenizer.from_file(str(tutor_folder / "tokenizer.json")).encode(PROMPT).ids
    engine = Engine.from_folder(tutor_folder, n_slots=2)
    seq = engine.generate([ids], SamplingParams(max_new_tokens=20, logprobs=2))[0]
    model = transformers.GPT2LMHeadModel.from_pretrained(tutor_folder).eval()
    with torch.no_grad():
        out = model.generate(torch.tensor([ids]), max_new_tokens=20, do_sample=False, output_logits=True,
                             return_dict_in_generate=True, eos_token_id=0, pad_token_id=0)
    assert out.sequences[0, len(ids):].tolist() == seq.generated

    def close(ours, theirs):
        # Both sides run float32 with different summation orders, so the gap grows with the
        # logprob's size: 1e-4 absolute near zero, 1e-5 relative far below it (-13.6 differs by 1.2e-4).
        return abs(ours - theirs) < 1e-4 + 1e-5 * abs(theirs)

    for token, (lp, top), logits in zip(seq.generated, seq.logprobs, out.logits):
        want = torch.log_softmax(logits[0].double(), -1).numpy()
        assert close(lp, want[token]) and token == int(want.argmax())
        assert len(top) == 2
        for t, v in top.items():
            assert close(v, want[t])
    assert np.isfinite([lp for lp, _ in seq.logprobs]).all()
