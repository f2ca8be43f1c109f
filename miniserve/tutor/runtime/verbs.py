"""English verbs: the tables the corpus draws from, and the spelling rules that make their forms."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources

VOWELS = set("aeiou")
# Prefixes that leave the stress on the root, so "forget" doubles like "get" ("forgetted").
STRESSED_ROOT_PREFIXES = ("under", "over", "with", "fore", "for", "mis", "out", "re", "be", "up")


@dataclass(frozen=True)
class Verb:
    base: str
    third: str  # third-person singular present
    past: str
    participle: str
    valence: str  # "T" transitive, "I" intransitive, "B" both
    irregular: bool

    @property
    def regularised_past(self) -> str:
        """The learner's over-regularised past ("goed", "runned"): only wrong for irregular verbs."""
        return regular_past(self.base)


def third_person(base: str) -> str:
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if base.endswith("y") and len(base) > 1 and base[-2] not in VOWELS:
        return base[:-1] + "ies"
    return base + "s"


def _is_cvc(syllable: str) -> bool:
    """Consonant-vowel-consonant ending, the last consonant not w/x/y: the doubling pattern."""
    if len(syllable) < 3:
        return False
    c1, v, c2 = syllable[-3], syllable[-2], syllable[-1]
    return c1 not in VOWELS and v in VOWELS and c2 not in VOWELS | set("wxy")


def _single_syllable(word: str) -> bool:
    groups, previous_vowel = 0, False
    for ch in word:
        vowel = ch in VOWELS or (ch == "y" and groups > 0)
        if vowel and not previous_vowel:
            groups += 1
        previous_vowel = vowel
    if word.endswith("e") and groups > 1 and not word.endswith(("le", "ee")):
        groups -= 1  # silent final e
    return groups <= 1


def _doubles(base: str) -> bool:
    if _is_cvc(base) and _single_syllable(base):
        return True
    for prefix in STRESSED_ROOT_PREFIXES:
        root = base[len(prefix):]
        if base.startswith(prefix) and len(root) >= 3 and _is_cvc(root) and _single_syllable(root):
            return True
    return False


def regular_past(base: str) -> str:
    """The -ed form by the regular spelling rules (used for the over-regularisation error)."""
    if base.endswith("e"):
        return base + "d"
    if base.endswith("y") and base[-2] not in VOWELS:
        return base[:-1] + "ied"
    if base.endswith("c"):
        return base + "ked"
    if _doubles(base):
        return base + base[-1] + "ed"
    return base + "ed"


def ing_form(base: str, past: str = "") -> str:
    """The -ing form; `past` (when known) shows a doubled final consonant the rules miss ("equipped")."""
    if past == base + base[-1:] + "ed" and base[-1:] not in VOWELS:
        return base + base[-1] + "ing"
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")) and len(base) > 2:
        return base[:-1] + "ing"
    if base.endswith("c"):
        return base + "king"
    if _doubles(base):
        return base + base[-1] + "ing"
    return base + "ing"


def _cvc(word: str) -> bool:
    return len(word) >= 3 and word[-3] not in VOWELS and word[-2] in VOWELS and word[-1] not in VOWELS | set("wxy")


def misspellings(base: str, past: str, participle: str, ing: str) -> dict[str, tuple[str, str]]:
    """Learners' wrongly built forms of one verb: wrong -> (right form, which form it is), each from
    a spelling rule a learner over-applies or misses ("payed", "choosen", "writting", "studing",
    "planed"). Some may be real words of another sense; callers filter where that matters."""
    if base in ("be", "have", "do"):
        return {}
    out: dict[str, tuple[str, str]] = {}
    regular = regular_past(base)
    if past != regular:
        out[regular] = (past, "past tense")  # payed, choosed, taked, costed
    if participle.endswith("en") and base.endswith("e") and base + "n" != participle:
        out[base + "n"] = (participle, "past participle")  # choosen
    if participle.endswith("tten"):
        out[participle[:-4] + "ten"] = (participle, "past participle")  # writen, forgoten
    if ing[-4:-3] == ing[-5:-4] and ing[-4:-3] not in VOWELS:
        out[ing[:-4] + "ing"] = (ing, "-ing form")  # planing, stoping
        if past.endswith("ed") and past[-4:-3] == past[-3:-2]:
            out[past[:-3] + "ed"] = (past, "past tense")  # planed, stoped
    elif base.endswith("e") and ing == base[:-1] + "ing" and _cvc(base[:-1]) and base[-2] in "tmn":
        out[base[:-1] + base[-2] + "ing"] = (ing, "-ing form")  # writting, comming
    if base.endswith("y") and base[-2:-1] not in VOWELS and ing == base + "ing":
        out[base[:-1] + "ing"] = (ing, "-ing form")  # studing
    return {wrong: right for wrong, right in out.items() if wrong != right[0]}


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("miniserve.tutor").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines(), delimiter="\t"))


@cache
def irregular_verbs() -> tuple[Verb, ...]:
    return tuple(
        Verb(r["base"], third_person(r["base"]), r["past"], r["participle"], r["valence"], True)
        for r in _rows("irregular_verbs.tsv")
    )


@cache
def regular_verbs() -> tuple[Verb, ...]:
    return tuple(
        Verb(r["base"], third_person(r["base"]), r["past"], r["past"], r["valence"], False)
        for r in _rows("regular_verbs.tsv")
    )


@cache
def all_verbs() -> tuple[Verb, ...]:
    return irregular_verbs() + regular_verbs()


@cache
def valences() -> dict[str, str]:
    """"T", "I" or "B" (needs an object, takes none, either) for the tables' verbs that say."""
    return {verb.base: verb.valence for verb in all_verbs() if verb.valence}
