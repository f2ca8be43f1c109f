"""The parser reads tutor inputs while the model decodes (service/readings.py): every waiting
request in one call, a queue bounded in sentences, abandoned requests skipped, and a turn read early
never asks for its input again."""

import trio

from miniserve.service import readings
from miniserve.service.readings import Readings
from miniserve.service.tutor_tickets import ask_parser
from miniserve.service.tutoring import Tutor
from miniserve.tutor.runtime.agreement import SUPPORT_MARGIN
from miniserve.tutor.runtime.guard import NO_ERROR
from miniserve.tutor.runtime.parser import Parse, shared
from miniserve.tutor.runtime.parser_pool import ParserPool
from miniserve.tutor.runtime.prompt import TutorPrompt
from test_service import serving, wait_until

STRAINED = "One of the speakers were late, so the first session started at half past ten."
CLEAN = "Tickets for the concert are expensive."  # read cleanly; one verb the parser might flip


class CountingParser:
    def __init__(self):
        self.calls: list[list[str]] = []
        self.parser = shared()

    def parse_all(self, sentences):
        self.calls.append(list(sentences))
        return self.parser.parse_all(sentences)


def turn_for(tutor, sentence):
    return tutor.plan(sentence, paragraph=False).turns[0]


async def test_waiting_requests_are_read_in_one_call_and_never_asked_again(tutor_folder):
    parser = CountingParser()
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=parser)
    reader = Readings(parser)
    first, second = turn_for(tutor, STRAINED), turn_for(tutor, CLEAN)
    done = [reader.ask([first]), reader.ask([second])]  # both wait before the task runs
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        for reading in done:
            await reading.wait()
        reader.close()
    assert parser.calls == [[STRAINED, CLEAN]]
    assert reader.ask([first]) is None  # read already
    for turn, sentence in ((first, STRAINED), (second, CLEAN)):
        turn.decoded(tutor.prompt.completion_ids(sentence, NO_ERROR), "stop")
    assert second.review is not None and second.review.corrected == CLEAN  # read cleanly: no offers, no wait
    assert first.review is None and STRAINED not in first.questions  # straight to its tries
    assert first.questions == ["One of the speakers was late, so the first session started at half past ten."]


async def test_a_full_queue_leaves_the_reading_to_the_gate(tutor_folder, monkeypatch):
    monkeypatch.setattr(readings, "SENTENCES", 1)
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=shared())
    reader = Readings(shared())
    assert reader.ask([turn_for(tutor, CLEAN)]) is not None
    late = turn_for(tutor, STRAINED)
    assert reader.ask([late]) is None  # no room: not read early
    late.decoded(tutor.prompt.completion_ids(STRAINED, NO_ERROR), "stop")
    assert late.questions == [STRAINED]  # the gate asks for the input itself
    reader.close()
    assert reader.ask([turn_for(tutor, CLEAN)]) is None  # closed at shutdown


async def test_the_queue_counts_sentences_not_requests(tutor_folder, monkeypatch):
    monkeypatch.setattr(readings, "SENTENCES", 3)
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=shared())
    reader = Readings(CountingParser())
    paragraph = tutor.plan(" ".join([STRAINED, CLEAN, STRAINED, CLEAN]), paragraph=True).turns
    assert len(paragraph) == 4 and reader.ask(paragraph) is None  # more sentences than the queue holds
    assert reader.ask(paragraph[:2]) is not None and reader.waiting == 2
    assert reader.ask(paragraph[2:]) is None  # 2 + 2 > 3
    last = reader.ask(paragraph[2:3])
    assert last is not None and reader.waiting == 3
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await last.wait()
        reader.close()
    assert reader.waiting == 0 and all(t.read for t in paragraph[:3])


async def test_an_abandoned_request_is_not_read(tutor_folder):
    parser = CountingParser()
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=parser)
    reader = Readings(parser)
    gone, waiting = turn_for(tutor, STRAINED), turn_for(tutor, CLEAN)
    left, kept = reader.ask([gone]), reader.ask([waiting])
    left.abandon()  # its client disconnected before the reader came to it
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await kept.wait()
        reader.close()
    assert left.done.is_set()  # nobody waits for it, but it is finished all the same
    assert parser.calls == [[CLEAN]] and not gone.read and waiting.read
    assert "fixed" not in vars(gone)  # not even its offers were worked out


async def test_a_request_abandoned_while_it_is_read_is_read_no_further_and_given_nothing(tutor_folder):
    """The parser is called CHUNK sentences at a time; a request abandoned during one call is not read
    further, and what that call read is not given to its turns (its gate asks for them itself)."""
    parser = CountingParser()
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=parser)
    reader = Readings(parser)
    turns = [turn_for(tutor, STRAINED) for _ in range(readings.CHUNK + 3)]
    reading = reader.ask(turns)
    parse_all = parser.parse_all
    parser.parse_all = lambda sentences: (reading.abandon(), parse_all(sentences))[1]  # the client leaves meanwhile
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await reading.wait()
        reader.close()
    assert [len(call) for call in parser.calls] == [readings.CHUNK]
    assert not any(t.read for t in turns)


