"""The tutoring flow, one for every entry point: POST /correct, `miniserve correct` and the
evaluation. A text becomes one Turn per sentence, and every turn goes through the same stages:

    plan -> decode (edit-constrained) -> guard -> gate (score the copy against the correction,
            and parse it where an edit changes agreement) -> answer
             (no change proposed: the parser's offers of fixes, and the fixed offers a time phrase
              or a verb pattern calls for, scored and gated) -> answer
         -> where the answer changed the sentence: the same stages once more on the corrected
            sentence (`Turn.again`), whose further change, if any, joins the first

The flow never runs the model: it says what to run (prompt ids and SamplingParams) and takes the
finished sequences back. `run_sync` drives it on an engine in the calling thread (CLI, evaluation);
the HTTP route drives the same turns through the scheduler's tickets."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace as replace_field
from functools import cached_property

from miniserve.engine import SamplingParams, Sequence
from miniserve.engine.stop import Runaway
from miniserve.service.paragraph import Span, replace, sentences
from miniserve.tutor.runtime import (complements, conditionals, coordination, gate, gerund, offers, pairs, patterns, perfects,
                                     quantifiers, relatives, story, subjects, tense, vetoes)
from miniserve.tutor.runtime import parser as link_grammar
from miniserve.tutor.runtime.agreement import EVIDENCE_MARGIN, SUPPORT_MARGIN, agreement_change, doubt, read_against, with_parse
from miniserve.tutor.runtime.constraint import EditConstraints
from miniserve.tutor.runtime.forms import respelling
from miniserve.tutor.runtime.guard import NO_ERROR, Review, review, tokens
from miniserve.tutor.runtime.prompt import EXPLANATION_ALLOWANCE, Completion, SentenceError, TutorPrompt

Work = tuple[list[int], SamplingParams]  # what to run: prompt ids and how
# What one sentence may ask of the gate and the parser. The tutor corrects up to two errors a sentence; a proposal
# of more than MAX_EDITS changes is withheld unscored, and at most MAX_OFFERS offers are scored and MAX_TRIES
# tries read. Unbounded, one 239-character sentence of 60 misbuilt forms ("goed goed ...") cost 122 scoring
# sequences (36,000 prompt tokens, 4-5 s of the engine) for one admitted request, and slowed every other client.
MAX_EDITS, MAX_OFFERS, MAX_TRIES = 4, 6, 8


class InputProblem(ValueError):
    """A sentence the tutor cannot take; `field` is the request's field ("sentence" or "text")."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


def one_line(sentence: str) -> str:
    """What the model sees of a sentence: a line break or tab inside it (a wrapped paragraph) as a space,
    and no invisible character inside a word (a soft hyphen or a zero-width space or joiner, as text
    pasted from a PDF or a web page holds: "go\u00aded" would be read as "go" and kept as "went\u00aded")."""
    return INSIDE_A_WORD.sub("", re.sub(r"\s*[\n\r\t]\s*", " ", sentence))


INSIDE_A_WORD = re.compile(r"(?<=\w)[\u00ad\u200b\u200c\u200d\u2060\ufeff]+(?=\w)")


def whole(sentence: str) -> Span:
    """The `sentence` form: one span, without the spacing around it."""
    stripped = sentence.strip()
    start = sentence.index(stripped)
    return Span(start, start + len(stripped), stripped)


def corrected_limit(n_text_tokens: int) -> int:
    """A corrected sentence changes verb forms only, so it is about as long as the input: a few
    tokens of slack for a changed ending or an inserted auxiliary, never the model running on."""
    return n_text_tokens + 4 + n_text_tokens // 8


