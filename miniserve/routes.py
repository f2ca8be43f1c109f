"""The tutor's route, POST /correct: a sentence or a paragraph, answered whole or streamed per sentence."""

from __future__ import annotations

import trio
from pydantic import BaseModel, RootModel
from quart import Blueprint, g
from quart_schema import document_querystring, document_request, document_response

from miniserve.body import parse_json, stream_flag
from miniserve.completion import stream_choices
from miniserve.errors import ApiError
from miniserve.intake import admit
from miniserve.openapi import answers
from miniserve.schemas import CorrectRequest, CorrectResponse, ParagraphResponse
from miniserve.service import Service, service
from miniserve.sse import HEADERS, frame
from miniserve.ticket import Signal
from miniserve.tutoring import Plan, TutorChoice, answer, sentence_answer

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
    streaming = stream_flag()
    s = service()
    if s.prompt is None:
        raise ApiError(501, "not_implemented", "the served model is not the tutor: it has no <|fix|> prompt format")
    plan = Plan.of(data, s)
    record = g.access
    tickets = admit(s, plan.work, record.request_id, streaming, client=record.client)
    record.tickets = tickets
    choices = plan.choices(tickets, s.prompt)
    if streaming:
        record.streaming = True
        return frame(events(s, plan, choices, tickets[0].signal), record), 200, HEADERS
    with trio.move_on_after(s.settings.request_timeout) as deadline:
        async for _ in stream_choices(choices, tickets[0].signal):
            pass
    if deadline.cancelled_caught:
        raise ApiError(504, "timeout", f"no answer within {s.settings.request_timeout:g} s")
    reviews = [c.verdict(span) for c, span in zip(choices, plan.spans)]
    count_withheld(s, reviews)
    return answer(plan, choices, reviews)


async def events(s: Service, plan: Plan, choices: list[TutorChoice], signal: Signal):
    """`{"sentence", "field", "delta"}` as tokens arrive, each sentence's reviewed verdict when it
    is done, then the whole answer."""
    reviews = [None] * len(choices)
    async for delta in stream_choices(choices, signal):
        if delta.text:
            yield {"sentence": delta.index, "field": delta.field, "delta": delta.text}
        if delta.finish_reason:
            i = delta.index
            reviews[i] = choices[i].verdict(plan.spans[i])
            count_withheld(s, [reviews[i]])
            yield {"sentence": i, **{k: v for k, v in sentence_answer(i, plan.spans[i], reviews[i]).items() if k != "index"}}
    whole = answer(plan, choices, reviews)
    if not plan.paragraph:
        whole["sentences"] = [sentence_answer(0, plan.spans[0], reviews[0])]
    yield whole


def count_withheld(s: Service, reviews) -> None:
    withheld = sum(r.withheld for r in reviews)
    if withheld:
        s.metrics.tutor_withheld.inc(withheld)
