"""The tutoring flow (tutoring.py) driven through the scheduler's tickets, for POST /correct: each
sentence's answer streamed as it arrives, the gate's scoring requests, and the usage report."""

from __future__ import annotations

import trio

from miniserve.service.completion import Choice, Delta
from miniserve.service.intake import admit
from miniserve.http.state import Service
from miniserve.service.readings import Reading
from miniserve.scheduler.ticket import Ticket
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.service.tutoring import Turn


class TutorChoice(Choice):
    """One sentence's answer as tokens arrive: deltas of the "corrected" part, then (after <|why|>)
    of the "explanation". A corrected part past its limit is garbage: the sequence stops at once."""

    def __init__(self, index: int, ticket: Ticket, prompt: TutorPrompt, limit: int):
        super().__init__(index, ticket, prompt.tokenizer, [])
        self.prompt, self.limit = prompt, limit
        self.field, self.n_corrected = "corrected", 0

    def advance(self) -> list[Delta]:
        if self.finish_reason:
            return []
        deltas, piece = [], ""
        for token in self.ticket.take():
            if token == self.prompt.why_id and self.field == "corrected":
                piece += self.decoder.flush()
                deltas.append(Delta(self.index, piece, None, [], self.field))
                piece, self.field = "", "explanation"
                continue
            if self.field == "corrected":
                self.n_corrected += 1
                if self.n_corrected > self.limit:
                    self.ticket.cancelled, self.finish_reason = True, "length"
                    break
            piece += self.decoder.push(token)
        if self.ticket.done.is_set() and self.ticket.error:
            raise self.ticket.error
        if self.ticket.done.is_set() and not self.finish_reason:
            self.finish_reason = self.ticket.finish_reason or "stop"
        if self.finish_reason:
            piece += self.decoder.flush()
        deltas.append(Delta(self.index, piece, self.finish_reason, [], self.field))
        return [d for d in deltas if d.text or d.finish_reason]


def choices_for(turns: list[Turn], tickets: list[Ticket], prompt: TutorPrompt) -> list[TutorChoice]:
    return [TutorChoice(i, ticket, prompt, turn.limit) for i, (turn, ticket) in enumerate(zip(turns, tickets))]


async def gate(s: Service, turns: list[Turn], request_id: str, reading: Reading | None = None) -> list[Ticket]:
    """The gate's scoring of every turn that proposes a change, enqueued together (a sentence's
    answers share a step) while the parser weighs their agreement edits and looks for offers where
    no change was proposed (`weigh`); then the scoring of the offers it found. Each turn gets its
    scores; returns the scoring tickets. `reading`: set once the parser has read the inputs
    (readings.py), usually while the model decoded."""
    proposed = [t for t in turns if t.review is None and not t.tries]
    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask_parser, turns, reading)
        tickets = await score(s, proposed, request_id)
    scored(proposed, tickets)
    await weigh([t for t in proposed if t.review is None and t.questions])  # where a proposal was withheld (Turn.fall_back)
    offered = [t for t in turns if t.review is None and t.offered]
    follow_up = await score(s, offered, request_id) if offered else []
    scored(offered, follow_up)
    return tickets + follow_up


async def read_again(s: Service, turns: list[Turn], request_id: str) -> list[Ticket]:
    """The second reading of every sentence the gate let a change through (Turn.again): decoded
    together, gated as the first, each second answer joined to its first. Returns its tickets."""
    pairs = [(turn, second) for turn in turns if (second := turn.again()) is not None]
    if not pairs:
        return []
    seconds = [second for _, second in pairs]
    tickets = await run_all(s, [second.decode for second in seconds], request_id)
    raise_failure(tickets)
    for second, ticket in zip(seconds, tickets):
        second.decoded(ticket.tokens, ticket.finish_reason)
    scoring = await gate(s, seconds, request_id)
    for turn, second in pairs:
        turn.absorb(second)
    return tickets + scoring


def scored(turns: list[Turn], tickets: list[Ticket]) -> None:
    """Give each turn its answers' scores, in the order of its scoring; or raise the first failure
    (outside any nursery: the caller sees the error itself, not a group)."""
    raise_failure(tickets)
    answers = iter(tickets)
    for turn in turns:
        turn.scored([[lp for lp, _ in next(answers).logprobs] for _ in turn.answers])


def raise_failure(tickets: list[Ticket]) -> None:
    """Raise the first ticket's failure (outside any nursery: the caller sees the error itself, not a group)."""
    failed = next((t.error for t in tickets if t.error), None)
    if failed:
        raise failed


async def score(s: Service, turns: list[Turn], request_id: str) -> list[Ticket]:
    """Every turn's scoring requests, admitted together; returns when all are done or one failed
    (the rest then cancelled)."""
    return await run_all(s, [w for t in turns for w in t.scoring], request_id)


async def run_all(s: Service, work: list, request_id: str) -> list[Ticket]:
    """More work of an admitted request, admitted together; returns when all is done or one failed
    (the rest then cancelled)."""
    tickets: list[Ticket] = []
    try:
        tickets = admit(s, work, request_id, False, follow_up=True) if work else []
        for ticket in tickets:
            await ticket.done.wait()
            if ticket.error:
                break
    finally:
        for ticket in tickets:
            if not ticket.done.is_set():
                ticket.cancelled = True
    return tickets


async def ask_parser(turns: list[Turn], reading: Reading | None) -> None:
    """Whatever the parser is still to be asked. An early reading not done by now (the reader is busy
    with others' readings) is abandoned, not waited for: its turns are asked here, in their turn."""
    if reading is not None and not reading.done.is_set():
        reading.abandon()
    await weigh([t for t in turns if t.review is None and t.questions])


async def weigh(turns: list[Turn]) -> None:
    """The parser's rounds for the turns that ask (Turn.questions), each round one request to its
    worker process (ParserProcess): a thread waits for the answer, the event loop does not."""
    while turns:
        questions = [t.questions for t in turns]
        parses = await trio.to_thread.run_sync(turns[0].tutor.parser.parse_all, [q for qs in questions for q in qs],
                                               abandon_on_cancel=True)
        answers = iter(parses)
        for turn, asked in zip(turns, questions):
            turn.weigh([next(answers) for _ in asked])
        turns = [t for t in turns if t.review is None and t.questions]


def usage(tickets: list[Ticket], follow_up: list[Ticket]) -> dict:
    """The request's usage: queue and first token of its sentences' tickets; tokens, the whole time and
    every sequence's time in the server (Little's law) with the gate's scoring tickets included."""
    ttfts = [t.ttft_seconds for t in tickets if t.ttft_seconds is not None]
    every = tickets + follow_up
    ends = [t.finished for t in every if t.finished is not None]
    return {
        "prompt_tokens": sum(len(t.seq.prompt) for t in every),
        "completion_tokens": sum(len(t.tokens) for t in every),
        "queue_seconds": round(max(t.queue_seconds for t in tickets), 6),
        "time_to_first_token_seconds": round(min(ttfts), 6) if ttfts else None,
        "total_seconds": round(max(ends) - min(t.arrived for t in tickets) if len(ends) == len(every)
                               else max(t.total_seconds for t in tickets), 6),
        "sequence_seconds": round(sum(t.total_seconds for t in every), 6),
    }
