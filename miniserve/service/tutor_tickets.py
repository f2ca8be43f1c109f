"""The tutoring flow (tutoring.py) driven through the scheduler's tickets, for POST /correct: each
sentence's answer streamed as it arrives, the gate's scoring requests, and the usage report."""

from __future__ import annotations

import trio

from miniserve.service.completion import Choice, Delta
from miniserve.service.intake import admit
from miniserve.http.state import Service
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


async def gate(s: Service, turns: list[Turn], request_id: str) -> list[Ticket]:
    """The parser's rounds first (`weigh`: evidence on agreement edits, offers where no change was
    proposed), then the gate's answers of every turn still undecided, scored all together (so a
    sentence's answers share a step); each turn gets its scores. Returns the scoring tickets."""
    await weigh([t for t in turns if t.review is None and t.questions])
    pending = [t for t in turns if t.review is None]
    work = [w for t in pending for w in t.scoring]
    tickets: list[Ticket] = []
    try:
        tickets = admit(s, work, request_id, False, follow_up=True) if work else []
        for ticket in tickets:
            await ticket.done.wait()
            if ticket.error:
                raise ticket.error
    finally:
        for ticket in tickets:
            if not ticket.done.is_set():
                ticket.cancelled = True
    scores = iter(tickets)
    for turn in pending:
        turn.scored([[lp for lp, _ in next(scores).logprobs] for _ in turn.answers])
    return tickets


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
