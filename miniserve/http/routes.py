"""The tutor's route, POST /correct: a sentence or a paragraph, answered whole or streamed per sentence."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import contextmanager

import trio
from pydantic import BaseModel, RootModel
from quart import Blueprint, g
from quart_schema import document_querystring, document_request, document_response

from miniserve.http.access import AccessRecord
from miniserve.http.body import parse_json, stream_flag
from miniserve.service.completion import stream_choices
from miniserve.service.readings import Reading
from miniserve.http.errors import ApiError
from miniserve.service.intake import admit, refuse_unless_room
from miniserve.http.openapi import answers
from miniserve.http.schemas import CorrectRequest, CorrectResponse, ParagraphResponse
from miniserve.http.state import Service, service
from miniserve.http.sse import HEADERS, frame
from miniserve.service.tutor_tickets import TutorChoice, choices_for, gate, read_again, usage
from miniserve.service.tutoring import InputProblem, Plan, Tutor, sentence_answer

routes = Blueprint("miniserve", __name__)


class StreamQuery(BaseModel):
    stream: bool = False


class CorrectAnswer(RootModel[CorrectResponse | ParagraphResponse]):
    """The `sentence` form's answer, or the `text` form's."""


@routes.post("/correct")
@document_request(CorrectRequest)
@document_querystring(StreamQuery)
@document_response(CorrectAnswer, 200)
@answers(400, 408, 413, 415, 422, 429, 500, 501, 503, 504, stream=True)
async def correct():
    """Correct the verbs of a sentence or of each sentence of a paragraph, and explain.

    `?stream=true`: server-sent events per sentence, as tokens arrive (see docs/api.md)."""
    data = await parse_json(CorrectRequest)
    s, record = service(), g.access
    answer = await tutor(s, data, stream_flag(), record)
    if isinstance(answer, dict):
        return answer
    return frame(answer, record, s.metrics), 200, HEADERS


async def tutor(s: Service, data: CorrectRequest, streaming: bool, record: AccessRecord) -> dict | AsyncIterator[dict]:
    """The answer (a dict), or the stream's events once its sentences are admitted; both routes'
    (Quart's above and the direct one, `direct.py`)."""
    if s.prompt is None:
        raise ApiError(501, "not_implemented", "the served model is not the tutor: it has no <|fix|> prompt format")
    paragraph = data.text is not None
    if paragraph:
        await let_a_disconnect_land()
    text = data.text if paragraph else data.sentence
    spans = Tutor.spans(text, paragraph)
    if spans:  # (an empty text is the plan's 422, even under load)
        refuse_unless_room(s, len(spans))  # before the plan's constraints: a refusal costs little
    try:
        plan = s.tutor.plan(text, paragraph, spans)
    except InputProblem as problem:
        raise ApiError(422, "validation_error", str(problem), [{"field": problem.field, "message": problem.message}]) from None
    tickets = admit(s, plan.work, record.request_id, streaming, client=record.client)
    record.tickets = tickets
    reading = s.readings.ask(plan.turns) if s.readings is not None else None  # while the model decodes
    choices = choices_for(plan.turns, tickets, s.prompt)
    if streaming:
        record.streaming = True
        return events(s, plan, choices, record, reading)
    with trio.move_on_after(s.settings.request_timeout) as deadline, abandoning(reading):
        async for _ in stream_choices(choices, tickets[0].signal):
            pass
        for choice, turn in zip(choices, plan.turns):
            turn.decoded(choice.ticket.tokens, choice.finish_reason)
        scoring = await gate(s, plan.turns, record.request_id, reading)
        scoring += await read_again(s, plan.turns, record.request_id)
        record.tickets = tickets + scoring
    if deadline.cancelled_caught:
        raise ApiError(504, "timeout", f"no answer within {s.settings.request_timeout:g} s")
    count_withheld(s, plan.turns)
    return plan.answer(usage(tickets, scoring))


DISCONNECT_TICKS = 4  # measured: 3 (2 catch half), and one for margin


async def let_a_disconnect_land() -> None:
    """Give a client that sent its paragraph and closed at once the turns of the event loop that its
    disconnect needs to cancel this handler (Hypercorn's reader goes back to its socket after handing
    the request over, reads the EOF waiting there and posts http.disconnect; the handler's watcher
    wakes), before the plan's constraints, the engine and the parser work for nobody. A flood of
    such paragraphs (8 connections) starved a one-sentence client; see docs/service.md and bench/leavers.py."""
    for _ in range(DISCONNECT_TICKS):
        await trio.lowlevel.checkpoint()


@contextmanager
def abandoning(reading: Reading | None):
    """The early reading is abandoned once the handler leaves (a client that went: not read at all)."""
    try:
        yield
    finally:
        if reading is not None:
            reading.abandon()


async def events(s: Service, plan: Plan, choices: list[TutorChoice], record, reading: Reading | None):
    """`{"sentence", "field", "delta"}` as tokens arrive, each sentence's verdict when it is done
    (a proposed change waits for the gate, which scores them all once every sentence is decoded),
    then the whole answer."""
    turns, signal = plan.turns, choices[0].ticket.signal

    def verdict(i: int) -> dict:
        count_withheld(s, [turns[i]])
        return {"sentence": i, **{k: v for k, v in sentence_answer(i, turns[i]).items() if k != "index"}}

    with abandoning(reading):  # a stream that is never read to its end
        async for delta in stream_choices(choices, signal):
            if delta.text:
                yield {"sentence": delta.index, "field": delta.field, "delta": delta.text}
            if delta.finish_reason:
                turns[delta.index].decoded(choices[delta.index].ticket.tokens, delta.finish_reason)
                if turns[delta.index].review is not None:
                    yield verdict(delta.index)
        gated = [i for i, t in enumerate(turns) if t.review is None]
        tickets = [c.ticket for c in choices]
        scoring = await gate(s, turns, record.request_id, reading)
        scoring += await read_again(s, turns, record.request_id)
        record.tickets = tickets + scoring
        for i in gated:
            yield verdict(i)
        whole = plan.answer(usage(tickets, scoring))
        if not plan.paragraph:
            whole["sentences"] = [sentence_answer(0, turns[0])]
        yield whole


def count_withheld(s: Service, turns) -> None:
    withheld = sum(t.review.withheld for t in turns)
    if withheld:
        s.metrics.tutor_withheld.inc(withheld)
