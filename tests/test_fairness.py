"""Fair admission on the real server, over real HTTP: a request's sentences take turns with everyone
else's, a paragraph is taken whole or refused at once, and one-sentence requests are not refused
while the engine has room for them. Orders and counts are asserted, never wall-clock times."""

from __future__ import annotations

import json
import signal

import httpx
import pytest
import trio
from helpers import real_server

from miniserve.engine import Sequence
from miniserve.engine.waiting import Waiting

PARAGRAPH_SENTENCE = "My little brother and his best friends has went to the big park near our old school."  # long: many steps


def paragraph(n: int) -> str:
    return " ".join([PARAGRAPH_SENTENCE] * n)


@pytest.fixture(scope="module")
def server(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "2", "--max-queue", "16", stop=signal.SIGKILL) as (process, port):
        yield f"http://127.0.0.1:{port}"


def test_waiting_sequences_take_turns_by_request():
    waiting, seqs = Waiting(), [Sequence([0]) for _ in range(6)]
    for seq in seqs[:4]:
        waiting.add(seq, "paragraph")
    waiting.add(seqs[4], "one")
    waiting.add(seqs[5], "other")
    waiting.remove(seqs[1])
    assert [waiting.pop() for _ in range(len(waiting))] == [seqs[0], seqs[4], seqs[5], seqs[2], seqs[3]]


async def in_engine(client: httpx.AsyncClient) -> int:
    stats = (await client.get("/stats")).json()
    return stats["running"] + stats["waiting"]


async def test_a_sentence_behind_a_paragraph_is_answered_after_a_few_of_its_sentences_not_all(server):
    """2 slots, a 16-sentence paragraph streamed: a sentence sent once the paragraph runs takes the
    next turn, so the paragraph has finished only a few sentences when its answer arrives (FIFO: 14)."""
    verdicts, single_done_after = [], []
    async with httpx.AsyncClient(base_url=server, timeout=60) as client:
        started = trio.Event()

        async def read_paragraph():
            async with client.stream("POST", "/correct?stream=true", json={"text": paragraph(16)}) as response:
                assert response.status_code == 200
                async for line in response.aiter_lines():
                    started.set()
                    if line.startswith("data: {"):
                        event = json.loads(line.removeprefix("data: "))
                        if "original" in event:
                            verdicts.append(event["sentence"])

        with trio.fail_after(60):
            async with trio.open_nursery() as nursery:
                nursery.start_soon(read_paragraph)
                await started.wait()
                answer = await client.post("/correct", json={"sentence": "He goed to school."})
                single_done_after.append(len(verdicts))
        assert answer.status_code == 200 and answer.json()["corrected"] == "He went to school."
        assert len(verdicts) == 16
        assert single_done_after[0] <= 6, f"the sentence waited for {single_done_after[0]} of the paragraph's 16"


async def test_a_paragraph_is_taken_whole_or_refused_at_once_and_sentences_keep_their_room(server):
    """16 places for paragraphs (max_queue) and 2 more (the slots) for one-sentence requests: with a
    16-sentence paragraph in, a 2-sentence paragraph is refused whole at once (503, Retry-After) and
    a one-sentence request is still taken (FIFO counting waiting sequences refused it instead)."""
    async with httpx.AsyncClient(base_url=server, timeout=60) as client:
        with trio.fail_after(60):
            while await in_engine(client):  # nothing left from another test
                await trio.sleep(0.05)
            async with trio.open_nursery() as nursery:
                big = []

                async def send_big():
                    big.append(await client.post("/correct", json={"text": paragraph(16)}))
                nursery.start_soon(send_big)
                while (await client.get("/stats")).json()["running"] < 2:  # the paragraph is in and runs
                    await trio.sleep(0.01)
                small = await client.post("/correct", json={"text": paragraph(2)})
                assert small.status_code == 503 and int(small.headers["retry-after"]) >= 1
                assert small.json()["error"]["type"] == "overloaded"
                assert await in_engine(client) <= 16  # nothing of the refused paragraph entered
                single = await client.post("/correct", json={"sentence": "He goed to school."})
                assert single.status_code == 200 and single.json()["corrected"] == "He went to school."
        assert big[0].status_code == 200 and len(big[0].json()["sentences"]) == 16


def test_the_fairness_bench_sends_64_sentences_within_the_paragraph_limit():
    from bench.fairness import MAX_TEXT_CHARS, paragraph_text
    from bench.loadgen import sample_sentences
    from miniserve.service.paragraph import sentences

    text = paragraph_text(sample_sentences(512, seed=1))
    assert len(text) <= MAX_TEXT_CHARS and len(sentences(text)) == 64
