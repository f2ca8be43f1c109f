"""The tutor's side of POST /correct: a sentence or a paragraph into one sequence per sentence, each
answer streamed as it arrives and then reviewed by the guard (a suggestion that changes anything
but verb forms, or an empty or cut-off one, is withheld), and the whole corrected text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import replace as replace_field

from miniserve.completion import Choice, Delta
from miniserve.engine import SamplingParams
from miniserve.engine.stop import Runaway
from miniserve.errors import ApiError
from miniserve.paragraph import Span, replace, sentences
from miniserve.schemas import CorrectRequest
from miniserve.service import Service
from miniserve.ticket import Ticket
from miniserve.tutor.guard import Review, review
from miniserve.tutor.prompt import EXPLANATION_ALLOWANCE, SentenceError, TutorPrompt


def one_line(sentence: str) -> str:
    """What the model sees of a sentence: a line break or tab inside it (a wrapped paragraph) as a space."""
    return re.sub(r"\s*[\n\r\t]\s*", " ", sentence)


def whole(sentence: str) -> Span:
    """The `sentence` form: one span, without the spacing around it."""
    stripped = sentence.strip()
    start = sentence.index(stripped)
    return Span(start, start + len(stripped), stripped)


def corrected_limit(n_text_tokens: int) -> int:
    """A corrected sentence changes verb forms only, so it is about as long as the input: a few
    tokens of slack for a changed ending or an inserted auxiliary, never the model running on."""
    return n_text_tokens + 4 + n_text_tokens // 8


@dataclass
class Plan:
    text: str  # what the person sent (the sentence, or the paragraph)
    spans: list[Span]
    work: list[tuple[list[int], SamplingParams]]
    limits: list[int]  # corrected-part token limit per sentence
    paragraph: bool

    @classmethod
    def of(cls, data: CorrectRequest, s: Service) -> "Plan":
        paragraph = data.text is not None
        text = data.text if paragraph else data.sentence
        spans = sentences(text) if paragraph else [whole(text)]
        work, limits = [], []
        for i, span in enumerate(spans):
            try:
                ids, budget = s.prompt.request(one_line(span.text), s.engine.config.n_positions)
            except SentenceError as error:
                where = f"sentence {i + 1} ({span.text[:40]!r}): " if paragraph else ""
                field = "text" if paragraph else "sentence"
                raise ApiError(422, "validation_error", f"{field}: {where}{error}", [{"field": field, "message": f"{where}{error}"}]) from None
            limit = corrected_limit(len(ids) - 2)  # the prompt adds <|endoftext|> and <|fix|>
            max_new = min(budget, limit + 1 + EXPLANATION_ALLOWANCE, s.settings.max_new_tokens)
            constraint = s.edit_constraints(one_line(span.text)) if s.edit_constraints else None
            work.append((ids, SamplingParams(max_new_tokens=max_new, stop=Runaway(s.prompt.why_id, limit), constraint=constraint)))
            limits.append(limit)
        return cls(text, spans, work, limits, paragraph)

    def choices(self, tickets: list[Ticket], prompt: TutorPrompt) -> list["TutorChoice"]:
        return [TutorChoice(i, t, prompt, limit) for i, (t, limit) in enumerate(zip(tickets, self.limits))]


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

    def verdict(self, span: Span) -> Review:
        done = self.prompt.parse(self.ticket.tokens)
        complete = done.complete and self.finish_reason != "length"
        verdict = review(one_line(span.text), done.corrected, done.explanation if complete else "")
        return verdict if verdict.changed else replace_field(verdict, corrected=span.text)  # as typed, line breaks too


def sentence_answer(i: int, span: Span, r: Review) -> dict:
    return {"index": i, "original": span.text, "corrected": r.corrected, "explanation": r.explanation,
            "changed": r.changed, "withheld": r.withheld, "start": span.start, "end": span.end}


def usage(tickets: list[Ticket]) -> dict:
    ttfts = [t.ttft_seconds for t in tickets if t.ttft_seconds is not None]
    return {
        "prompt_tokens": sum(len(t.seq.prompt) for t in tickets),
        "completion_tokens": sum(len(t.tokens) for t in tickets),
        "queue_seconds": round(max(t.queue_seconds for t in tickets), 6),
        "time_to_first_token_seconds": round(min(ttfts), 6) if ttfts else None,
        "total_seconds": round(max(t.total_seconds for t in tickets), 6),
        "sequence_seconds": round(sum(t.total_seconds for t in tickets), 6),
    }


def answer(plan: Plan, choices: list[TutorChoice], reviews: list[Review]) -> dict:
    """The whole answer: the `sentence` form's or the `text` form's."""
    tickets = [c.ticket for c in choices]
    if not plan.paragraph:
        r = reviews[0]
        return {"corrected": r.corrected, "explanation": r.explanation, "withheld": r.withheld, "usage": usage(tickets)}
    return {"corrected": replace(plan.text, plan.spans, [r.corrected for r in reviews]),
            "sentences": [sentence_answer(i, span, r) for i, (span, r) in enumerate(zip(plan.spans, reviews))],
            "usage": usage(tickets)}
