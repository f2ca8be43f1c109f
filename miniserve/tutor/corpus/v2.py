"""The widened verb corpus (tutor v2): every kind of corpus.py plus agreement of be/have/do, -s on
plural and first/second-person subjects, do-support, passives, modal + "to", progressives, present
for past after a past time phrase, two errors in one sentence, and out-of-scope input.

Sentences have one to three clauses and long subjects (relative clauses, place phrases, "X and I"),
up to 300 characters. One sentence in five comes from corpus.py unchanged, so that the first
corpus's kinds keep their share. The test split draws held-out words and frames only (as corpus.py).
Explanations are templated per kind; a two-error sentence joins its two templates in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from miniserve.tutor.corpus import constructions as cx

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import phrases
from miniserve.tutor.corpus.constructions import Clause
from miniserve.tutor.runtime.guard import verb_edit_only
from miniserve.tutor.corpus.lexicon import held_out
from miniserve.tutor.corpus.phrases import Subject
from miniserve.tutor.runtime.verbs import Verb, irregular_verbs, regular_verbs

MAX_CHARS = 300
V1_SHARE = 0.2  # sentences drawn from corpus.py as they were
ERROR_KINDS = ("past", "participle", "agreement", "base", "aux_agreement", "plural_s", "passive",
               "modal_to", "progressive", "past_marker")
KINDS = ERROR_KINDS + ("two", "correct", "out_of_scope")
KIND_WEIGHTS = (0.04, 0.05, 0.06, 0.09, 0.12, 0.07, 0.07, 0.05, 0.06, 0.07, 0.12, 0.17, 0.03)
NO_ERROR = "No verb error was found."
EXPLANATIONS = {
    **corpus.EXPLANATIONS,
    "aux_agreement": "The verb must agree with its subject: '{right}', not '{wrong}'.",
    "plural_s": "A plural, 'I' or 'you' subject takes the base form '{right}', not '{wrong}'.",
    "passive": "A passive takes the past participle '{right}', not '{wrong}'.",
    "modal_to": "After '{trigger}', use the base form '{base}' without 'to'.",
    "progressive": "After '{trigger}', use the -ing form '{right}', not '{wrong}'.",
    "past_marker": "The time phrase is in the past: use the past tense '{right}', not '{wrong}'.",
    "out_of_scope": NO_ERROR,
}
OLD = {"past", "present", "perfect", "perfect_neg", "perfect_q", "past_neg", "past_q", "wh_q", "present_neg",
       "present_q", "modal", "modal_q", "to"}
CANDIDATES = {
    "past": ("past",),
    "participle": ("perfect", "perfect_neg", "perfect_q", "perfect_agr"),
    "agreement": ("present", "present2"),
    "base": ("past_neg", "past_q", "wh_q", "present_neg", "present_q", "modal", "modal_q", "to",
             "do_neg", "did_neg", "do_q", "did_q", "wh_do_q"),
    "aux_agreement": ("copula", "copula", "there", "have_main", "progressive", "progressive_q", "passive",
                      "perfect_agr", "perfect_agr", "do_neg", "do_q", "wh_do_q"),
    "plural_s": ("present2",),
    "passive": ("passive",),
    "modal_to": ("modal_to", "modal_to", "modal_to_q", "let_to"),
    "progressive": ("progressive", "progressive", "progressive_q"),
    "past_marker": ("past_marker",),
}
ALL = tuple(sorted({c for cs in CANDIDATES.values() for c in cs}))
QUESTIONS = corpus.QUESTIONS | {"progressive_q", "do_q", "did_q", "wh_do_q", "modal_to_q"}
STATEMENTS = tuple(c for c in ALL if c not in QUESTIONS and c != "let_to")
SUBJECT_KINDS = ("pronoun", "name", "noun", "noun+modifier", "coordinated", "possessive", "relative",
                 "place_mod", "and_i", "of_mod")
# Long subjects (a relative clause, a place or "of" phrase between the head and its verb) are where
# learners' agreement goes wrong; they get more than their share.
SUBJECT_WEIGHTS = (0.17, 0.12, 0.14, 0.06, 0.08, 0.06, 0.13, 0.1, 0.04, 0.1)
# "have" and "do" as main verbs ("She have two cats", "He doesn't has", "were already did"), kept out
# of verbs.py's tables: no spelling rule makes "has", and the first corpus's tables stay as trained.
MAIN_AUXILIARIES = (Verb("have", "has", "had", "had", "T", True), Verb("do", "does", "did", "done", "T", True))
MAIN_AUXILIARY_SHARE = 0.06
# A past setting that governs every clause after it ("When I was a child, I play outside ...").
PAST_SETTINGS = ("when I was a child", "when I was young", "when we were children", "when she was a student",
                 "when they lived in the city", "when my parents were young", "back then", "after the war",
                 "before the storm", "when the film ended", "as soon as we arrived", "during the holidays",
                 "once upon a time", "that morning", "that evening", "the next day", "after dinner",
                 "when he was a boy", "while we were on holiday", "when the bus arrived")
STORY_SHARE = 0.5  # of present-for-past sentences: a fronted past setting, the error in any clause
# Two errors in one clause: the auxiliary and its verb.
DOUBLE = {"progressive": ("aux_agreement", "progressive"), "progressive_q": ("aux_agreement", "progressive"),
          "passive": ("aux_agreement", "passive"), "perfect_agr": ("aux_agreement", "participle"),
          "do_neg": ("aux_agreement", "base"), "do_q": ("aux_agreement", "base"), "wh_do_q": ("aux_agreement", "base")}
FOREIGN = (
    "Ich habe heute keine Zeit", "Wir fahren morgen nach Hause", "Das Wetter ist schön",
    "Je ne sais pas pourquoi", "Nous allons au marché demain", "Elle aime beaucoup le chocolat",
    "La casa es muy grande", "Mañana vamos a la playa", "No tengo dinero hoy",
    "Dove sono le chiavi", "Mi piace molto la pizza", "Eu gosto de café com leite",
    "Wij gaan morgen fietsen", "Jag talar lite svenska", "Nie mam czasu dzisiaj",
    "Bugün hava çok güzel", "Saya suka makan nasi goreng", "Habari ya asubuhi rafiki",
)
NO_VERB = ("What a {adj} {thing}!", "Happy birthday, {name}!", "Thanks for the {thing}!",
           "Two {things} and a {thing}, please.", "{Name}'s {adj} {thing} {place}.", "Good luck, {name}!",
           "A {adj} {thing} for {name}", "Welcome {place}!", "The {adj} {things} {place}", "No {things} today, thank you.")


@dataclass(frozen=True)
class Frame:
    constructions: tuple[str, ...]
    subject_kind: str
    complement: str
    time: str

    @property
    def key(self) -> str:
        return f"v2|{'+'.join(self.constructions)}|{self.subject_kind}|{self.complement}|{self.time}"


class Generator(corpus.Generator):
    """The widened generator; reuses corpus.py's word pools, made-up words and split discipline."""

    def __init__(self, split: str, seed: int):
        super().__init__(split, seed)
        self.v1 = corpus.Generator(split, seed + 7919)

    def example(self) -> corpus.Example:
        if self.rng.random() < V1_SHARE:
            return self.v1.example()
        while True:
            kind = self.rng.choices(KINDS, KIND_WEIGHTS)[0]
            example = self._out_of_scope() if kind == "out_of_scope" else self._draw2(kind)
            if (example and 3 <= len(example.sentence.split()) and len(example.sentence) <= MAX_CHARS
                    and verb_edit_only(example.sentence, example.corrected)):
                return example  # (a correction the service's guard would withhold teaches nothing)

    # --- frames and subjects -------------------------------------------------------------
    def _verb(self, construction: str, kind: str | None) -> Verb:
        rng = self.rng
        if kind != "past" and rng.random() < MAIN_AUXILIARY_SHARE:
            return MAIN_AUXILIARIES[1] if construction == "passive" else rng.choice(MAIN_AUXILIARIES)
        if kind == "participle" and rng.random() < 0.3:
            return rng.choice(regular_verbs())  # "haven't start": the base for the participle
        if kind in ("past", "participle", "passive") or (construction == "passive" and rng.random() < 0.7):
            pool = [v for v in irregular_verbs() if v.valence != "I" or kind in ("past", "participle")]
            if kind == "past":
                pool = [v for v in pool if v.regularised_past != v.past]
            if kind == "participle":
                pool = [v for v in pool if v.past != v.participle]
            return rng.choice(pool)
        if construction == "passive":
            return rng.choice([v for v in regular_verbs() if v.valence != "I"])
        if kind in ("agreement", "past_marker"):
            pool = irregular_verbs() if rng.random() < 0.5 else regular_verbs()
            return rng.choice([v for v in pool if v.past != v.base])
        return rng.choice(irregular_verbs() if rng.random() < 0.5 else regular_verbs())

    def _subject(self, kind: str, number: str | None, thing: bool = False) -> Subject:
        """number: "third" (he/she/it-like), "other" (plural, I, you) or None (any)."""
        rng, w = self.rng, self.words
        third_only, other_only = number == "third", number == "other"
        plural = False if third_only else True if other_only else rng.random() < 0.45
        if thing or kind in ("relative", "place_mod", "of_mod"):
            nouns = w.pools.things if thing else w.pools.people
            noun = w.noun(nouns)
            np = w._noun_phrase(noun, plural, phrases.PLURAL_DETERMINERS if plural else phrases.SINGULAR_DETERMINERS)
            if kind == "relative" or (thing and rng.random() < 0.3):
                verb = self._verb("present2", None)
                if not thing and rng.random() < 0.5:
                    rel_verb = verb.third if not plural else verb.base
                    tail = rng.choice(w.pools.places) if verb.valence != "T" else w._object()
                    np += f" who {rel_verb} {tail}"
                else:
                    who = w.name() if rng.random() < 0.5 else rng.choice(("we", "you", "they", "I", "she", "he"))
                    verb = rng.choice([v for v in irregular_verbs() + regular_verbs() if v.valence != "I"])
                    np += f" that {who} {verb.past}"
            elif kind == "place_mod" or (thing and rng.random() < 0.3):
                np += " " + rng.choice(w.pools.places)
            elif kind == "of_mod":
                other = w.noun(w.pools.things)
                np += f" of {'the ' if rng.random() < 0.5 else ''}{other.singular if plural else other.plural}"
            return Subject(np, not plural)
        if kind == "and_i" and not third_only:
            first = w.name() if rng.random() < 0.6 else f"my {w.noun(w.pools.people).singular}"
            return Subject(f"{first} and I", False)
        if other_only and kind in ("name", "possessive", "noun", "noun+modifier"):
            kind = rng.choice(("pronoun", "coordinated", "noun"))
        if other_only and kind == "pronoun":
            text = rng.choice(("I", "you", "we", "they"))
            return Subject(text, False, text == "I")
        subject = w.subject(kind if kind in phrases.SUBJECT_KINDS else None, third_singular=third_only)
        if other_only and subject.third_singular:
            return self._subject("pronoun", "other")
        return subject

    # --- clauses ---------------------------------------------------------------------------
    def _clause(self, construction: str, kind: str | None, subject_kind: str, complement: str) -> Clause:
        rng, w = self.rng, self.words
        number = {"agreement": "third", "plural_s": "other"}.get(kind or "")
        if construction == "present2" and kind is None:
            number = None
        thing = construction == "passive" or (construction in ("copula", "there") and rng.random() < 0.3)
        if construction == "modal_to_q" and subject_kind == "relative":
            subject_kind = "noun"  # "Must the man that he met to go?": the guard cannot tell that "to" from a verb's
        subject = self._subject(subject_kind, number, thing=thing)
        verb = self._verb(construction, kind)
        if construction in OLD:
            template, slot = phrases.build(rng, construction, subject, verb, w.pools, rng.random() < 0.2)
            clause = Clause(template, {"V": slot}, phrases.TENSE[construction])
        else:
            clause = cx.build(rng, construction, subject, verb, w)
        tail = self._tail(construction, verb, subject, complement)
        if tail:
            clause.template += " " + tail
        return clause

    def _tail(self, construction: str, verb: Verb, subject: Subject, wanted: str) -> str:
        rng, w = self.rng, self.words
        if construction == "copula":
            roll = rng.random()
            if roll < 0.45:
                return ("very " if rng.random() < 0.2 else "") + w.adjective()
            if roll < 0.8:
                return rng.choice(w.pools.places)
            noun = w.noun(w.pools.people)
            if subject.third_singular or subject.first_singular:
                return f"{phrases.article(noun.singular)} {noun.singular}"
            return noun.plural
        if construction == "there":
            return rng.choice(w.pools.places)
        if construction == "have_main":
            return w._object()
        if construction == "passive":
            roll = rng.random()
            if roll < 0.35:
                return cx.agent(rng, w)
            return rng.choice(w.pools.places) if roll < 0.7 else ""
        if construction in ("progressive", "progressive_q"):
            return w.complement(verb.valence, "object" if verb.valence != "I" else "place") or rng.choice(w.pools.places)
        return w.complement(verb.valence, wanted if wanted != "none" else None) if wanted != "none" else ""

    def _frame(self, first: str, n_clauses: int) -> Frame:
        for _ in range(1000):
            rest = tuple(self.rng.choice(STATEMENTS) for _ in range(n_clauses - 1))
            frame = Frame(
                constructions=(first,) + rest,
                subject_kind=self.rng.choices(SUBJECT_KINDS, SUBJECT_WEIGHTS)[0],
                complement=self.rng.choice(("object", "place", "object+place", "none")),
                time="none" if self.rng.random() < 0.5 else self.rng.choice(("start", "end")),
            )
            if first in QUESTIONS and frame.time == "start":
                continue
            if held_out(frame.key) == self.test:
                return frame
        raise RuntimeError("no frame for this split")

    # --- sentences -------------------------------------------------------------------------
    def _draw2(self, kind: str) -> corpus.Example | None:
        rng = self.rng
        n_clauses = rng.choices((1, 2, 3, 4), (0.4, 0.3, 0.2, 0.1))[0]
        if kind == "two":
            k1, k2 = rng.choice(ERROR_KINDS), rng.choice(ERROR_KINDS)
            first = rng.choice(CANDIDATES[k1])
            if first in DOUBLE and rng.random() < 0.4:
                plan = [(0, "A", DOUBLE[first][0]), (0, "V", DOUBLE[first][1])]
            else:
                n_clauses = max(n_clauses, 2)
                plan = [(0, None, k1), (1, None, k2)]
        elif kind == "correct":
            first, plan = rng.choice(ALL), []
        else:
            first, plan = rng.choice(CANDIDATES[kind]), [(0, None, kind)]
        story = kind == "past_marker" and rng.random() < STORY_SHARE
        if story:
            n_clauses = max(n_clauses, 2)
        frame = self._frame(first, n_clauses)
        if story:  # every clause in the simple past under one fronted setting; the error in any of them
            frame = Frame(("past_marker",) * n_clauses, frame.subject_kind, frame.complement, "start")
            plan = [(rng.randrange(n_clauses), None, kind)]
            if held_out(frame.key) != self.test:
                return None
        if kind == "two" and plan[1][1] is None:
            second = rng.choice([c for c in CANDIDATES[plan[1][2]] if c not in QUESTIONS and c != "let_to"] or ["x"])
            if second == "x":
                return None
            frame = Frame((frame.constructions[0], second) + frame.constructions[2:], frame.subject_kind,
                          frame.complement, frame.time)
            if held_out(frame.key) != self.test:
                return None
        host_kinds = {i: k for i, _, k in plan}
        past_clauses = {i for i, c in enumerate(frame.constructions) if c == "past_marker"}
        clauses = []
        for i, construction in enumerate(frame.constructions):
            wanted_kind = host_kinds.get(i)
            if wanted_kind == "aux_agreement" or (wanted_kind and plan[0][1] == "A"):
                wanted_kind = None  # the auxiliary carries it: any subject will do
            if i in past_clauses and wanted_kind is None:
                wanted_kind = "past_marker"  # a past verb whose error is not made here
            clauses.append(self._clause(construction, wanted_kind, frame.subject_kind if i == 0 else "any",
                                        frame.complement if i == 0 else rng.choice(("object", "place", "none"))))
        errors = []  # (clause, placeholder, kind)
        for i, placeholder, k in plan:
            slots = clauses[i].slots
            names = [placeholder] if placeholder else [n for n, s in slots.items() if k in s.errors]
            names = [n for n in names if n in slots and k in slots[n].errors and slots[n].errors[k]]
            if not names:
                return None
            errors.append((i, names[0], k))
        if story:
            time_clauses = set()
        elif kind == "past_marker" or any(k == "past_marker" for _, _, k in errors):
            time_clauses = {i for i, _, k in errors if k == "past_marker"}
        else:
            time_clauses = {0} if frame.time != "none" else set()
        texts_right, texts_wrong = [], []
        for i, clause in enumerate(clauses):
            right = {n: s.right for n, s in clause.slots.items()}
            wrong = dict(right)
            for j, name, k in errors:
                if j == i:
                    wrong[name] = clause.slots[name].errors[k]
            pair = [clause.template.format(**right), clause.template.format(**wrong)]
            if i in time_clauses:
                position = frame.time if frame.time != "none" else rng.choice(("start", "end"))
                if i > 0 or frame.constructions[0] in QUESTIONS:
                    position = "end"
                time = self.words.time_phrase(clause.tense, position)
                sep = ", " if rng.random() < 0.6 else " "
                pair = [f"{time}{sep}{t}" if position == "start" else f"{t} {time}" for t in pair]
            texts_right.append(pair[0])
            texts_wrong.append(pair[1])
        order = list(range(len(clauses)))
        if len(order) > 1 and frame.constructions[0] not in QUESTIONS and rng.random() < 0.5:
            rng.shuffle(order)  # so that an error is not always in the first clause
            errors.sort(key=lambda error: order.index(error[0]))  # the explanation names them in order
        if story:
            setting = rng.choice(PAST_SETTINGS) if rng.random() < 0.4 else self.words.time_phrase("past", "start")
            sep = ", " if rng.random() < 0.7 else " "
            for texts in (texts_wrong, texts_right):
                texts[order[0]] = f"{setting}{sep}{texts[order[0]]}"
        joiners = [rng.choice(phrases.CONNECTORS) for _ in order[1:]]
        sentence, corrected = (self._join([texts[i] for i in order], joiners, frame) for texts in (texts_wrong, texts_right))
        sentence, corrected = self._style(sentence, corrected)
        explanation, targets = [], []
        for i, name, k in errors:
            slot = clauses[i].slots[name]
            base = slot.verb.base if slot.verb else ""
            explanation.append(EXPLANATIONS[k].format(base=base, right=slot.right, wrong=slot.errors[k].strip(),
                                                      trigger=slot.trigger))
            targets.append(base if k == "modal_to" else slot.right)
        if not errors:
            explanation = [EXPLANATIONS["correct"]]
        label = kind if kind in ("two", "correct") else errors[0][2]
        return corpus.Example(sentence, corrected, " ".join(explanation), label, frame.key, ",".join(targets))

    def _join(self, texts: list[str], joiners: list[str], frame: Frame) -> str:
        text = texts[0] + "".join(j + t for j, t in zip(joiners, texts[1:]))
        text = " ".join(text.split())
        text = text[0].upper() + text[1:]
        return text + ("?" if frame.constructions[0] in QUESTIONS else ".")

    def _out_of_scope(self) -> corpus.Example | None:
        """A word list, a sentence in another language or one without a verb: left as it is.
        Foreign sentences and verbless templates are split like frames (held out by hash)."""
        rng, w = self.rng, self.words
        roll = rng.random()
        source = "list" if roll < 0.35 else "foreign" if roll < 0.65 else "noverb"
        pick = rng.randrange(len(FOREIGN) if source == "foreign" else len(NO_VERB))
        frame = f"v2|out_of_scope|{source}|{pick if source != 'list' else rng.randrange(64)}"
        if held_out(frame) != self.test:
            return None
        if source == "list":
            items = [rng.choice((w.name(), w.adjective(), w.noun(w.pools.things).singular, w.noun(w.pools.things).plural,
                                 rng.choice(w.pools.mass))) for _ in range(rng.randint(3, 8))]
            text = rng.choice((", ", " ", "; ")).join(items)
        elif source == "foreign":
            text = FOREIGN[pick]
            if rng.random() < 0.5:
                words = text.split()
                words[rng.randrange(len(words))] = w.name()
                text = " ".join(words)
            text += rng.choice((".", "", "!", "?"))
        else:
            thing = w.noun(w.pools.things)
            name = w.name()
            text = NO_VERB[pick].format(adj=w.adjective(), thing=thing.singular, things=thing.plural,
                                              name=name, Name=name, place=rng.choice(w.pools.places))
        text = text[0].upper() + text[1:] if rng.random() < 0.7 else text
        return corpus.Example(text, text, NO_ERROR, "out_of_scope", frame, "")


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    """n examples of a split; the same (split, n, seed) always gives the same list."""
    generator = Generator(split, seed * 1000 + corpus.SPLIT_SEEDS[split] + 500)
    return [generator.example() for _ in range(n)]
