"""Phrase builders for the corpus: subjects, complements, time phrases and the verb constructions."""

from __future__ import annotations

import random
from dataclasses import dataclass

from miniserve.tutor.corpus.lexicon import Noun, Pools
from miniserve.tutor.runtime.verbs import Verb

SUBJECT_KINDS = ("pronoun", "name", "noun", "noun+modifier", "coordinated", "possessive")
SUBJECT_WEIGHTS = (0.3, 0.2, 0.25, 0.1, 0.07, 0.08)
PRONOUNS = (("I", False), ("you", False), ("he", True), ("she", True), ("it", True), ("we", False), ("they", False))
THIRD_PRONOUNS = ("he", "she", "it")
OBJECT_PRONOUNS = ("me", "you", "him", "her", "it", "us", "them")
SINGULAR_DETERMINERS = ("the", "a", "my", "your", "his", "her", "our", "their", "this", "that", "every")
PLURAL_DETERMINERS = ("the", "my", "your", "his", "her", "our", "their", "these", "those", "some", "two", "three", "many")
OBJECT_DETERMINERS = ("the", "a", "my", "your", "his", "her", "our", "their", "this", "that")
# "an" goes by sound, not letter: these spellings break the vowel-letter rule.
AN_EXCEPTIONS = ("hour", "honest", "honour", "honor", "heir")
A_EXCEPTIONS = ("uni", "use", "usu", "uti", "euro", "one", "once", "ukr", "ura", "ure", "uto")
MID_ADVERBS = {
    "present": ("always", "usually", "often", "sometimes", "never", "rarely"),
    "past": ("never", "finally", "just", "already", "suddenly", "quickly"),
    "perfect": ("already", "just", "never", "recently", "always", "finally"),
    "modal": ("probably", "really", "never", "definitely", "still", "also"),
}
TENSE = {
    "past": "past", "past_neg": "past", "past_q": "past", "wh_q": "past",
    "present": "present", "present_neg": "present", "present_q": "present",
    "perfect": "perfect", "perfect_neg": "perfect", "perfect_q": "perfect",
    "modal": "future", "modal_q": "future", "to": "future",
}
MODALS = ("can", "could", "will", "would", "should", "must", "may", "might")
NEGATIVE_MODALS = ("can't", "cannot", "couldn't", "won't", "wouldn't", "shouldn't", "mustn't")
QUESTION_MODALS = ("can", "could", "will", "would", "should")
WH_WORDS = ("where", "when", "why", "how")
CONNECTORS = (", and ", ", but ", " because ", ", so ", " when ", " while ", " after ", " before ")


@dataclass
class Slot:
    """The checked verb of one clause: its right form, and what an error would put there."""

    verb: Verb
    right: str
    trigger: str  # the word that decides the form ("didn't", "has", "to", ...), or the subject
    errors: dict[str, str]  # kind -> wrong form, for the kinds this slot can carry


@dataclass(frozen=True)
class Subject:
    text: str
    third_singular: bool
    first_singular: bool = False


def article(word: str) -> str:
    lower = word.lower()
    if lower.startswith(AN_EXCEPTIONS):
        return "an"
    if lower.startswith(A_EXCEPTIONS):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


ONSETS = ("b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
          "br", "ch", "dr", "fl", "gr", "kh", "pl", "sh", "st", "th", "tr", "y", "x", "q", "")
NUCLEI = ("a", "e", "i", "o", "u", "ai", "ei", "ou", "ia", "y", "é", "ö", "ü", "å")
CODAS = ("", "", "", "n", "r", "s", "l", "m", "k", "t", "nd", "rt", "sk", "x", "ng")


def pseudo_word(rng: random.Random) -> str:
    """A made-up word: it teaches the model to copy what it has never seen, not to recall it."""
    syllables = rng.choice((1, 2, 2, 3))
    word = "".join(rng.choice(ONSETS) + rng.choice(NUCLEI) + rng.choice(CODAS) for _ in range(syllables))
    return word if len(word) >= 3 else word + rng.choice(CODAS[3:])


