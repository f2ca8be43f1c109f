"""One engine core behind several API processes (`miniserve serve --api-processes 2`): links whose
sequence ids collide get their own results; the real server answers with the same greedy tokens as
one process; one scrape counts every process's requests once; an API process killed mid-request
has its sequence cancelled in the core (slots back to 0) and is replaced; SIGTERM drains all.
(A killed core with two API processes: tests/test_core_process_server.py.) Polls are bounded."""

from __future__ import annotations

import json
import os
import signal
import socket
from functools import partial
from pathlib import Path

import httpx
import pytest
import trio
from helpers import alive, children, command_line, connection_holder, real_server
from test_engine_process import WORK, run_work, settings

from miniserve.engine import Engine, SamplingParams, Sequence
from miniserve.engine.core.client import CoreLink, CoreProcess
from miniserve.engine.core.remote_worker import RemoteWorker
from miniserve.engine.core.wire import Close
from miniserve.model.weights import load_model
from miniserve.scheduler import Scheduler
from miniserve.scheduler.ticket import Ticket
from miniserve.scheduler.health import Health

LONG = {"model": "miniserve-tutor", "prompt": "Hello", "max_tokens": 160, "temperature": 0, "ignore_eos": True,
        "stream": True}
SHORT = {"model": "miniserve-tutor", "prompt": "She go to school", "max_tokens": 2, "temperature": 0, "ignore_eos": True}
GREEDY = [("/correct", {"sentence": "She go to school yesterday and buyed a book."}),
          ("/correct", {"text": "He have two cat. They is happy."}),
          ("/v1/completions", {**SHORT, "max_tokens": 24})]


def core_and_two_links(s, folder, tmp_path):
    """A core process listening on a unix socket (this test its owner), two links to it and their schedulers."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(tmp_path / "core.sock"))
    listener.listen()
    core = CoreProcess(s, folder, listener)
    listener.close()
    links = [CoreLink(str(tmp_path / "core.sock"), folder) for _ in range(2)]
    schedulers = [Scheduler(link, s, Health(model_loaded=True, warmed_up=True), worker=partial(RemoteWorker, link))
                  for link in links]
    return core, links, schedulers


async def test_links_with_the_same_sequence_ids_get_their_own_results(random_gpt2_folder, tmp_path):
    s = settings(speculate=0)
    engine = Engine(*load_model(random_gpt2_folder), n_slots=4, max_step_tokens=s.step_token_budget)
    expected = await run_work(Scheduler(engine, s, Health()))
    core, links, schedulers = core_and_two_links(s, random_gpt2_folder, tmp_path)
    got = [None, None]

    async def run(i):
        got[i] = await run_work(schedulers[i], ids=range(100, 100 + len(WORK)))  # the same ids on both links

    with trio.fail_after(60):  # ids mixed up in the core would leave a request waiting
        async with trio.open_nursery() as nursery:
            for i in range(2):
                nursery.start_soon(run, i)
    assert [tokens for tokens, _, _ in got[0]] == [tokens for tokens, _, _ in expected]
    assert [tokens for tokens, _, _ in got[1]] == [tokens for tokens, _, _ in expected]
    core.link.send([Close()])  # as the supervisor drains it: it exits 0 once nothing is left in it
    assert core.reap() == 0


async def test_every_link_hears_the_slots_freed_by_another(random_gpt2_folder, tmp_path):
    """A link's count of the core's KV slots in use (its /stats and gauge) follows the steps that carry
    none of its own sequences: once the other link's longer sequence has ended, both count 0."""
    s = settings(speculate=0)
    core, links, schedulers = core_and_two_links(s, random_gpt2_folder, tmp_path)
    short = Ticket(Sequence([1, 2, 3], SamplingParams(max_new_tokens=2, stop_at_end=False)))
    long = Ticket(Sequence([4, 5, 6], SamplingParams(max_new_tokens=40, stop_at_end=False)))
    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            for scheduler in schedulers:
                await nursery.start(scheduler.run)
            schedulers[1].enqueue(long)
            schedulers[0].enqueue(short)
            await short.done.wait()  # in the core it ended about 38 steps before the other: its link's
            await long.done.wait()  # last step of its own said a slot was still in use
            with trio.fail_after(5):  # a bounded poll: the link's reader thread writes the count
                while links[0].cache.used_slots or links[1].cache.used_slots:
                    await trio.sleep(0.01)
            for scheduler in schedulers:
                scheduler.close()
    with pytest.raises(BlockingIOError):  # the owner's link (the supervisor's) had no sequence: it was sent no step
        core.link.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    core.link.send([Close()])
    assert core.reap() == 0


@pytest.fixture(scope="module")
def two(tutor_folder):
    """A server of two API processes (no speculation: step tokens are then exactly countable)."""
    with real_server(tutor_folder, "--api-processes", "2", "--max-batch", "4", "--speculate", "0") as (process, port):
        yield process, port
        started = children(process.pid)  # the core and the API processes (as they are at the end)
    assert process.returncode == 0  # SIGTERM drained every API process and the core
    assert len(started) == 3 and not any(alive(pid) for pid in started)