@dataclass(frozen=True)
class Tutor:
    """The flow's settings: the same for the server, the CLI and the evaluation."""

    prompt: TutorPrompt
    n_positions: int
    max_new_tokens: int
    constraints: EditConstraints | None  # None: free decoding
    threshold: float | None  # the gate's margin in nats; None: no gate
    parser: link_grammar.Parsing | None = None  # evidence on agreement edits; None: the word rules alone

    @classmethod
    def configured(cls, settings, prompt: TutorPrompt, n_positions: int, constraints: EditConstraints | None = None,
                   parser: link_grammar.Parsing | None = None) -> "Tutor":
        """As `settings` (the service's Settings) say: edit constraint and gate on or off, the threshold,
        and with the gate the parser (`parser`, or this process's where it is installed)."""
        if constraints is None and settings.edit_constraint:
            constraints = EditConstraints.for_prompt(prompt)
        if settings.gate and parser is None:
            parser = link_grammar.shared()
        return cls(prompt, n_positions, settings.max_new_tokens, constraints if settings.edit_constraint else None,
                   settings.gate_threshold if settings.gate else None, parser if settings.gate else None)

    def plan(self, text: str, paragraph: bool, spans: list[Span] | None = None) -> "Plan":
        """`spans`: the text's sentences (`spans`), when the caller has them already."""
        spans = self.spans(text, paragraph) if spans is None else spans
        field = "text" if paragraph else "sentence"
        if not spans:
            raise InputProblem(field, "the text is empty")
        turns = []
        for i, span in enumerate(spans):
            try:
                turns.append(Turn(self, span))
            except SentenceError as error:
                where = f"sentence {i + 1} ({span.text[:40]!r}): " if paragraph else ""
                raise InputProblem(field, f"{where}{error}") from None
        return Plan(text, spans, turns, paragraph)

    @staticmethod
    def spans(text: str, paragraph: bool) -> list[Span]:
        """The sentences a plan of `text` has, one per sequence (cheap: before the plan's costly part)."""
        return sentences(text) if paragraph else [whole(text)]


