"""The real thing: `miniserve serve` (Hypercorn, trio worker) on a free loopback port, real HTTP,
and a SIGTERM in the middle of the load. Only 127.0.0.1; every loop bounded in count and time."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import sys

import httpx
import pytest
import trio
from helpers import free_port, wait_ready

SENTENCES = ["He goed to school.", "She has went home.", "My aunt watch the news.", "Did they bought it?"]


@pytest.fixture
def server(tutor_folder):
    port = free_port()
    log = tempfile.TemporaryFile("w+")  # read on failure; a pipe nobody reads would block the server
    process = subprocess.Popen(
        [sys.executable, "-m", "miniserve.cli", "serve", "--port", str(port), "--model", str(tutor_folder),
         "--max-batch", "8", "--drain-timeout", "20"],
        stdout=subprocess.DEVNULL, stderr=log, text=True, env=dict(os.environ),
    )
    yield process, f"http://127.0.0.1:{port}"
    if process.poll() is None:
        process.kill()
        process.wait(10)


async def test_real_server_answers_and_drains_on_sigterm(server):
    process, url = server
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=0)  # a new connection per request
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:
        await wait_ready(client, process)
        r = await client.post("/correct", json={"sentence": "He goed to school."})
        assert r.status_code == 200 and r.json()["corrected"] == "He went to school."
        assert r.headers["x-request-id"]

        outcomes: list[tuple[str, float, float]] = []  # (status or error, sent, answered)
        draining = trio.Event()
        loaded = trio.Event()  # enough answers that the server is busy: the moment to send SIGTERM
        sigterm_at = []

        async def user(i: int):
            for n in range(40):  # bounded: 40 requests per user, stops at the first 503
                if draining.is_set():
                    return
                sent = trio.current_time()
                try:
                    response = await client.post("/correct", json={"sentence": SENTENCES[(i + n) % 4]})
                    outcomes.append((str(response.status_code), sent, trio.current_time()))
                    if sum(status == "200" for status, _, _ in outcomes) > 12:
                        loaded.set()
                    if response.status_code == 503:
                        draining.set()
                except httpx.TransportError as error:
                    outcomes.append((type(error).__name__, sent, trio.current_time()))
                    return

        async def terminate():
            await loaded.wait()
            sigterm_at.append(trio.current_time())
            process.send_signal(signal.SIGTERM)

        with trio.fail_after(90):
            async with trio.open_nursery() as nursery:
                for i in range(12):
                    nursery.start_soon(user, i)
                nursery.start_soon(terminate)

    assert process.wait(30) == 0
    stopped = sigterm_at[0]
    in_flight = [o for o in outcomes if o[1] < stopped < o[2]]
    assert any(status == "200" for status, _, _ in in_flight), "SIGTERM should land while requests are in flight"
    # Every request was answered (200, or 503 once draining) or never accepted (connection refused
    # after the listener closed): none was accepted and then dropped (reset, EOF, timeout).
    assert {status for status, _, _ in outcomes} <= {"200", "503", "ConnectError"}, outcomes
    assert sum(status == "200" for status, _, _ in outcomes) > 12


async def test_concurrent_requests_over_real_http(server):
    process, url = server
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        await wait_ready(client, process)
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