async def greedy_answers(port: int) -> list:
    """Each request twice, each on a connection of its own (so both API processes answer some)."""
    answers = []
    for path, body in GREEDY * 2:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            r = await client.post(path, json=body)
            assert r.status_code == 200, r.text
            answer = r.json()
            answers.append([c["text"] for c in answer["choices"]] if "choices" in answer
                           else {k: v for k, v in answer.items() if k != "usage"})
    return answers


def test_two_api_processes_answer_with_the_tokens_of_one(tutor_folder, two):
    _, port = two
    got = trio.run(greedy_answers, port)
    with real_server(tutor_folder, "--engine-process", "1", "--max-batch", "4", "--speculate", "0") as (_, one):
        expected = trio.run(greedy_answers, one)
    assert got == expected


def test_the_core_listens_in_a_private_directory(two):
    process, _ = two
    (api, *_) = [pid for pid in children(process.pid) if "miniserve.http.api_process" in command_line(pid)]
    words = command_line(api).split()
    address = Path(words[words.index("--core") + 1])
    assert address.is_socket() and address.parent.stat().st_mode & 0o777 == 0o700


def samples(text: str) -> dict[str, float]:
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
            if line and not line.startswith("#")}


async def scrape(port: int) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        return samples((await client.get("/metrics")).text)


def test_one_scrape_counts_every_process_once(two):
    process, port = two
    k = 16

    async def spread():
        before = await scrape(port)

        async def one():
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                assert (await client.post("/v1/completions", json=SHORT)).status_code == 200

        async with trio.open_nursery() as nursery:
            for _ in range(k):
                nursery.start_soon(one)
        return before, await scrape(port)

    before, after = trio.run(spread)
    delta = {name: after.get(name, 0.0) - before.get(name, 0.0) for name in after}
    assert delta['miniserve_requests_total{route="/v1/completions",status="200"}'] == k
    assert delta["miniserve_generation_tokens_total"] == 2 * k
    # the core counts its steps, the API processes their tokens: a prompt is computed once, then
    # each token but the last is fed back (counted twice, this would not add up)
    prompt = delta["miniserve_prompt_tokens_total"]
    assert delta["miniserve_step_tokens_sum"] == prompt + 2 * k - k
    lines = [json.loads(line) for line in process.log.lines() if line.startswith("{")]
    served = [line["pid"] for line in lines if line.get("path") == "/v1/completions"]
    assert len(set(served[-k:])) == 2  # both API processes answered some of the k


def test_stats_integrates_every_processs_sequences(two):
    """Little's law on a server of several API processes: /stats' in_system_seconds, from whichever
    process answers it, grows by what every answer says it held (usage.sequence_seconds), not by the
    answering process's share alone."""
    _, port = two

    async def fresh(method: str, path: str, body=None) -> dict:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            r = await client.request(method, path, json=body)
            assert r.status_code == 200, r.text
            return r.json()

    async def run():
        before = [(await fresh("GET", "/stats"))["in_system_seconds"] for _ in range(4)]
        said = [(await fresh("POST", path, body))["usage"]["sequence_seconds"] for path, body in GREEDY * 2]
        after = [(await fresh("GET", "/stats"))["in_system_seconds"] for _ in range(4)]
        return before, said, after

    before, said, after = trio.run(run)
    assert max(before) - min(before) < 1e-3 and max(after) - min(after) < 1e-3  # each process says the same
    assert after[0] - before[0] == pytest.approx(sum(said), rel=1e-3, abs=1e-3)


def test_a_killed_api_process_has_its_sequence_cancelled_and_is_replaced(two):
    process, port = two
    apis = [pid for pid in children(process.pid) if "miniserve.http.api_process" in command_line(pid)]
    assert len(apis) == 2
    killed = trio.run(kill_the_holder_mid_stream, port, apis)
    assert "1 sequences cancelled" in "\n".join(process.log.lines())  # by the core, when the link ended

    async def replaced():
        with trio.fail_after(20):
            while True:
                now = [pid for pid in children(process.pid) if "miniserve.http.api_process" in command_line(pid)]
                if len(now) == 2 and killed not in now:
                    return
                await trio.sleep(0.05)

    trio.run(replaced)


async def kill_the_holder_mid_stream(port: int, apis: list[int]) -> int:
    """SIGKILL the API process serving a stream once it is under way; return its pid once the
    core's KV slots in use (its own gauge, scraped through the other process) are back to 0."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        async with client.stream("POST", "/v1/completions", json=LONG) as r:
            assert r.status_code == 200
            async for line in r.aiter_lines():
                if line.startswith("data: "):
                    break  # under way in the core: it holds a slot
            client_port = r.extensions["network_stream"].get_extra_info("client_addr")[1]
            holder = connection_holder(apis, client_port)
            os.kill(holder, signal.SIGKILL)
    with trio.fail_after(10):
        while (await scrape(port)).get("miniserve_kv_cache_slots_used") != 0.0:
            await trio.sleep(0.02)
    return holder