class Turn:
    """One sentence through the flow: its decode request, the guarded proposal, the gate's scoring
    requests, and the answer the person sees (`review`)."""

    def __init__(self, tutor: Tutor, span: Span, first: "Turn | None" = None):
        self.tutor, self.span, self.line = tutor, span, one_line(span.text)
        self.first = first  # where this turn reads a first turn's corrected sentence again
        ids, budget = tutor.prompt.request(self.line, tutor.n_positions)
        self.limit = corrected_limit(len(ids) - 2)  # the prompt adds <|endoftext|> and <|fix|>
        max_new = min(budget, self.limit + 1 + EXPLANATION_ALLOWANCE, tutor.max_new_tokens)
        constraint = tutor.constraints(self.line) if tutor.constraints else None
        self.decode: Work = (ids, SamplingParams(max_new_tokens=max_new, stop=Runaway(tutor.prompt.why_id, self.limit),
                                                 constraint=constraint))
        self.completion: Completion | None = None
        self.cut_off = False  # the model did not finish its answer
        self.proposal: Review | None = None  # the guard's verdict on the model's answer
        self.edits: list[gate.Edit] = []
        self.variants: list[frozenset[int]] = []  # the kept-edit sets the gate scores
        self.margins: list[float] = []
        self.doubts: list[float] = []  # per edit: nats more the gate asks where the sentence speaks against it
        self.to_parse: list[int] = []  # the agreement edits the parser is still to weigh (`weigh`)
        self.tries: list[gate.Edit] = []  # where the model proposed nothing: the candidates, until the parser has read them
        self.read = False  # has the parser read the input? (early, while the model decodes, or when asked)
        self.before: link_grammar.Parse | None = None  # its reading
        # what the model scores where it proposed nothing: tries the parser reads better (with that
        # reading), then the fixed offers (with what each says)
        self.offered: list[tuple[gate.Edit, link_grammar.Parse | str]] = []
        self.review: Review | None = None  # the answer
        self.fell_back = False  # has the gate withheld the model's proposal, and the offers had their turn?

    @cached_property
    def candidates(self) -> list[gate.Edit]:
        """What the parser would try if the model proposes nothing (offers.py); none: the input need not
        be read early. Worked out when first asked: in the server usually by the early reading's thread."""
        if self.tutor.threshold is None or self.tutor.parser is None:
            return []
        toks = tokens(self.line)
        kept = (edit for edit in offers.tries(toks) if not vetoes.vetoed(toks, edit) and not quantifiers.contradicts(toks, edit)
                and not relatives.contradicts(toks, edit))
        return list(itertools.islice(kept, MAX_TRIES))  # the first MAX_TRIES: no more are vetted

    @cached_property
    def fixed(self) -> dict[gate.Edit, str]:
        """Offers the sentence's own words call for, with no parser round, and what each says: the past
        forms a time phrase calls for (tense.py), the forms a fixed pattern calls for (patterns.py)."""
        return self._rule_offers[0]

    @cached_property
    def decided(self) -> list[gate.Edit]:
        """The fixed offers a rule decides alone, whatever the model scores: every pattern's (patterns.py:
        the model never saw those edits and scores them 6-30 nats under the input), the respellings
        offers.decides allows, the subject's number (quantifiers.decides), a perfect made past
        (tense.perfect_to_past), the past an opening time phrase calls for (tense.decided_pasts), a story's
        past across its clauses (story.py), the perfects "since", "for" and "already" call for (perfects.py),
        the form a verb's complement takes (complements.py) and the modal a clause's frame calls for
        (conditionals.py). None fires on WordNet's usage examples or the look-alikes (tests)."""
        toks, ruled = tokens(self.line), self._rule_offers[1]
        return [edit for edit in self.fixed if edit in ruled or self.number_decides(toks, edit)]

    @cached_property
    def _rule_offers(self) -> tuple[dict[gate.Edit, str], frozenset[gate.Edit]]:
        """(`fixed`, the offers of the rules that decide alone): each rule run once per sentence."""
        if self.tutor.threshold is None:
            return {}, frozenset()
        toks = tokens(self.line)
        perfect, frames, forms = tense.perfect_to_past(toks), conditionals.edits(toks), complements.edits(toks)
        steps, perfects_ = self.steps, perfects.edits(toks)
        patterned = patterns.offers(toks)
        found = {edit: tense.explanation(toks, edit) for edit in self.pasts + perfect}
        found |= {edit: story.explanation(toks, edit) for edit in steps}
        found |= {edit: perfects.explanation(toks, edit) for edit in perfects_}
        found |= {edit: patterns.explanation(toks, edit) for edit in patterned}
        found |= {edit: conditionals.explanation(toks, edit) for edit in frames}
        found |= {edit: complements.explanation(toks, edit) for edit in forms}
        found |= {edit: coordination.explanation(toks, edit) for edit in coordination.edits(toks)}
        found |= {edit: offers.named(toks, edit) for edit in offers.misbuilt(toks)}
        found |= {edit: quantifiers.explanation(toks, edit) for edit in offers.flips(toks) if quantifiers.corrects(toks, edit)}
        flips = offers.number_flips(toks)
        found |= {edit: pairs.explanation(toks, edit) for edit in flips if pairs.decides(toks, edit)}
        found |= {edit: pairs.neither_nor_explanation(toks, edit) for edit in flips if pairs.neither_nor_decides(toks, edit)}
        found |= {edit: subjects.gerund_explanation(toks, edit) for edit in flips if subjects.gerund_decides(toks, edit)}
        found |= {edit: relatives.explanation(toks, edit) for edit in flips
                  if relatives.corrects(toks, edit) and not quantifiers.contradicts(toks, edit)}
        ruled = frozenset(patterned + offers.decided_respellings(toks) + tense.perfect_to_past(toks, of_the_subject=False) + frames + forms + tense.decided_pasts(toks)
                          + steps + perfects_)
        # what correct English rules out (vetoes/) no rule offers either: "I suggest that the school provide"
        found = {edit: why for edit, why in found.items() if not vetoes.vetoed(toks, edit)}
        return found, frozenset(edit for edit in ruled if edit in found)

    def number_decides(self, toks: list[str], edit: gate.Edit) -> bool:
        """Does the subject decide this edit alone: its noun (quantifiers.decides), the noun before a clause between
        commas (relatives.decides), two joined noun phrases (pairs.decides), the nearer of "neither ... nor"
        (pairs.neither_nor_decides), a gerund's phrase (subjects.gerund_decides)?
        Not where a phrase or the story calls for the past of the same verb ("when the accident happen ... last
        night": "happened", not "happens"; "we were talking so loudly that the teacher come": "came")."""
        decides = (quantifiers.decides(toks, edit) or relatives.decides(toks, edit) or pairs.decides(toks, edit)
                   or pairs.neither_nor_decides(toks, edit) or subjects.gerund_decides(toks, edit))
        steps = [step for step in self.steps if step in self.fixed]
        return decides and not any(_overlap(edit, past) for past in self.pasts + steps)

    @cached_property
    def pasts(self) -> list[gate.Edit]:
        return tense.to_past(tokens(self.line)) if self.tutor.threshold is not None else []

    @cached_property
    def steps(self) -> list[gate.Edit]:
        """The pasts a story's clauses call for (story.py)."""
        return story.edits(tokens(self.line)) if self.tutor.threshold is not None else []

    def decoded(self, generated: list[int], finish_reason: str | None) -> None:
        done = self.tutor.prompt.parse(generated)
        self.completion, self.cut_off = done, not done.complete or finish_reason == "length"
        verdict = review(self.line, done.corrected, "" if self.cut_off else done.explanation)
        if not verdict.changed:  # as typed, line breaks too
            self.proposal = replace_field(verdict, corrected=self.span.text)
            if self.cut_off:  # an answer cut off shows the input untouched, but for a fix a rule decides alone
                decided = self.decided[:1]
                shown = self.ruled(decided[0], self.fixed[decided[0]]) if decided else None
                self.review = shown if shown and shown.changed else self.proposal
                return
            self.tries = self.candidates
            self.settle()
            return
        self.proposal = verdict
        if self.tutor.threshold is None:
            self.review = verdict
            return
        self.edits = gate.edits(self.line, verdict.corrected.strip())
        if len(self.edits) > MAX_EDITS:
            self.review = Review(self.span.text, NO_ERROR, changed=False, withheld=True)
            return
        words = tokens(self.line)
        self.doubts = [doubt(words, e.start, e.end, e.new) for e in self.edits]
        # the model's own edit that the sentence's words call for (a past form after "last year") passes
        # on the bar of an offer
        self.doubts = [-offers.OFFER_ALLOWANCE if e in self.fixed and d == 0.0 else d for e, d in zip(self.edits, self.doubts)]
        # a perfect where a phrase calls for it ("in the last hundred years") is no past to fix: 4 nats more
        # so is a past where nothing in the sentence speaks of the past ("if the price includes" -> "included"),
        # and an -ing form that no word calls for ("great to hear" -> "to hearing", "a car park" -> "car parking")
        # or made of an adjective that ends its clause after "be" ("aren't clear." -> "clearing")
        self.doubts = [max(d, EVIDENCE_MARGIN) if tense.leaves_the_perfect(words, e)
                       or gerund.unprompted(words, e) or gerund.passive_to_progressive(words, e)
                       or gerund.adjective_to_progressive(words, e) or gerund.to_as_preposition(words, e) else d
                       for e, d in zip(self.edits, self.doubts)]
        # and a past where a phrase of habit speaks for the present ("on Tuesdays", "nowadays"), or where nothing in
        # the sentence speaks of the past ("Prices in the hotel restaurant seem high" -> "seemed"), is ruled out
        self.doubts = [math.inf if tense.habitual_present(words, e) or tense.unsupported_past(words, e) else d
                       for e, d in zip(self.edits, self.doubts)]
        # and so is a verb taken out of the number a quantifier calls for ("The number of people ... has" -> "have")
        self.doubts = [math.inf if quantifiers.contradicts(words, e) or relatives.contradicts(words, e) else d
                       for e, d in zip(self.edits, self.doubts)]
        # and so is what correct English rules out: "If it were up to me" -> "was", "and now I speak" -> "spoke"
        self.doubts = [math.inf if vetoes.vetoed(words, e) else d for e, d in zip(self.edits, self.doubts)]
        # and a third-person form right after a verb that takes the -ing form ("recommend buy" -> "recommend buys")
        self.doubts = [math.inf if patterns.finite_after_an_ing_verb(words, e) else d for e, d in zip(self.edits, self.doubts)]
        # a quantifier decides the number ("Each of the rooms have" -> "has"), and a misbuilt form its spelling
        # ("choosen" -> "chosen", margins 2-3 nats: the model copies rare tokens well): no parser asked, SUPPORT_MARGIN less
        # and so does the subject's own noun where the model, too, reads the word as the verb ("Tom say hello" -> "says")
        decided = [(quantifiers.corrects(words, e) or relatives.corrects(words, e) or respelling(words, e)
                    or quantifiers.the_nouns_number(words, e, next_to_its_noun=True)) and d != math.inf
                   for e, d in zip(self.edits, self.doubts)]
        self.doubts = [-SUPPORT_MARGIN if q else d for q, d in zip(decided, self.doubts)]
        # an edit a pattern decides alone ("let me to know" -> "let me know") passes whatever it scores,
        # and another change of the same words is ruled out ("It's difficult find a" -> "finds": "to find")
        self.doubts = [-math.inf if e in self.decided or self.number_decides(words, e) and d != math.inf else math.inf if any(_overlap(e, f) for f in self.decided) else d
                       for e, d in zip(self.edits, self.doubts)]
        self.variants = gate.variants(len(self.edits))
        if self.tutor.parser is not None:
            self.to_parse = [i for i, e in enumerate(self.edits)
                             if agreement_change(words, e.start, e.end, e.new) and not decided[i]]

    @property
    def questions(self) -> list[str]:
        """What the parser is still to be asked (empty when nothing): where agreement edits are proposed,
        the input (unless read already), then the input with each such edit alone; where no change is, the input, then if
        its reading is strained the input with each try (offers.py)."""
        if self.to_parse:
            edited = [gate.apply(self.line, self.edits, frozenset({i})).strip() for i in self.to_parse]
            return edited if self.read else [self.line] + edited
        if self.tries and not self.read:
            return [self.line]
        return [self.with_edit(edit) for edit in self.tries]

    def weigh(self, parses: list) -> None:
        """The parser's answers to `questions`: each agreement edit's doubt, given the parse of the
        input and of the input with the edit (agreement.with_parse); or the next round of offers."""
        if self.to_parse:
            before, after = (self.before, parses) if self.read else (parses[0], parses[1:])
            for i, parse in zip(self.to_parse, after, strict=True):
                ruled_out = read_against(before, parse, self.line, self.offset(self.edits[i]))
                self.doubts[i] = math.inf if ruled_out else with_parse(self.doubts[i], before, parse)
            self.to_parse = []
        elif self.tries and not self.read:
            self.reading(parses[0])
        elif self.tries:
            better = [(edit, parse) for edit, parse in zip(self.tries, parses, strict=True)
                      if offers.better(self.before, parse) and not self.read_against(edit, parse)]
            self.tries = []
            self.found(better)

    def offset(self, edit: gate.Edit) -> int:
        """Where the edited words start in the input, in characters (as the parser counts them)."""
        return len("".join(tokens(self.line)[:edit.start]))

    def read_against(self, edit: gate.Edit, parse: link_grammar.Parse | None) -> bool:
        """Do the readings of the input and of the input with this try (`parse`) rule it out
        (agreement.read_against)? Never a respelling: the parser takes "writen" for an unknown noun."""
        words = tokens(self.line)
        return (bool(agreement_change(words, edit.start, edit.end, edit.new))
                and read_against(self.before, parse, self.line, self.offset(edit)))

    def with_edit(self, edit: gate.Edit) -> str:
        """The input with one edit (an offer, or a try for the parser)."""
        return gate.apply(self.line, [edit], frozenset({0})).strip()

    def reading(self, parse: link_grammar.Parse | None) -> None:
        """The parser's reading of the input: asked while the model decodes (readings.py) or, where it
        was not, as the first of `questions`."""
        self.read, self.before = True, parse
        if self.tries:
            self.settle()

    def settle(self) -> None:
        """Where the model proposed no change: the answer as typed, unless the parser may still offer
        (tries are left and the input is unread, or read as strained)."""
        if self.read and not offers.strained(self.before):
            self.tries = []
        if not self.tries:
            self.found([])

    def found(self, better: list[tuple[gate.Edit, link_grammar.Parse]]) -> None:
        """The offers to score once the parser is done: its own, and the fixed ones; none: as typed."""
        parsed = {edit for edit, _ in better}
        self.offered = (better + [(edit, said) for edit, said in self.fixed.items() if edit not in parsed])[:MAX_OFFERS]
        if not self.offered:
            self.review = self.proposal

    @property
    def scoring(self) -> list[Work]:
        """The gate's requests: each variant's answer `{sentence}<|why|>`, teacher-forced after the prompt."""
        if self.review is not None:
            return []
        prompt, ids = self.tutor.prompt, self.decode[0]
        answers = [prompt.encode_text(sentence) + [prompt.why_id] for sentence in self.answers]
        return [(ids + answer, SamplingParams(max_new_tokens=1, score_tokens=len(answer))) for answer in answers]

    @property
    def answers(self) -> list[str]:
        """The sentences the gate scores: the copy and each offer, or each variant of the proposal."""
        if self.offered:
            return [self.line] + [self.with_edit(edit) for edit, _ in self.offered]
        return [gate.apply(self.line, self.edits, keep).strip() for keep in self.variants]

    def scored(self, logprobs: list[list[float]]) -> None:
        """The answers' per-token log-probabilities, in the order of `scoring`."""
        totals = [sum(lps) for lps in logprobs]
        if self.offered:
            self.margins = [total - totals[0] for total in totals[1:]]
        else:
            self.margins = gate.margins(len(self.edits), dict(zip(self.variants, totals)))
        self.review = self.gated(self.tutor.threshold)
        if self.review.withheld and not self.offered and not self.fell_back:
            self.fall_back()

    def fall_back(self) -> None:
        """Where the gate kept none of the model's edits: what the parser and the patterns offer, as where
        the model proposed nothing; the withheld answer stands if none is kept. The model often proposes
        the wrong fix of a real error ("The children ... comes" -> "came", withheld), and the right one
        ("come") is among the parser's flips."""
        self.fell_back, self.proposal, self.review = True, self.review, None
        self.edits, self.variants, self.margins, self.doubts = [], [], [], []
        self.tries = self.candidates
        self.settle()

    def gated(self, threshold: float) -> Review:
        """The answer at `threshold` (calibration asks for several)."""
        if self.offered:
            return self.offer(offers.choice(self.margins, threshold, [edit in self.decided or self.confirmed(edit, reading)
                                                                      for edit, reading in self.offered]))
        keep = gate.decide(self.margins, threshold, self.doubts)
        if len(keep) == len(self.edits):
            return self.proposal
        if not keep:  # nothing the model proposed is kept: a fix a pattern decides alone still is
            decided = self.decided[:1]
            shown = self.ruled(decided[0], self.fixed[decided[0]]) if decided else None
            return shown if shown and shown.changed else Review(self.span.text, NO_ERROR, changed=False, withheld=True)
        explanation = gate.explanation_for(self.proposal.explanation, self.line, self.edits, keep)
        # the guard checks the kept edits and their explanation as any answer (explanation.py)
        shown = review(self.line, gate.apply(self.line, self.edits, keep), explanation)
        return shown if shown.changed else Review(self.span.text, NO_ERROR, changed=False, withheld=True)

    def confirmed(self, edit: gate.Edit, reading: link_grammar.Parse | str) -> bool:
        """Is an offer the parser reads better also one the noun before "who" calls for ("the number of
        people who works" -> "work", relatives.py), or the subject's own noun ("The canteen offer a good
        variety" -> "offers": the parser reads "offer" as the verb, the noun says singular)? Two sources
        agree: it is kept whatever the model scores (it scores relative clauses' verbs 4-5 nats under the
        input either way, "The canteen offers" 4; a quantifier's offer it still gates: there its scores tell)."""
        words = tokens(self.line)
        if not isinstance(reading, link_grammar.Parse):
            return False
        # the subject's noun with the parser also, where no other offer changes the word ("the receptionist
        # refuse" after "last Monday": "refused" is offered too, and the model's scores tell)
        return relatives.corrects(words, edit) or quantifiers.the_nouns_number(words, edit) and not any(
            other != edit and _overlap(edit, other) for other, _ in self.offered)

    def offer(self, chosen: int | None) -> Review:
        """The answer with the chosen offer, through the guard as any answer; as typed for none."""
        if chosen is None:
            return self.proposal
        edit, reading = self.offered[chosen]
        sentence = self.with_edit(edit)
        explanation = offers.explanation(tokens(self.line), edit, sentence, reading)
        shown = self.ruled(edit, explanation) if edit in self.decided else review(self.line, sentence, explanation)
        return shown if shown.changed else self.proposal

    def ruled(self, edit: gate.Edit, explanation: str) -> Review:
        """The answer with a fix a rule decides (`decided`), with the rule's explanation: through the guard, and where the guard's
        word-by-word view cannot see the rule's frame ("interested in attend the" -> "attending": after
        "in" it takes a verb for a noun), shown as the rule made it. The guard is there to hold the model
        to verb forms; a rule's edit is one verb form or one "to", by construction."""
        sentence = self.with_edit(edit)
        shown = review(self.line, sentence, explanation)
        if shown.changed:  # the rule's own words, which the guard's check of a model's explanation may not read
            return replace_field(shown, explanation=explanation)
        lead, trail = self.line[: len(self.line) - len(self.line.lstrip())], self.line[len(self.line.rstrip()):]
        return Review(lead + sentence + trail, explanation, changed=True, withheld=False)

    def again(self) -> "Turn | None":
        """A second reading of the sentence this turn corrected, or None. Learners' sentences often hold two
        verb errors ("Last year I go ... and I enjoy it"), and the model, trained mostly on one error a
        sentence, tends to fix one of them; read again, the corrected sentence shows it the other. Only a
        shown change is read again, so a sentence returned as typed costs nothing more."""
        if self.first is not None or self.review is None or not self.review.changed or self.review.withheld:
            return None
        try:
            return Turn(self.tutor, Span(self.span.start, self.span.end, self.review.corrected), first=self)
        except SentenceError:  # the corrected sentence no longer fits the context: the first answer stands
            return None

    def absorb(self, second: "Turn") -> None:
        """The second reading's change joins this answer, unless it touches words this turn changed (the
        model undoing or redoing its own edit is unsure of it: the first, gated answer stands)."""
        r = second.review
        if r is None or not r.changed or r.withheld:
            return
        mine = changed_spans(self.line, self.review.corrected)
        theirs = gate.edits(second.line, r.corrected.strip())
        if any(e.start <= end and start <= e.end for e in theirs for start, end in mine):
            return
        self.review = Review(r.corrected, f"{self.review.explanation} {r.explanation}", changed=True, withheld=False)


