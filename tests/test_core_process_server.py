"""The real server with its engine core in a process of its own (`--engine-process 1`): a killed
core ends every request within 1 s (503, or a cut stream with an error event), /readyz fails within
1 s and the server exits 1 for its supervisor (with one API process, or two: `--api-processes 2`);
SIGTERM drains both processes; a killed API process takes its core with it. Polls are bounded; the signals go once a stream is really under way."""

from __future__ import annotations

import json
import os
import signal

import httpx
import pytest
import trio
from helpers import alive, core_pid, real_server

LONG = {"model": "miniserve-tutor", "prompt": "Hello", "max_tokens": 160, "temperature": 0, "ignore_eos": True,
        "stream": True}


@pytest.mark.parametrize("processes", [("--engine-process", "1"), ("--api-processes", "2")], ids=["one", "two"])
def test_a_killed_core_ends_every_request_within_a_second_and_the_server_exits_1(tutor_folder, processes):
    with real_server(tutor_folder, *processes, "--max-batch", "1") as (process, port):
        outcomes = trio.run(kill_the_core_under_load, process, port)
        streams = [o for o in outcomes if isinstance(o, list)]
        # a stream may have run to its length before the kill landed (seen on a loaded machine): it ended as it
        # should; the others were cut, and at least one was
        cut = [last_two for last_two in streams if not finished(last_two)]
        assert cut and all(ends_unavailable(last_two) for last_two in cut), "\n".join(map(repr, outcomes))
        assert all(o == 503 for o in outcomes if not isinstance(o, list))
        assert process.wait(30) == 1


def finished(last_two: list[str]) -> bool:
    """A stream that ran to its end: its last chunk says why, then "[DONE]"."""
    return last_two[-1:] == ["[DONE]"] and len(last_two) == 2 and \
        (json.loads(last_two[0]).get("choices") or [{}])[0].get("finish_reason") is not None


def ends_unavailable(last_two: list[str]) -> bool:
    """A stream's last events: the "unavailable" error event, then "[DONE]"; or the error event last, where the
    API process closes the connection as it shuts down before the terminator goes out. The error event is what
    a client reads."""
    tail = last_two[:-1] if last_two[-1:] == ["[DONE]"] else last_two
    return bool(tail) and json.loads(tail[-1]).get("error", {}).get("code") == "unavailable"


async def kill_the_core_under_load(process, port) -> list:
    """Four long streams on one slot; the core is killed once one is under way. Each outcome: the
    status of a refused request, or a stream's last two events."""
    core, under_way, outcomes = core_pid(process.pid), trio.Event(), []

    async def request(client):
        async with client.stream("POST", "/v1/completions", json=LONG) as r:
            if r.status_code != 200:
                assert r.status_code == 503, await r.aread()
                outcomes.append(r.status_code)
                return
            events = []
            async for line in r.aiter_lines():
                if line.startswith("data: "):
                    under_way.set()
                    events.append(line[6:])
            outcomes.append(events[-2:])

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        async with trio.open_nursery() as nursery:
            for _ in range(4):  # one slot: one stream under way, three waiting
                nursery.start_soon(request, client)
            with trio.fail_after(60):
                await under_way.wait()
            os.kill(core, signal.SIGKILL)
            with trio.fail_after(1):  # every request has ended, and readiness fails (or nobody listens)
                while len(outcomes) < 4:
                    await trio.sleep(0.01)
                try:
                    assert (await client.get("/readyz")).status_code == 503
                except httpx.TransportError:
                    pass
    return outcomes


@pytest.mark.parametrize("processes", [("--engine-process", "1"), ("--api-processes", "2")], ids=["one", "two"])
def test_sigterm_drains_the_api_and_the_core(tutor_folder, processes):
    with real_server(tutor_folder, *processes) as (process, port):
        core = core_pid(process.pid)
        events = trio.run(stream_and_terminate, process, port)
        assert events[-1] == "[DONE]" and "error" not in json.loads(events[-2])
        assert json.loads(events[-2])["corrected"]
        assert process.wait(30) == 0
        assert not alive(core)


async def stream_and_terminate(process, port) -> list[str]:
    """A /correct stream, with SIGTERM sent once it is under way; its events."""
    events = []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        async with client.stream("POST", "/correct", params={"stream": "true"},
                                 json={"sentence": "She go to school yesterday and buyed a book."}) as r:
            assert r.status_code == 200
            async for line in r.aiter_lines():
                if line.startswith("data: "):
                    if not events:
                        process.send_signal(signal.SIGTERM)  # under way: it must still finish
                    events.append(line[6:])
    return events


def test_a_killed_api_process_takes_its_core_with_it(tutor_folder):
    with real_server(tutor_folder, "--engine-process", "1", stop=signal.SIGKILL) as (process, port):
        core = core_pid(process.pid)
        trio.run(kill_the_api_mid_stream, process, port, core)
        assert not alive(core)


async def kill_the_api_mid_stream(process, port, core) -> None:
    """SIGKILL the server while a stream is under way; return once its core has gone too."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        async with client.stream("POST", "/v1/completions", json=LONG) as r:
            async for line in r.aiter_lines():
                if line.startswith("data: "):
                    break  # under way in the core
            process.kill()
            process.wait()
    with trio.fail_after(10):
        while alive(core):
            await trio.sleep(0.02)
