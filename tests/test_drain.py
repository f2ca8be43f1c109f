"""SIGTERM while server-sent event streams are open, on the real server: every open stream ends
cleanly with `[DONE]`, a new request is refused, and the process exits 0. No sleeps: the signal
goes once a stream is really under way, and readiness is polled in a bounded loop."""

from __future__ import annotations

import signal
from types import SimpleNamespace

import httpx
import trio
from helpers import ServerLog, real_server

SENTENCES = ["He goed to school.", "She has went home.", "My aunt watch the news.", "Did they bought it?",
             "The children can swims very well.", "They was happy yesterday."]


async def test_sigterm_with_streams_open_finishes_them_and_refuses_new_work(tutor_folder):
    log = ServerLog()
    # one slot: the streams queue behind each other, so some are waiting
    with real_server(tutor_folder, "--max-batch", "1", "--drain-timeout", "30", log=log) as (process, port):
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            all_accepted, under_way = trio.Event(), trio.Event()
            accepted: list[str] = []
            endings: list[str] = []
            open_at_sigterm: list[int] = []

            async def stream(sentence: str):
                async with client.stream("POST", "/correct", params={"stream": "true"}, json={"sentence": sentence}) as r:
                    assert r.status_code == 200
                    accepted.append(sentence)
                    if len(accepted) == len(SENTENCES):
                        all_accepted.set()
                    last = ""
                    async for line in r.aiter_lines():
                        if line.startswith("data: "):
                            under_way.set()
                            last = line
                    endings.append(last)

            async def terminate_and_probe():
                await all_accepted.wait()
                await under_way.wait()
                process.send_signal(signal.SIGTERM)
                open_at_sigterm.append(len(SENTENCES) - len(endings))
                with trio.fail_after(10):  # bounded poll: the drain shows on /readyz
                    while (await client.get("/readyz")).status_code != 503:
                        await trio.sleep(0.01)
                refused = await client.post("/correct", json={"sentence": "He goed home"})
                assert refused.status_code == 503 and refused.headers["retry-after"]

            with trio.fail_after(60):
                async with trio.open_nursery() as nursery:
                    for sentence in SENTENCES:
                        nursery.start_soon(stream, sentence)
                    nursery.start_soon(terminate_and_probe)
        assert open_at_sigterm[0] >= 2, "SIGTERM should land with several streams open"
        assert endings == ["data: [DONE]"] * len(SENTENCES)
        assert await trio.to_thread.run_sync(process.wait, 30) == 0
    lines = log.lines()
    assert any('"shutting down' in line for line in lines), lines[-5:]


async def test_drain_waits_for_a_request_between_its_sequences(tutor_folder, autojump_clock):
    """A tutor request whose decode has finished and whose gate has not yet sent its scoring holds
    no sequence: the drain must wait for its handler, or the scoring meets a stopped scheduler."""
    from miniserve.config import Settings
    from miniserve.http.state import Service

    service = Service(Settings(drain_delay=0, drain_timeout=30), tutor_folder)
    closed = []
    service.scheduler = SimpleNamespace(n_running=0, n_waiting=0, close=lambda: closed.append(trio.current_time()))
    service.handling = 1  # admission.py counts it: inside its handler, no sequence in the engine
    start = trio.current_time()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(service.drain)
        await trio.sleep(5)
        assert closed == []  # still waiting for the handler
        service.handling = 0
    assert closed and closed[0] - start >= 5
