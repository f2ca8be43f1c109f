"""Streaming through app.test_app(): tokens arrive as steps finish; a client that disconnects or
stops reading mid-stream has its sequence cancelled and its KV slot freed."""

from __future__ import annotations

import json
import numpy as np
import pytest
import trio

from miniserve.engine import Engine, SamplingParams, Sequence, StepPlan
from test_service import serving, slow_engine, wait_until

PROMPT = "<|endoftext|>The little brown foxes has ran across the frozen river.<|fix|>"


def events(raw: bytes) -> list:
    parts = raw.decode().split("\n\n")
    assert parts[-1] == "" and parts[-2] == "data: [DONE]"
    return [json.loads(p.removeprefix("data: ")) for p in parts[:-2]]


JSON = {"content-type": "application/json"}


async def send_body(stream, body) -> None:
    await stream.send(json.dumps(body).encode())
    await stream.send_complete()


async def read_all(connection) -> bytes:
    out = b""
    try:
        while True:
            out += await connection.receive()
    except trio.EndOfChannel:
        return out


async def test_tutor_stream_gives_deltas_then_the_answer(tutor_folder):
    # Steps slowed down (simulated work) so that the event loop sees every step: deltas step by step.
    async with serving(tutor_folder, slow_engine(tutor_folder, 32, 0.005)) as (client, _):
        async with client.request("/correct?stream=true", method="POST", headers=JSON) as stream:
            await send_body(stream, {"sentence": "He goed to school."})
            raw = await read_all(stream)
    got = events(raw)
    final, verdict = got[-1], got[-2]
    assert final["corrected"] == "He went to school." and "went" in final["explanation"] and not final["withheld"]
    assert verdict == {"sentence": 0, **{k: v for k, v in final["sentences"][0].items() if k != "index"}}
    assert verdict["changed"] and (verdict["start"], verdict["end"]) == (0, len("He goed to school."))
    deltas = got[:-2]
    assert len(deltas) > 5 and all(d["sentence"] == 0 for d in deltas)
    assert "".join(d["delta"] for d in deltas if d["field"] == "corrected") == final["corrected"]
    assert "".join(d["delta"] for d in deltas if d["field"] == "explanation") == final["explanation"]


async def test_a_streamed_verdict_waits_for_the_second_reading(tutor_folder):
    """The deltas are the first reading's text; the verdict and the whole answer carry both fixes."""
    sentence = "Yesterday I go to the market and buy some apples."
    async with serving(tutor_folder) as (client, _):
        async with client.request("/correct?stream=true", method="POST", headers=JSON) as stream:
            await send_body(stream, {"sentence": sentence})
            got = events(await read_all(stream))
    final, verdict = got[-1], got[-2]
    assert final["corrected"] == verdict["corrected"] == "Yesterday I went to the market and bought some apples."
    assert verdict["original"] == sentence and "'went'" in verdict["explanation"] and "'bought'" in verdict["explanation"]
    drafted = "".join(d["delta"] for d in got[:-2] if d["field"] == "corrected")
    assert drafted == "Yesterday I went to the market and buy some apples."


async def test_disconnect_mid_stream_frees_the_slot(tutor_folder):
    async with serving(tutor_folder, slow_engine(tutor_folder, 32, 0.02), scheduler="continuous") as (client, service):
        body = {"model": "miniserve-tutor", "prompt": PROMPT, "max_tokens": 60, "temperature": 0, "stream": True}
        checked = False
        # Quart's test connection waits, on exit, for a response end that a disconnected request never
        # sends: check the server while the connection is open, then leave through a cancel scope.
        with trio.move_on_after(15) as scope:
            async with client.request("/v1/completions", method="POST", headers=JSON) as stream:
                await send_body(stream, body)
                assert (await stream.receive()).startswith(b"data: ")
                assert service.scheduler.n_running == 1
                await stream.disconnect()
                await wait_until(lambda: service.scheduler.n_running == 0, 5)
                assert service.engine.cache.used_slots == 0
                checked = True
                scope.cancel()
        assert checked


async def test_a_client_that_stops_reading_is_dropped(tutor_folder):
    # a slow engine, so that the answer takes longer than the stall timeout
    async with serving(tutor_folder, slow_engine(tutor_folder, 32, 0.02), scheduler="continuous", write_timeout=0.1) as (client, service):
        body = {"model": "miniserve-tutor", "prompt": PROMPT, "max_tokens": 120, "temperature": 0, "stream": True}
        checked = False
        with trio.move_on_after(15) as scope:
            async with client.request("/v1/completions", method="POST", headers=JSON) as stream:
                await send_body(stream, body)
                # Read nothing: the test connection buffers 10 chunks, then the server's send blocks.
                await wait_until(lambda: service.scheduler.n_running == 1, 5)
                await wait_until(lambda: service.scheduler.n_running == 0, 10)
                assert service.engine.cache.used_slots == 0
                assert service.metrics.rejected.labels("stream_stalled")._value.get() == 1
                checked = True
                scope.cancel()
        assert checked


def log_softmax(logits: np.ndarray) -> np.ndarray:
    z = logits.astype(np.float64)
    return z - (z.max() + np.log(np.exp(z - z.max()).sum()))


def test_logprobs_are_the_log_softmax_of_the_logits_the_engine_used(tutor_folder):
    engine = Engine.from_folder(tutor_folder, n_slots=4)
    seqs = [Sequence([0, 50, 60, 70, 1], SamplingParams(max_new_tokens=5, logprobs=3)),
            Sequence([0, 80, 1], SamplingParams(max_new_tokens=5, temperature=0.8, seed=3, logprobs=0))]
    for s in seqs:
        engine.admit(s)
    for _ in range(3):
        engine.step(StepPlan([(s, s.uncomputed) for s in seqs]))
        logits = engine.last_logits()
        for row, s in enumerate(seqs):
            lp, top = s.logprobs[-1]
            z = logits[row].astype(np.float64)
            want = z - z.max() - np.log(np.exp(z - z.max()).sum())  # the sampling kernel sums in another order
            assert lp == pytest.approx(want[s.generated[-1]], abs=1e-9)
            assert list(top) == np.argsort(-want, kind="stable")[:s.params.logprobs].tolist()
            assert all(v == pytest.approx(want[t], abs=1e-9) for t, v in top.items())
            assert np.isclose(np.exp(want).sum(), 1.0)
