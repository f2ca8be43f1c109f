"""The verb corpus: seeded (sentence, corrected, explanation) triples with at most one verb error.

A sentence is one or two clauses. Each clause has one checked verb slot, whose form depends on the
construction (simple past, present, perfect, after do/modal/to). An error replaces the right form in
exactly one slot. The test split draws subjects, objects and frames that training never sees.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from miniserve.tutor.corpus import phrases
from miniserve.tutor.corpus.phrases import Slot
from miniserve.tutor.corpus.lexicon import Pools, held_out, pools
from miniserve.tutor.runtime.verbs import Verb, irregular_verbs, regular_verbs

KINDS = ("past", "participle", "agreement", "base", "correct")
KIND_WEIGHTS = (0.18, 0.17, 0.17, 0.18, 0.30)
MIN_WORDS, MAX_WORDS = 3, 22
PSEUDO_SHARE = 0.35
SPLIT_SEEDS = {"train": 1, "valid": 2, "test": 3}

EXPLANATIONS = {
    "past": "The past tense of '{base}' is the irregular form '{right}'.",
    "participle": "After '{trigger}', use the past participle '{right}', not '{wrong}'.",
    "agreement": "A third-person singular subject takes '{right}', not '{wrong}'.",
    "base": "After '{trigger}', use the base form '{right}', not '{wrong}'.",
    "correct": "The sentence is correct.",
}

# Which constructions can carry which error (the correct kind can use any of them).
CONSTRUCTIONS = {
    "past": ("past",),
    "participle": ("perfect", "perfect_neg", "perfect_q"),
    "agreement": ("present",),
    "base": ("past_neg", "past_q", "wh_q", "present_neg", "present_q", "modal", "modal_q", "to"),
}
ALL_CONSTRUCTIONS = ("past", "present", "perfect", "perfect_neg", "perfect_q") + CONSTRUCTIONS["base"]
QUESTIONS = {"past_q", "wh_q", "present_q", "modal_q", "perfect_q"}
SECOND_CLAUSE = ("past", "present", "perfect", "past_neg", "modal", "to")


@dataclass(frozen=True)
class Example:
    sentence: str
    corrected: str
    explanation: str
    kind: str
    frame: str
    target: str  # the right verb form the explanation names ("" for correct sentences)


@dataclass
class Frame:
    construction: str
    subject_kind: str
    complement: str
    time: str
    adverb: bool
    second: str  # construction of the second clause, or "" for one clause

    @property
    def key(self) -> str:
        return f"{self.construction}|{self.subject_kind}|{self.complement}|{self.time}|{self.adverb}|{self.second}"


class Generator:
    def __init__(self, split: str, seed: int):
        if split not in SPLIT_SEEDS:
            raise ValueError(f"unknown split {split!r}")
        self.test = split == "test"
        self.rng = random.Random(f"{split}:{seed}")
        self.pools: Pools = pools(self.test)
        # Made-up words in training teach copying; the test split uses real held-out words only.
        held = pools(True)
        forbidden = frozenset(w.lower() for w in held.names + held.mass) | frozenset(
            form for n in held.people + held.things for form in (n.singular, n.plural))
        self.words = phrases.Phrases(self.rng, self.pools, pseudo_share=0.0 if self.test else PSEUDO_SHARE,
                                     forbidden=forbidden)

    def example(self) -> Example:
        """One example of 3 to 22 words (drawn again when a draw falls outside)."""
        while True:
            example = self._draw()
            if MIN_WORDS <= len(example.sentence.split()) <= MAX_WORDS:
                return example

    def _draw(self) -> Example:
        kind = self.rng.choices(KINDS, KIND_WEIGHTS)[0]
        frame = self._frame(kind)
        clauses = [self._clause(frame.construction, frame, kind, first=True)]
        if frame.second:
            clauses.append(self._clause(frame.second, frame, kind, first=False))
        host = self.rng.randrange(len(clauses)) if kind != "correct" else -1
        if host >= 0 and kind not in clauses[host][1].errors:
            host = next(i for i, c in enumerate(clauses) if kind in c[1].errors)
        right_words, wrong_words = [], []
        for i, (template, slot) in enumerate(clauses):
            right_words.append(template.format(V=slot.right))
            wrong_words.append(template.format(V=slot.errors[kind] if i == host else slot.right))
        joiner = self.rng.choice(phrases.CONNECTORS)
        sentence, corrected = (self._finish(w, frame, joiner) for w in (wrong_words, right_words))
        sentence, corrected = self._style(sentence, corrected)
        slot = clauses[host][1] if host >= 0 else clauses[0][1]
        explanation = EXPLANATIONS[kind].format(
            base=slot.verb.base, right=slot.right, wrong=slot.errors.get(kind, ""), trigger=slot.trigger
        )
        return Example(sentence, corrected, explanation, kind, frame.key, slot.right if host >= 0 else "")

    def _frame(self, kind: str) -> Frame:
        """Draw frames until one belongs to this split (held-out frames only in test)."""
        for _ in range(1000):
            constructions = CONSTRUCTIONS.get(kind, ALL_CONSTRUCTIONS)
            construction = self.rng.choice(constructions)
            frame = Frame(
                construction=construction,
                subject_kind=self.rng.choices(phrases.SUBJECT_KINDS, phrases.SUBJECT_WEIGHTS)[0],
                complement=self.rng.choice(("object", "place", "object+place", "none")),
                time="none" if self.rng.random() < 0.5 else self.rng.choice(("start", "end")),
                adverb=self.rng.random() < 0.2,
                second=self.rng.choice(SECOND_CLAUSE) if self.rng.random() < 0.15 else "",
            )
            if construction in QUESTIONS and frame.time == "start":
                continue
            if held_out(frame.key) == self.test:
                return frame
        raise RuntimeError("no frame for this split")  # unreachable with 1 in 8 held out

    def _verb(self, kind: str, construction: str, first: bool) -> Verb:
        if first and kind == "past":
            return self.rng.choice([v for v in irregular_verbs() if v.regularised_past != v.past])
        if first and kind == "participle":
            return self.rng.choice([v for v in irregular_verbs() if v.past != v.participle])
        if first and kind == "agreement":
            # "he put" / "she cut" read as correct past tense: no agreement error with those verbs.
            pool = irregular_verbs() if self.rng.random() < 0.5 else regular_verbs()
            return self.rng.choice([v for v in pool if v.past != v.base])
        return self.rng.choice(irregular_verbs() if self.rng.random() < 0.5 else regular_verbs())

    def _clause(self, construction: str, frame: Frame, kind: str, first: bool) -> tuple[str, Slot]:
        need_third = first and kind == "agreement"
        subject = self.words.subject(frame.subject_kind if first else None, third_singular=need_third)
        verb = self._verb(kind, construction, first)
        complement = self.words.complement(verb.valence, frame.complement if first else None)
        template, slot = phrases.build(self.rng, construction, subject, verb, self.pools, frame.adverb)
        time = self.words.time_phrase(phrases.TENSE[construction], frame.time if first else "none")
        parts = [template, complement] if complement else [template]
        if time and frame.time == "end":
            parts.append(time)
        text = " ".join(parts)
        if time and frame.time == "start":
            text = f"{time}, {text}"
        return text, slot

    def _finish(self, clauses: list[str], frame: Frame, joiner: str) -> str:
        text = clauses[0] if len(clauses) == 1 else f"{clauses[0]}{joiner}{clauses[1]}"
        text = text[0].upper() + text[1:]
        return text + ("?" if frame.construction in QUESTIONS else ".")

    def _style(self, sentence: str, corrected: str) -> tuple[str, str]:
        """What users type: sometimes no final punctuation, sometimes no capital. Kept in both."""
        if self.rng.random() < 0.25:
            sentence, corrected = sentence[:-1], corrected[:-1]
        if self.rng.random() < 0.08 and not sentence.startswith("I "):
            sentence, corrected = sentence[0].lower() + sentence[1:], corrected[0].lower() + corrected[1:]
        return sentence, corrected


def generate(split: str, n: int, seed: int = 0) -> list[Example]:
    """n examples of a split; the same (split, n, seed) always gives the same list."""
    generator = Generator(split, seed * 1000 + SPLIT_SEEDS[split])
    return [generator.example() for _ in range(n)]
