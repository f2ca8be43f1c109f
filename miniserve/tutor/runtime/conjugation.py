"""Each verb the tutor knows, with its forms: lemminflect's, checked against the verb tables. The
edit constraint, the guard, the explanation check and the agreement prior read verb forms from here
(through forms.py).

Which words are verbs stays the tables' choice (verbs.py's two tables, and data/extra_verbs.tsv for
common verbs they leave out): lemminflect's dictionary also lists "people", "table" and "water" as
verbs, so it cannot say which words the guard may let change. Their forms are lemminflect's, each
kind of difference from the tables decided (`python -m miniserve.tutor.runtime.conjugation` counts
them):
- its first spelling of each form only: the later ones are as often learners' misspellings it has
  seen ("refered", "occuring", "tieing", "payed") as variants ("travelled", "learnt");
- its -s and -ing forms over the spelling rules' ("offsetting", where the rules make "offseting");
- a regular -ed form it gives where the tables give an irregular one ("broadcasted", "overspended",
  "quitted", "waked") is no form: the corpora teach it as the learner's over-regularised past;
- an odd entry ("sting" as the -ing form of "sting", "mimiced") is no form;
- the tables' own pasts and participles always stay (nothing the tutor knew is lost), with the
  variants extra_verbs.tsv lists ("learnt") and the British "-lled" after a single vowel; for a
  verb lemminflect does not know ("tattoo", "outsell") they and the spelling rules are all there is.
The tables and rules stay as they are: corpora v1 and v2 draw from them, and their output (the
published training data of stages 1-8) must not change.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources

from miniserve import console
from miniserve.tutor.runtime import inflect
from miniserve.tutor.runtime.verbs import VOWELS, all_verbs, ing_form, regular_past, third_person

KINDS = ("base", "third", "past", "participle", "ing")


@dataclass(frozen=True)
class Conjugation:
    base: str
    third: tuple[str, ...]  # every spelling of each form, the one to teach first
    past: tuple[str, ...]
    participle: tuple[str, ...]
    ing: tuple[str, ...]

    def spellings(self, kind: str) -> tuple[str, ...]:
        return (self.base,) if kind == "base" else getattr(self, kind)

    def forms(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f for kind in KINDS for f in self.spellings(kind)))


def _odd(base: str, kind: str, form: str) -> bool:
    """An entry of lemminflect's no one writes: an -ing form no longer than the base plus a letter
    ("sting"), a final c without its k ("mimiced", "mimicing")."""
    if kind == "ing" and (not form.endswith("ing") or len(form) < len(base) + 2):
        return True
    return base.endswith("c") and kind != "third" and form[len(base):len(base) + 1] != "k"


def _theirs(base: str, kind: str, ours: tuple[str, ...]) -> tuple[str, ...]:
    """lemminflect's first spelling of a form, unless it is odd, or an -ed form where the tables
    give an irregular one ("broadcasted", "overspended", "quitted", "waked")."""
    found = (inflect.spellings(base) or {}).get(kind, ())
    if not found or _odd(base, kind, found[0]):
        return ()
    if ours and found[0].endswith("ed") and not any(f.endswith("ed") for f in ours):
        return ()
    return found[:1]


def conjugate(base: str, pasts: tuple[str, ...] = (), participles: tuple[str, ...] = ()) -> Conjugation:
    """One verb's forms (see the module): the tables' pasts and participles (none: lemminflect's
    alone) beside lemminflect's, its -s and -ing forms over the spelling rules'."""
    past = tuple(dict.fromkeys(pasts + _theirs(base, "past", pasts))) or (regular_past(base),)
    participle = tuple(dict.fromkeys(participles + _theirs(base, "participle", participles))) or past[:1]
    third = _theirs(base, "third", ()) or (third_person(base),)
    ing = _theirs(base, "ing", ()) or (ing_form(base, past[0]),)
    if base[-3:-2] not in VOWELS and base[-2:-1] in VOWELS and base.endswith("l") and past == (base + "ed",):
        # A final vowel + l: the British spelling doubles it ("travelled"), never "called" or "appealed".
        past, participle = past + (base + "led",), participle + (base + "led",)
        ing = ing + (base + "ling",)
    return Conjugation(base, third, past, participle, ing)


def _extra_verbs() -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Common verbs the corpus tables leave out (a variant form such as "learnt"): runtime only. An
empty past or participle is lemminflect's; a listed one is every spelling of that form."""
    text = resources.files("miniserve.tutor").joinpath("data", "extra_verbs.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return [(r["base"], tuple(f for f in r["past"].split("|") if f), tuple(f for f in r["participle"].split("|") if f))
            for r in rows]


@cache
def conjugations() -> tuple[Conjugation, ...]:
    """Every verb the tutor knows: the tables' verbs, then the extra ones."""
    rows = [(v.base, (v.past,), (v.participle,)) for v in all_verbs()] + _extra_verbs()
    return tuple(conjugate(*row) for row in rows)


@cache
def by_base() -> dict[str, Conjugation]:
    return {c.base: c for c in conjugations()}


def agreement() -> dict:
    """How the tables' forms (the rules' for -s and -ing) compare with lemminflect's first spelling of
    each form, over the tables' verbs, and what the runtime keeps where they differ."""
    out: dict = {"verbs": 0, "unknown": [], "same": 0, "differ": [], "later": []}
    for verb in all_verbs():
        out["verbs"] += 1
        theirs = inflect.spellings(verb.base)
        if not theirs or not all(theirs.values()):
            out["unknown"].append(verb.base)
            continue
        ours = {"third": verb.third, "past": verb.past, "participle": verb.participle,
                "ing": ing_form(verb.base, verb.past)}
        kept = by_base()[verb.base]
        differ = [(verb.base, k, ours[k], theirs[k][0], kept.spellings(k)) for k in ours if ours[k] != theirs[k][0]]
        out["differ"] += differ
        out["same"] += not differ
        out["later"] += [(verb.base, f) for k in ours for f in theirs[k][1:]]
    return out


def main(argv: list[str] | None = None) -> None:
    """Count where the verb tables and lemminflect disagree, and what the runtime takes.

        python -m miniserve.tutor.runtime.conjugation
    """
    console.ArgumentParser(prog="python -m miniserve.tutor.runtime.conjugation",
                           description=main.__doc__.splitlines()[0]).parse_args(argv)
    found = agreement()
    print(f"{found['verbs']} table verbs: {found['same']} with every form equal to lemminflect's first spelling; "
          f"{len(found['unknown'])} it has no entry for ({', '.join(found['unknown'])}): the tables' forms")
    print(f"{len(found['differ'])} forms differ (table or rule / lemminflect -> kept):")
    for base, kind, ours, theirs, kept in found["differ"]:
        print(f"  {kind:10} {base}: {ours} / {theirs} -> {', '.join(kept)}")
    print(f"{len(found['later'])} later spellings lemminflect lists, not forms here: "
          + ", ".join(f for _, f in found["later"]))

if __name__ == "__main__":
    console.run(main)