def _overlap(a: gate.Edit, b: gate.Edit) -> bool:
    return a.start < b.end and b.start < a.end


def changed_spans(before: str, after: str) -> list[tuple[int, int]]:
    """Where `after` holds the words an edit of `before` put in, as token ranges of `after`."""
    spans, shift = [], 0
    for e in gate.edits(before, after.strip()):
        start = e.start + shift
        spans.append((start, start + len(e.new)))
        shift += len(e.new) - (e.end - e.start)
    return spans


@dataclass
class Plan:
    text: str  # what the person sent (the sentence, or the paragraph)
    spans: list[Span]
    turns: list[Turn]
    paragraph: bool

    @property
    def work(self) -> list[Work]:
        return [t.decode for t in self.turns]

    def answer(self, usage: dict | None = None) -> dict:
        """The whole answer: the `sentence` form's or the `text` form's."""
        reviews = [t.review for t in self.turns]
        if not self.paragraph:
            r = reviews[0]
            body = {"corrected": r.corrected, "explanation": r.explanation, "withheld": r.withheld}
        else:
            body = {"corrected": replace(self.text, self.spans, [r.corrected for r in reviews]),
                    "sentences": [sentence_answer(i, t) for i, t in enumerate(self.turns)]}
        return body if usage is None else {**body, "usage": usage}


