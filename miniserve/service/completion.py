"""Turning running tickets into text as it arrives: one `Choice` per generated sequence, with
incremental detokenisation, stop strings and logprobs; `stream_choices` yields their deltas the
moment a step produces them. Used by /v1/completions and the tutor's streaming /correct."""

from __future__ import annotations

from dataclasses import dataclass, field

from tokenizers import Tokenizer

from miniserve.service.textstream import IncrementalDecoder, StopMatcher
from miniserve.scheduler.ticket import Signal, Ticket


@dataclass
class Delta:
    index: int
    text: str
    finish_reason: str | None  # set on the choice's last delta
    tokens: list[int] = field(default_factory=list)  # the tokens this delta consumed
    field: str | None = None  # the tutor's part of the answer ("corrected" | "explanation")


class Choice:
    def __init__(self, index: int, ticket: Ticket, tokenizer: Tokenizer, stops: list[str]):
        self.index, self.ticket, self.tokenizer = index, ticket, tokenizer
        self.decoder = IncrementalDecoder(tokenizer)
        self.stopper = StopMatcher(stops)
        self.text = ""
        self.finish_reason: str | None = None

    def advance(self) -> list[Delta]:
        """Consume what the ticket has produced: at most one delta."""
        if self.finish_reason:
            return []
        tokens = self.ticket.take()
        piece = "".join(self.decoder.push(t) for t in tokens)
        if self.ticket.done.is_set():
            if self.ticket.error:
                raise self.ticket.error
            piece += self.decoder.flush()
            out = self.stopper.feed(piece) + self.stopper.flush()
            self.finish_reason = "stop" if self.stopper.stopped else (self.ticket.finish_reason or "stop")
        else:
            out = self.stopper.feed(piece)
            if self.stopper.stopped:  # a stop string: this sequence is over, free its slot now
                self.ticket.cancelled = True
                self.finish_reason = "stop"
        if not out and not tokens and self.finish_reason is None:
            return []
        self.text += out
        return [Delta(self.index, out, self.finish_reason, tokens)]


async def stream_choices(choices: list[Choice], signal: Signal):
    """Yield deltas as steps produce them, until every choice has finished. If the consumer goes
    away (disconnect, deadline), every unfinished ticket is cancelled: its slot is freed."""
    try:
        while True:
            armed = signal.event  # taken before the scan: a token that lands while we yield still wakes us
            for choice in choices:
                for delta in choice.advance():
                    yield delta
            if all(c.finish_reason for c in choices):
                return
            await armed.wait()
    finally:
        for choice in choices:
            if not choice.ticket.done.is_set():
                choice.ticket.cancelled = True
