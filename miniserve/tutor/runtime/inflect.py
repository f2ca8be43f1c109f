"""Verb forms from lemminflect (its dictionary ships with the package), and the misspelled forms
learners build from them ("writting", "studing", "planed", "choosen", "payed", "choosed", "costed").

Shared by the corpus (tutor v3 injects errors into verbs only this dictionary knows: `forms`, one
spelling of each form) and the runtime (`spellings`: every spelling it lists, read by
conjugation.py for the verbs the tutor knows).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import lemminflect

from miniserve.tutor.runtime.verbs import misspellings as verb_misspellings

MODALS = frozenset(("can", "could", "will", "would", "shall", "should", "must", "may", "might"))


@dataclass(frozen=True)
class Forms:
    base: str
    third: str  # he/she/it present
    past: str
    participle: str
    ing: str


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


TAGS = {"third": "VBZ", "past": "VBD", "participle": "VBN", "ing": "VBG"}


@cache
def spellings(lemma: str) -> dict[str, tuple[str, ...]] | None:
    """Every one-word spelling lemminflect lists of each form ("travel": past "traveled",
    "travelled"), by the keys of TAGS; None for a word it knows no verb of. A form may be empty
    where it lists only odd spellings ("ski": participle "ski'd")."""
    lemma = lemma.lower()
    if lemma in MODALS or not lemminflect.getAllInflections(lemma, upos="VERB"):
        return None
    return {kind: tuple(f for f in lemminflect.getInflection(lemma, tag=tag, inflect_oov=False) if f.isalpha())
            for kind, tag in TAGS.items()}


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


def misspellings(f: Forms) -> dict[str, tuple[str, str]]:
    """verbs.misspellings of this verb, less any that is a noun or another verb's base ("planed"
    stays: no one means the plane there)."""
    found = verb_misspellings(f.base, f.past, f.participle, f.ing)
    return {wrong: right for wrong, right in found.items() if wrong not in verb_lemmas(wrong) and not noun_lemmas(wrong)}


@cache
def british(word: str) -> str | None:
    """The British spelling of a verb form that doubles a final "l" where American does not ("traveling"
    -> "travelling", "canceled" -> "cancelled"), or None when there is no other spelling. The tutor
    writes British English unless the learner's own text shows American (guard.review)."""
    lower = word.lower()
    for suffix in ("ing", "ed"):
        stem = lower[:-len(suffix)]
        if not lower.endswith(suffix) or not stem.endswith("l") or stem.endswith("ll") or len(stem) < 3 \
                or stem[-2] not in "aeiou":
            continue
        doubled = stem + "l" + suffix
        for lemma in lemminflect.getAllLemmas(lower, upos="VERB").get("VERB", ()):
            table = lemminflect.getAllInflections(lemma, upos="VERB")
            if doubled in table.get("VBG", ()) + table.get("VBD", ()) + table.get("VBN", ()):
                return word[:len(stem)] + "l" + word[len(stem):]
    return None
