"""The real thing: `miniserve serve` (Hypercorn, trio worker) on a free loopback port, real HTTP,
and a SIGTERM in the middle of the load. Only 127.0.0.1; every loop bounded in count and time."""

from __future__ import annotations

import json
import signal

import httpx
import pytest
import trio
from helpers import real_server

SENTENCES = ["He goed to school.", "She has went home.", "My aunt watch the news.", "Did they bought it?"]
LONG_STREAMS = 3


@pytest.fixture
def server(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "8", "--drain-timeout", "20", stop=signal.SIGKILL) as (process, port):
        yield process, f"http://127.0.0.1:{port}"


async def test_real_server_answers_and_drains_on_sigterm(server):
    """SIGTERM under load: every request is answered or refused, none accepted and then dropped,
    and the ones in flight finish. "In flight" is the server's own word, not a guess from timing:
    SIGTERM goes only once long streams have each sent their first token (so they are running in
    the engine), and each of them must then end whole, with [DONE]."""
    process, url = server
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=0)  # a new connection per request
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:
        r = await client.post("/correct", json={"sentence": "He goed to school."})
        assert r.status_code == 200 and r.json()["corrected"] == "He went to school."
        assert r.headers["x-request-id"]
        model = (await client.get("/v1/models")).json()["data"][0]["id"]

        outcomes: list[str] = []  # status or error of each /correct
        draining = trio.Event()
        loaded = trio.Event()  # enough answers that the server is busy: the moment to start the streams
        streaming: list[trio.Event] = [trio.Event() for _ in range(LONG_STREAMS)]
        streams_ended: list[tuple[int, str, str]] = []  # (status, finish reason, last data line)

        async def user(i: int):
            for n in range(40):  # bounded: 40 requests per user, stops at the first 503
                if draining.is_set():
                    return
                try:
                    response = await client.post("/correct", json={"sentence": SENTENCES[(i + n) % 4]})
                    outcomes.append(str(response.status_code))
                    if outcomes.count("200") > 12:
                        loaded.set()
                    if response.status_code == 503:
                        draining.set()
                except httpx.TransportError as error:
                    outcomes.append(type(error).__name__)
                    return

        async def long_stream(k: int):
            body = {"model": model, "prompt": "He goed to school", "max_tokens": 150, "ignore_eos": True,
                    "temperature": 0, "stream": True}
            async with client.stream("POST", "/v1/completions", json=body) as response:
                finish, last = "", ""
                async for line in response.aiter_lines():
                    if line.startswith("data: "):
                        streaming[k].set()  # a token came back: the sequence is running on the server
                        last = line
                        if line != "data: [DONE]":
                            finish = json.loads(line[6:])["choices"][0]["finish_reason"] or finish
                streams_ended.append((response.status_code, finish, last))

        async def terminate(nursery):
            await loaded.wait()
            for k in range(LONG_STREAMS):
                nursery.start_soon(long_stream, k)
            for event in streaming:
                await event.wait()
            assert not streams_ended, "a 150-token stream should still be running"
            process.send_signal(signal.SIGTERM)

        with trio.fail_after(90):
            async with trio.open_nursery() as nursery:
                for i in range(12):
                    nursery.start_soon(user, i)
                nursery.start_soon(terminate, nursery)

    assert process.wait(30) == 0
    # The streams were in flight at SIGTERM: the drain let each finish.
    assert streams_ended == [(200, "length", "data: [DONE]")] * LONG_STREAMS
    # Every request was answered (200, or 503 once draining) or never accepted (connection refused
    # after the listener closed): none was accepted and then dropped (reset, EOF, timeout).
    assert set(outcomes) <= {"200", "503", "ConnectError"}, outcomes
    assert outcomes.count("200") > 12


async def test_concurrent_requests_over_real_http(server):
    process, url = server
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        results = []

        async def one(sentence):
            results.append((sentence, await client.post("/correct", json={"sentence": sentence})))

        async with trio.open_nursery() as nursery:
            for i in range(24):
                nursery.start_soon(one, SENTENCES[i % 4])
        assert [r.status_code for _, r in results] == [200] * 24
        by_sentence = {}
        for sentence, r in results:
            by_sentence.setdefault(sentence, set()).add(r.json()["corrected"])
        assert len(by_sentence) == 4 and all(len(answers) == 1 for answers in by_sentence.values())
        bad = await client.post("/correct", content=b"{oops", headers={"content-type": "application/json"})
        assert bad.status_code == 400 and bad.json()["error"]["status"] == 400
    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0