class Phrases:
    def __init__(self, rng: random.Random, pools: Pools, pseudo_share: float = 0.0, forbidden: frozenset = frozenset()):
        self.rng = rng
        self.pools = pools
        self.pseudo_share = pseudo_share  # share of names, nouns and adjectives made up on the spot
        self.forbidden = forbidden  # words a made-up word must not be (the held-out test words)

    def _pseudo(self) -> bool:
        return self.pseudo_share > 0 and self.rng.random() < self.pseudo_share

    def _made_up(self) -> str:
        while True:
            word = pseudo_word(self.rng)
            if word not in self.forbidden:
                return word

    def name(self) -> str:
        return self._made_up().capitalize() if self._pseudo() else self.rng.choice(self.pools.names)

    def noun(self, nouns: tuple[Noun, ...]) -> Noun:
        if self._pseudo():
            word = self._made_up()
            return Noun(word, word + ("es" if word.endswith(("s", "x", "sh", "ch")) else "s"))
        return self.rng.choice(nouns)

    def adjective(self) -> str:
        return self._made_up() if self._pseudo() else self.rng.choice(self.pools.adjectives)

    def _noun_phrase(self, noun: Noun, plural: bool, determiners) -> str:
        word = noun.plural if plural else noun.singular
        if self.rng.random() < 0.45:
            word = f"{self.adjective()} {word}"
        det = self.rng.choice(determiners)
        if det == "a":
            det = article(word)
        return f"{det} {word}"

    def subject(self, kind: str | None, third_singular: bool = False) -> Subject:
        """A subject of the given kind; third_singular forces a he/she/it-like subject."""
        rng = self.rng
        kind = kind or rng.choice(("pronoun", "name", "noun"))
        plural = False if third_singular else rng.random() < 0.45
        if kind == "pronoun":
            if third_singular:
                return Subject(rng.choice(THIRD_PRONOUNS), True)
            text, third = rng.choice(PRONOUNS)
            return Subject(text, third, text == "I")
        if kind == "coordinated" and not third_singular:
            return Subject(f"{self.name()} and {self.name()}", False)
        if kind in ("name", "coordinated"):
            return Subject(self.name(), True)
        if kind == "possessive":
            owner = self.name()
            noun = self.noun(self.pools.people)
            return Subject(f"{owner}'s {noun.plural if plural else noun.singular}", not plural)
        noun = self.noun(self.pools.people)
        text = self._noun_phrase(noun, plural, PLURAL_DETERMINERS if plural else SINGULAR_DETERMINERS)
        if kind == "noun+modifier":
            # The modifier's noun may differ in number from the head: agreement goes by the head.
            text += f" with {self._object()}" if rng.random() < 0.5 else f" from {self.name()}'s street"
        return Subject(text, not plural)

    def _object(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.1:
            return rng.choice(OBJECT_PRONOUNS)
        if roll < 0.18:
            return self.name()
        if roll < 0.28:
            return rng.choice(self.pools.mass)
        plural = rng.random() < 0.35
        return self._noun_phrase(self.noun(self.pools.things), plural, OBJECT_DETERMINERS if not plural else PLURAL_DETERMINERS)

    def complement(self, valence: str, wanted: str | None) -> str:
        wanted = wanted or self.rng.choice(("object", "place", "none"))
        takes_object = valence == "T" or (valence == "B" and wanted.startswith("object"))
        parts = [self._object()] if takes_object else []
        if "place" in wanted or (not takes_object and wanted == "object"):
            place = self.rng.choice(self.pools.places)
            if self._pseudo():  # "in Nairobi" -> "in Zoukarta", "near the old bridge" -> "near the old flaiss"
                words = place.split()
                words[-1] = self._made_up().capitalize() if words[-1][0].isupper() else self._made_up()
                place = " ".join(words)
            parts.append(place)
        return " ".join(parts)

    def time_phrase(self, tense: str, position: str) -> str:
        if position == "none":
            return ""
        table = {
            "past": self.pools.time_past, "present": self.pools.time_present,
            "future": self.pools.time_future, "perfect": self.pools.time_perfect,
        }
        if tense == "perfect" and position == "start":
            tense = "past"  # "By then, ..." reads badly; a past phrase fronts a perfect fine
        return self.rng.choice(table[tense])


def _choose_wrong(rng: random.Random, verb: Verb, right: str, prefer_third: bool) -> str:
    """A past or -s form where the base belongs (the preferred one 3 times in 4), never the right form
    ("read" has the same past: it only gets "reads")."""
    options = [f for f in ((verb.third, verb.past) if prefer_third else (verb.past, verb.third)) if f != right]
    return options[0] if len(options) == 1 or rng.random() < 0.75 else options[1]


def build(rng: random.Random, construction: str, subject: Subject, verb: Verb, pools: Pools, adverb: bool):
    """One clause with a {V} placeholder for its checked verb, and that verb's Slot."""
    s = subject.text
    third = subject.third_singular
    mid = ""
    base_slot = lambda trigger, prefer_third=False: Slot(  # noqa: E731
        verb, verb.base, trigger, {"base": _choose_wrong(rng, verb, verb.base, prefer_third)}
    )
    if construction == "past":
        mid = f"{rng.choice(MID_ADVERBS['past'])} " if adverb else ""
        errors = {"past": verb.regularised_past} if verb.irregular and verb.regularised_past != verb.past else {}
        return f"{s} {mid}{{V}}", Slot(verb, verb.past, s, errors)
    if construction == "present":
        mid = f"{rng.choice(MID_ADVERBS['present'])} " if adverb else ""
        if third:
            return f"{s} {mid}{{V}}", Slot(verb, verb.third, s, {"agreement": verb.base})
        return f"{s} {mid}{{V}}", Slot(verb, verb.base, s, {})
    if construction.startswith("perfect"):
        aux = "has" if third else "have"
        aux = "had" if rng.random() < 0.25 else aux
        errors = {"participle": verb.past} if verb.past != verb.participle else {}
        if construction == "perfect":
            mid = f"{rng.choice(MID_ADVERBS['perfect'])} " if adverb else ""
            return f"{s} {aux} {mid}{{V}}", Slot(verb, verb.participle, aux, errors)
        if construction == "perfect_neg":
            neg = f"{aux}n't" if rng.random() < 0.7 else f"{aux} not"
            return f"{s} {neg} {{V}}", Slot(verb, verb.participle, neg, errors)
        mid = "ever " if adverb else ""
        return f"{aux} {s} {mid}{{V}}", Slot(verb, verb.participle, aux, errors)
    if construction in ("past_neg", "present_neg"):
        aux = "did" if construction == "past_neg" else ("does" if third else "do")
        neg = f"{aux}n't" if rng.random() < 0.7 else f"{aux} not"
        return f"{s} {neg} {{V}}", base_slot(neg, prefer_third=aux == "does")
    if construction in ("past_q", "present_q"):
        aux = "did" if construction == "past_q" else ("does" if third else "do")
        return f"{aux} {s} {{V}}", base_slot(aux, prefer_third=aux == "does")
    if construction == "wh_q":
        return f"{rng.choice(WH_WORDS)} did {s} {{V}}", base_slot("did")
    if construction == "modal":
        modal = rng.choice(MODALS) if rng.random() < 0.7 else rng.choice(NEGATIVE_MODALS)
        mid = f"{rng.choice(MID_ADVERBS['modal'])} " if adverb and "'" not in modal and modal != "cannot" else ""
        return f"{s} {modal} {mid}{{V}}", base_slot(modal)
    if construction == "modal_q":
        modal = rng.choice(QUESTION_MODALS)
        return f"{modal} {s} {{V}}", base_slot(modal)
    if construction == "to":
        base, third_form, past = rng.choice(pools.want_verbs)
        head = past if rng.random() < 0.5 else (third_form if third else base)
        return f"{s} {head} to {{V}}", base_slot("to")
    raise ValueError(f"unknown construction {construction!r}")
