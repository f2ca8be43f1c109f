"""Verb forms from lemminflect (its dictionary ships with the package), and the misspelled forms
learners build from them ("writting", "studing", "planed", "choosen", "payed", "choosed", "costed").

Only verbs lemminflect's dictionary knows are inflected here: a word it does not know is no verb
the corpus injects an error into.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import lemminflect

from miniserve.tutor.verbs import VOWELS, regular_past

MODALS = frozenset(("can", "could", "will", "would", "shall", "should", "must", "may", "might"))


@dataclass(frozen=True)
class Forms:
    base: str
    third: str  # he/she/it present
    past: str
    participle: str
    ing: str

    @property
    def irregular(self) -> bool:
        return self.past != regular_past(self.base) or self.participle != self.past


def _first(lemma: str, tag: str) -> str | None:
    found = lemminflect.getInflection(lemma, tag=tag, inflect_oov=False)
    return found[0] if found else None


@cache
def forms(lemma: str) -> Forms | None:
    """The five forms of a verb lemminflect knows ("be": "is", "was", "been"), else None."""
    lemma = lemma.lower()
    if lemma in MODALS or not lemminflect.getAllInflections(lemma, upos="VERB"):
        return None
    found = [_first(lemma, tag) for tag in ("VBZ", "VBD", "VBN", "VBG")]
    if None in found:
        return None
    third, past, participle, ing = found
    if not all(form.isalpha() for form in found) or not ing.endswith("ing"):
        return None  # its few odd entries ("proof read", "baby-sat", "sting" as the -ing form)
    return Forms(lemma, third, past, participle, ing)  # type: ignore[arg-type]


@cache
def verb_lemmas(word: str) -> tuple[str, ...]:
    """The verbs `word` (as written, any case) may be a form of, in lemminflect's dictionary."""
    return lemminflect.getAllLemmas(word.lower(), upos="VERB").get("VERB", ())


@cache
def noun_lemmas(word: str) -> tuple[str, ...]:
    return lemminflect.getAllLemmas(word.lower(), upos="NOUN").get("NOUN", ())


def is_form(word: str, tag: str) -> str | None:
    """The lemma when `word` is this form ("VB", "VBZ", "VBD", "VBN", "VBG") of a known verb."""
    for lemma in verb_lemmas(word):
        f = forms(lemma)
        value = f and {"VB": f.base, "VBZ": f.third, "VBD": f.past, "VBN": f.participle, "VBG": f.ing}[tag]
        if value == word.lower():
            return lemma
    return None


def _cvc(word: str) -> bool:
    return len(word) >= 3 and word[-3] not in VOWELS and word[-2] in VOWELS and word[-1] not in VOWELS | set("wxy")


def misspellings(f: Forms) -> dict[str, tuple[str, str]]:
    """Learners' wrongly built forms of one verb: wrong -> (right form, which form it is).
    Each comes from a spelling rule a learner over-applies or misses. A wrong form that is a noun or
    another verb's base is dropped ("planed" stays: no one means the plane there)."""
    if f.base in ("be", "have", "do"):
        return {}
    out: dict[str, tuple[str, str]] = {}
    regular = regular_past(f.base)
    if f.past != regular:
        out[regular] = (f.past, "past tense")  # payed, choosed, taked, costed
    if f.participle.endswith("en") and f.base.endswith("e") and f.base + "n" != f.participle:
        out[f.base + "n"] = (f.participle, "past participle")  # choosen
    if f.participle.endswith("tten"):
        out[f.participle[:-4] + "ten"] = (f.participle, "past participle")  # writen, forgoten
    if f.ing[-4:-3] == f.ing[-5:-4] and f.ing[-4:-3] not in VOWELS:
        out[f.ing[:-4] + "ing"] = (f.ing, "-ing form")  # planing, stoping
        if f.past.endswith("ed") and f.past[-4:-3] == f.past[-3:-2]:
            out[f.past[:-3] + "ed"] = (f.past, "past tense")  # planed, stoped
    elif f.base.endswith("e") and f.ing == f.base[:-1] + "ing" and _cvc(f.base[:-1]) and f.base[-2] in "tmn":
        out[f.base[:-1] + f.base[-2] + "ing"] = (f.ing, "-ing form")  # writting, comming
    if f.base.endswith("y") and f.base[-2:-1] not in VOWELS and f.ing == f.base + "ing":
        out[f.base[:-1] + "ing"] = (f.ing, "-ing form")  # studing
    return {wrong: right for wrong, right in out.items()
            if wrong != right[0] and wrong not in verb_lemmas(wrong) and not noun_lemmas(wrong)}