def sentence_answer(i: int, turn: Turn) -> dict:
    span, r = turn.span, turn.review
    return {"index": i, "original": span.text, "corrected": r.corrected, "explanation": r.explanation,
            "changed": r.changed, "withheld": r.withheld, "start": span.start, "end": span.end}


def run_sync(turns: list[Turn], run: Callable[[list[Sequence]], list[Sequence]]) -> None:
    """Drive turns to their answers in this thread: every decode in one batch, then every scoring
    request in another. `run` steps new sequences to completion (Engine.run, reference.run)."""
    seqs = run([Sequence(list(ids), params) for ids, params in (t.decode for t in turns)])
    for turn, seq in zip(turns, seqs):
        turn.decoded(seq.generated, seq.finish_reason)
    for _ in range(2):  # the proposals and offers; then the offers where a proposal was withheld (Turn.fall_back)
        asking = [t for t in turns if t.review is None and t.questions]
        while asking:
            for turn in asking:
                turn.weigh(turn.tutor.parser.parse_all(turn.questions))
            asking = [t for t in asking if t.review is None and t.questions]
        pending = [t for t in turns if t.review is None]
        seqs = iter(run([Sequence(list(ids), params) for t in pending for ids, params in t.scoring]))
        for turn in pending:
            turn.scored([[lp for lp, _ in next(seqs).logprobs] for _ in turn.answers])
    again = [(turn, second) for turn in turns if (second := turn.again()) is not None]
    if again:
        run_sync([second for _, second in again], run)
        for turn, second in again:
            turn.absorb(second)
