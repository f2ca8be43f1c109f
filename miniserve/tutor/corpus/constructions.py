"""The clause constructions of the widened corpus (tutor v2): auxiliaries that agree, -s on the
wrong subjects, do-support, passives, modal + "to", progressives, present for past.

A clause is a template with named placeholders ({A} an auxiliary, {V} the verb, {T} a stray "to")
and one Slot per placeholder: its right form and, per error kind, the wrong form a learner writes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from miniserve.tutor.corpus.phrases import (MID_ADVERBS, MODALS, NEGATIVE_MODALS, QUESTION_MODALS, WH_WORDS, Slot, Subject,
                                     article)
from miniserve.tutor.runtime.verbs import Verb, ing_form

BE_PRESENT = {"first": "am", "third": "is", "other": "are"}
BE_PAST = {"first": "was", "third": "was", "other": "were"}
BE_NEG = {"is": "isn't", "are": "aren't", "was": "wasn't", "were": "weren't"}
# The wrong form a learner puts for each right one (am -> is or are).
BE_WRONG = {"am": ("is", "are"), "is": ("are",), "are": ("is",), "was": ("were",), "were": ("was",),
            "isn't": ("aren't",), "aren't": ("isn't",), "wasn't": ("weren't",), "weren't": ("wasn't",)}
HAVE_WRONG = {"has": "have", "have": "has", "hasn't": "haven't", "haven't": "hasn't"}
DO_WRONG = {"does": "do", "do": "does", "doesn't": "don't", "don't": "doesn't"}
PASSIVE_AUX = ("was", "were", "is", "are", "has been", "have been", "had been", "will be", "can be",
               "must be", "should be", "is being", "was being")
LET = ("Let me", "Let us", "let me", "Please let me")
AGENTS = ("by {name}", "by the {person}", "by my {person}", "by our {people}", "by two {people}")


@dataclass
class Clause:
    template: str  # "{A} she {V} the book" ...
    slots: dict[str, Slot]  # placeholder -> slot
    tense: str  # which time phrases fit: past, present, future, perfect


def person(subject: Subject) -> str:
    return "first" if subject.first_singular else "third" if subject.third_singular else "other"


def _aux_slot(right: str, wrong: str | None, trigger: str) -> Slot:
    return Slot(None, right, trigger, {"aux_agreement": wrong} if wrong else {})  # type: ignore[arg-type]


def _be(subject: Subject, past: bool, negative: bool, rng: random.Random) -> Slot:
    right = (BE_PAST if past else BE_PRESENT)[person(subject)]
    if negative and right != "am":
        right = BE_NEG[right]
    return _aux_slot(right, rng.choice(BE_WRONG[right]), subject.text)


def _have(subject: Subject, negative: bool) -> Slot:
    right = ("has" if subject.third_singular else "have") + ("n't" if negative else "")
    return _aux_slot(right, HAVE_WRONG.get(right), subject.text)


def _do(subject: Subject, negative: bool) -> Slot:
    right = "does" if subject.third_singular else "do"
    right = right + "n't" if negative else right
    return _aux_slot(right, DO_WRONG[right], subject.text)


def _base_slot(verb: Verb, trigger: str, rng: random.Random, prefer_third: bool) -> Slot:
    options = [f for f in ((verb.third, verb.past) if prefer_third else (verb.past, verb.third)) if f != verb.base]
    wrong = options[0] if len(options) == 1 or rng.random() < 0.75 else options[1]
    return Slot(verb, verb.base, trigger, {"base": wrong})


def _participle_wrong(verb: Verb, rng: random.Random, passive: bool) -> str | None:
    """What a learner puts for a participle: the past ("was broke"), the over-regularised past
    ("was builded") or the base ("was tear", "haven't start"); never the participle itself.
    No base after a passive "be" for regular verbs: "was open", "is clean" are adjectives."""
    weighted = {verb.past: 3}  # the past first: "was broke" is the commonest
    if verb.irregular or not passive:
        weighted[verb.base] = weighted.get(verb.base, 0) + 2
    if passive and verb.irregular and verb.base not in ("have", "do"):  # "doed": no form the guard knows
        weighted[verb.regularised_past] = weighted.get(verb.regularised_past, 0) + 2
    weighted.pop(verb.participle, None)
    if not weighted:
        return None
    return rng.choices(list(weighted), list(weighted.values()))[0]


def build(rng: random.Random, construction: str, subject: Subject, verb: Verb, words) -> Clause:
    """One clause of a new construction. `words` (phrases.Phrases) supplies names and nouns."""
    s = subject.text
    if construction == "copula":
        past = rng.random() < 0.5
        slot = _be(subject, past, rng.random() < 0.15, rng)
        return Clause(f"{s} {{A}}", {"A": slot}, "past" if past else "present")
    if construction == "there":
        past = rng.random() < 0.4
        plural = rng.random() < 0.6
        noun = words.noun(words.pools.things)
        count = rng.choice(("two", "three", "many", "some", "several", "no", "a few")) if plural else "a"
        head = f"{count} {noun.plural if plural else noun.singular}"
        if count == "a":
            head = f"{article(noun.singular)} {noun.singular}"
        subj = Subject(head, not plural)
        slot = _be(subj, past, False, rng)
        return Clause(f"there {{A}} {head}", {"A": slot}, "past" if past else "present")
    if construction == "have_main":
        slot = _have(subject, False)
        return Clause(f"{s} {{A}}", {"A": slot}, "present")
    if construction in ("progressive", "progressive_q"):
        past = rng.random() < 0.5
        aux = _be(subject, past, rng.random() < 0.15 and construction == "progressive", rng)
        slot = Slot(verb, ing_form(verb.base, verb.past), aux.right, {"progressive": verb.base})
        tense = "past" if past else "present"
        if construction == "progressive_q":
            return Clause(f"{{A}} {s} {{V}}", {"A": aux, "V": slot}, tense)
        mid = "still " if rng.random() < 0.1 and "'" not in aux.right else ""
        return Clause(f"{s} {{A}} {mid}{{V}}", {"A": aux, "V": slot}, tense)
    if construction == "passive":
        aux_text = rng.choice(PASSIVE_AUX)
        wrong = _participle_wrong(verb, rng, passive=True)
        slot = Slot(verb, verb.participle, aux_text, {"passive": wrong} if wrong else {})
        first = aux_text.split()[0]
        tense = {"was": "past", "were": "past", "had": "past", "is": "present", "are": "present",
                 "has": "perfect", "have": "perfect"}.get(first, "future")
        rest = aux_text[len(first):]
        if first in ("was", "were", "is", "are"):
            aux = _be(subject, first in ("was", "were"), False, rng)
        elif first in ("has", "have"):
            aux = _have(subject, False)
        else:
            return Clause(f"{s} {aux_text} {{V}}", {"V": slot}, tense)
        return Clause(f"{s} {{A}}{rest} {{V}}", {"A": aux, "V": slot}, tense)
    if construction == "perfect_agr":
        aux = _have(subject, rng.random() < 0.2)
        wrong = _participle_wrong(verb, rng, passive=False)
        mid = f"{rng.choice(MID_ADVERBS['perfect'])} " if rng.random() < 0.2 and "'" not in aux.right else ""
        slot = Slot(verb, verb.participle, aux.right, {"participle": wrong} if wrong else {})
        return Clause(f"{s} {{A}} {mid}{{V}}", {"A": aux, "V": slot}, "perfect")
    if construction in ("do_neg", "did_neg"):
        if construction == "did_neg":
            neg = "didn't" if rng.random() < 0.8 else "did not"
            return Clause(f"{s} {neg} {{V}}", {"V": _base_slot(verb, neg, rng, False)}, "past")
        aux = _do(subject, True)
        return Clause(f"{s} {{A}} {{V}}", {"A": aux, "V": _base_slot(verb, aux.right, rng, True)}, "present")
    if construction in ("do_q", "did_q", "wh_do_q"):
        wh = f"{rng.choice(WH_WORDS)} " if construction == "wh_do_q" else ""
        if construction == "did_q" or (wh and rng.random() < 0.5):
            aux_word = "didn't" if not wh and rng.random() < 0.1 else "did"
            return Clause(f"{wh}{aux_word} {s} {{V}}", {"V": _base_slot(verb, aux_word, rng, False)}, "past")
        aux = _do(subject, False)
        return Clause(f"{wh}{{A}} {s} {{V}}", {"A": aux, "V": _base_slot(verb, aux.right, rng, True)}, "present")
    if construction == "present2":
        third = subject.third_singular
        if third:
            slot = Slot(verb, verb.third, s, {"agreement": verb.base} if verb.past != verb.base else {})
        else:
            slot = Slot(verb, verb.base, s, {"plural_s": verb.third})
        mid = f"{rng.choice(MID_ADVERBS['present'])} " if rng.random() < 0.25 else ""
        return Clause(f"{s} {mid}{{V}}", {"V": slot}, "present")
    if construction == "past_marker":
        wrong = verb.third if subject.third_singular and rng.random() < 0.4 else verb.base
        slot = Slot(verb, verb.past, s, {"past_marker": wrong} if wrong != verb.past else {})
        return Clause(f"{s} {{V}}", {"V": slot}, "past")
    if construction in ("modal_to", "modal_to_q", "let_to"):
        if construction == "let_to":
            head = rng.choice(LET)
            stray = Slot(verb, "", "let", {"modal_to": "to "})
            return Clause(f"{head} {{T}}{{V}}", {"T": stray, "V": Slot(verb, verb.base, "let", {})}, "future")
        if construction == "modal_to_q":
            modal = rng.choice(QUESTION_MODALS + ("may", "must"))
            stray = Slot(verb, "", modal, {"modal_to": "to "})
            return Clause(f"{modal} {s} {{T}}{{V}}", {"T": stray, "V": Slot(verb, verb.base, modal, {})}, "future")
        modal = rng.choice(MODALS) if rng.random() < 0.7 else rng.choice(NEGATIVE_MODALS)
        stray = Slot(verb, "", modal, {"modal_to": "to "})
        return Clause(f"{s} {modal} {{T}}{{V}}", {"T": stray, "V": Slot(verb, verb.base, modal, {})}, "future")
    raise ValueError(f"unknown construction {construction!r}")


def agent(rng: random.Random, words) -> str:
    noun = words.noun(words.pools.people)
    return rng.choice(AGENTS).format(name=words.name(), person=noun.singular, people=noun.plural)