async def test_the_gate_does_not_wait_for_a_reading_the_reader_has_not_done(tutor_folder):
    """A reading still queued behind others' (a paragraph's hard sentences) when the model has decoded:
    the gate abandons it and asks the parser itself; the reader, when it gets there, gives it nothing."""
    parser = CountingParser()
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=parser)
    reader = Readings(parser)
    turn = turn_for(tutor, STRAINED)
    reading = reader.ask([turn])
    turn.decoded(tutor.prompt.completion_ids(STRAINED, NO_ERROR), "stop")
    await ask_parser([turn], reading)  # the reader has not run: nothing to wait for
    assert reading.abandoned and turn.read and parser.calls[0] == [STRAINED]
    asked = len(parser.calls)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await reading.wait()
        reader.close()
    assert len(parser.calls) == asked  # the reader skipped it


async def test_a_failed_reading_leaves_the_turns_unread_and_the_task_running(tutor_folder):
    class Broken:
        def __init__(self):
            self.calls = 0

        def parse_all(self, sentences):
            self.calls += 1
            if self.calls == 1:
                raise RuntimeError("the parser broke")
            return [Parse(0, 0.0)] * len(sentences)

    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=shared())
    reader = Readings(Broken())
    lost, later = turn_for(tutor, STRAINED), turn_for(tutor, CLEAN)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await reader.ask([lost]).wait()
        await reader.ask([later]).wait()
        reader.close()
    assert not lost.read and later.read


async def test_an_input_with_nothing_to_try_is_not_read_early(tutor_folder):
    parser = CountingParser()
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=parser)
    reader = Readings(parser)
    past = turn_for(tutor, "We went home early because it rained.")  # no verb with another number, nothing misspelt
    done = reader.ask([past, turn_for(tutor, STRAINED)])
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await done.wait()
        reader.close()
    assert past.candidates == [] and parser.calls == [[STRAINED]] and not past.read
    assert "fixed" in vars(past)  # its fixed offers were worked out in the reading's thread, not on the event loop
    past.decoded(tutor.prompt.completion_ids(past.line, NO_ERROR), "stop")
    assert past.review is not None and past.questions == []  # unchanged, and nothing for the parser at all


async def test_an_agreement_edit_reuses_the_early_reading(tutor_folder):
    parser = CountingParser()
    tutor = Tutor(TutorPrompt.from_folder(tutor_folder), 256, 160, None, threshold=2.0, parser=parser)
    reader = Readings(parser)
    turn = turn_for(tutor, "The students who live in the village walks to school every day.")
    done = reader.ask([turn])
    async with trio.open_nursery() as nursery:
        nursery.start_soon(reader.run)
        await done.wait()
        reader.close()
    fixed = "The students who live in the village walk to school every day."
    turn.decoded(tutor.prompt.completion_ids(fixed, "Use 'walk'."), "stop")
    assert turn.questions == [fixed]  # the input is not asked again
    turn.weigh(parser.parse_all(turn.questions))
    assert turn.to_parse == [] and turn.doubts == [-SUPPORT_MARGIN]  # the parser links the subject once fixed: support


async def test_the_server_reads_early_with_a_worker_of_its_own_and_stops_both(tutor_folder):
    async with serving(tutor_folder) as (client, service):
        # read early (a verb with another number to try), then the model's agreement edit is weighed
        # (no rule decides it alone: "who live in the village" stands between the noun and its verb)
        response = await client.post("/correct", json={"sentence": "The students who live in the village walks to school every day."})
        assert response.status_code == 200
        parsers = (service.parser, service.reading_parser)
        assert all(isinstance(p, ParserPool) for p in parsers) and parsers[0] is not parsers[1]
        assert parsers[0].cache is parsers[1].cache  # the gate finds what the early reading parsed
        assert (len(parsers[0].workers), len(parsers[1].workers)) == (service.settings.parser_workers, 1)
        assert service.readings.parser is service.reading_parser
        workers = [w.process for w in parsers[0].workers[:1] + parsers[1].workers]
        assert all(w is not None and w.poll() is None for w in workers)  # both asked: the input early, its edit after
    assert all(w.process is None for p in parsers for w in p.workers) and all(w.poll() is not None for w in workers)


async def test_a_request_whose_client_leaves_abandons_its_reading(tutor_folder):
    """The handler abandons its early reading when it is cancelled (a client that disconnects)."""
    async with serving(tutor_folder, scheduler="continuous") as (client, service):
        asked = []
        ask = service.readings.ask
        service.readings.ask = lambda turns: asked.append(ask(turns)) or asked[-1]
        async def leaving():
            await client.post("/correct", json={"text": f"{STRAINED} {CLEAN} {STRAINED}"})

        async with trio.open_nursery() as nursery:
            nursery.start_soon(leaving)
            await wait_until(lambda: asked and service.scheduler.n_running > 0)
            assert not asked[0].abandoned
            nursery.cancel_scope.cancel()  # the client goes away while its sentences decode
        assert asked[0].abandoned
        response = await client.post("/correct", json={"sentence": STRAINED})
        assert response.status_code == 200  # the reader goes on for the others
