"""Agreement errors where the subject stands far from its verb, found by the Link Grammar parser.

inject.py reads a subject only where it is a pronoun or a determiner and a noun at a clause's start,
right before its verb. The agreement errors the tutor misses are elsewhere: long subjects ("The list
of activities that the club offers ... are"), gerunds ("Watching films help"), joined subjects ("The
music and the shouting makes"), inverted ones ("Are your parent ..."). Of the three learner-style
texts' sentences, inject.py put an agreement error into almost none of these, so the model never saw
one fixed. The parser (runtime/parser.py) links each finite verb to its subject's head across any
distance; the sentence being correct, the verb's written form says the head's number, and the error
is that verb with the other number ("helps" -> "help", "are" -> "is").

Only where the reading is safe: a parse with no unlinked word, a head whose number English leaves
open is skipped (collectives, "most of", "the number of", "either ... or", "what" before the main
verb), so are modals, subjunctives, unreal "were", "there is" before joined nouns, and a singular
verb whose base is also its past ("puts" -> "put" reads as a correct past). Pronoun subjects are
inject.py's.
"""

from __future__ import annotations

import random
from functools import cache

from miniserve.tutor.corpus import inject, v3, written
from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.runtime import parser as link_grammar
from miniserve.tutor.runtime.guard import tokens, verb_edit_only
from miniserve.tutor.runtime.inflect import forms, is_form

SWAPS = {**inject.BE_SWAP, **inject.HAVE_SWAP, **inject.DO_SWAP}
PRONOUNS = inject.THIRD | inject.OTHER | {"this", "that", "these", "those", "who", "which", "me", "him", "her", "us",
                                          "them"}  # inject.py's, an object's, or a relative's, whose number is
# its antecedent's ("one of those who live / lives")
# verbs whose object takes a bare infinitive: "let their children play" is no subject and its verb
CAUSATIVES = frozenset(("let", "lets", "make", "makes", "made", "making", "help", "helps", "helped", "see", "sees",
                        "saw", "hear", "hears", "heard", "watch", "watches", "watched", "notice", "noticed", "feel",
                        "felt", "have", "has", "had", "bid"))
# heads whose verb English lets take either number ("the team is/are", "the rest of the cake is" /
# "of the cakes are"), and words that hand a head's number to the noun after "of"
OPEN_NUMBER = frozenset((
    "team", "staff", "family", "police", "government", "class", "group", "audience", "public", "crew", "committee",
    "council", "company", "jury", "band", "club", "army", "board", "management", "department", "firm", "couple",
    "pair", "majority", "minority", "number", "percent", "cent", "percentage", "proportion", "lot", "lots", "plenty",
    "rest", "half", "quarter", "third", "most", "all", "some", "none", "any", "more", "either", "neither", "kind",
    "sort", "type", "variety", "range", "series", "species", "means", "total", "part", "bit", "sheep", "fish",
    "data", "media", "what", "whatever", "there", "here", "one", "who", "which", "that", "or", "nor",
    "headquarters", "crossroads", "each"))
QUANTITY_OF = frozenset(("number", "majority", "minority", "lot", "lots", "plenty", "rest", "half", "quarter",
                         "third", "most", "all", "some", "none", "any", "more", "percent", "cent", "percentage",
                         "proportion", "variety", "range", "kind", "sort", "type", "group", "couple", "part",
                         "series", "total", "bunch", "pair", "either", "neither", "one", "each"))
SINGULAR = inject.SINGULAR_FORMS | {"was", "wasn't"}
UNREAL = ("if ", "wish", "as though", "as if", "suppose", "imagine")


def _word_at(text: str, start: int) -> tuple[int, str]:
    """The token index and word of the token that starts at character `start`."""
    at = 0
    for index, token in enumerate(tokens(text)):
        if at == start:
            return index, token
        at += len(token)
    return -1, ""


def _open_number(words_before: list[str], head: str) -> bool:
    """Does English leave this subject's number open ("the team", "most of the books", "one of those")?"""
    if head in OPEN_NUMBER or head in PRONOUNS:
        return True
    near = words_before[-5:]
    return any(w in QUANTITY_OF and near[i + 1:i + 2] == ["of"] for i, w in enumerate(near)) \
        or any(w in ("either", "neither", "or", "nor") for w in near)


def edits(sentence: str, parse: link_grammar.Parse | None) -> list[inject.Edit]:
    """The agreement errors the parse of this correct sentence supports (at most one per verb)."""
    if parse is None or parse.nulls or parse.fragment or parse.guessed:
        return []
    lowered = sentence.lower()
    unreal = any(w in lowered for w in UNREAL)
    subjunctive = any(w.strip(",.;:!?") in inject.SUBJUNCTIVE for w in lowered.split())
    found: dict[int, inject.Edit] = {}
    for verb_start, subject_start, subject_end in parse.subjects:
        index, written_verb = _word_at(sentence, verb_start)
        head = lowered[subject_start:subject_end]
        if index < 0 or not written_verb[:1].isalpha():
            continue
        words_before = lowered[:subject_start].replace(",", " ").split()
        if _open_number(words_before, head) or CAUSATIVES & set(words_before[-3:]):
            continue
        if subject_start < verb_start and " and " in lowered[subject_end:verb_start] and head != "and":
            continue  # a joined subject the parse did not read as one
        before_verb = lowered[:verb_start].split()
        if before_verb[-1:] == ["there"] and any(w in lowered[verb_start:].split() for w in ("and", "or")):
            continue  # "There is a desk and two chairs": the nearest noun may set the number
        edit = _flip(written_verb, index, sentence[subject_start:subject_end], unreal, subjunctive)
        if edit is None or (head == "and" and edit.kind == "agreement") \
                or (head == "and" and edit.kind == "aux_agreement" and edit.right.lower() in SINGULAR):
            continue  # "Fish and chips is": a joined subject's singular verb may be right; only plurals are flipped
        found.setdefault(index, edit)
    return list(found.values())


def _flip(written_verb: str, index: int, subject: str, unreal: bool, subjunctive: bool) -> inject.Edit | None:
    """`written_verb` with the other number, as an Edit back to the written form; None where unsafe."""
    word = written_verb.lower()
    if word in SWAPS:
        if word in ("was", "were") and unreal:
            return None
        base = "be" if word in inject.BE_SWAP else "have" if word in inject.HAVE_SWAP else "do"
        swap = SWAPS[word]
        swap = swap[0].upper() + swap[1:] if written_verb[0].isupper() else swap
        return inject.Edit(index, swap, written_verb, "aux_agreement", base, subject)
    if subjunctive:
        return None
    if (lemma := is_form(word, "VBZ")) and lemma not in ("be", "have", "do"):
        f = forms(lemma)
        if f and f.past != f.base:  # "puts" -> "put" would read as a right past
            return inject.Edit(index, f.base, written_verb, "agreement", f.base, "")
        return None
    if (lemma := inject.plain_base(word)) and lemma not in ("be", "have", "do"):
        f = forms(lemma)
        if f and f.past != f.base:  # "let", "put": a base that is also a past may be a past
            return inject.Edit(index, f.third, written_verb, "plural_s", f.base, "")
    return None


@cache
def ground(split: str, source: str) -> tuple[v3.Ground, ...]:
    """The text's sentences of this split with the parsed agreement errors inject.py does not already make."""
    chosen = [s for s in written.sentences(source)
              if written.split_of(s, source) == split and v3.normal(s) not in written.excluded()]
    out = []
    for sentence, parse in zip(chosen, link_grammar.parse_all(chosen)):
        known = {e.index for e in inject.edits(sentence) if e.category == "agreement"}
        found = tuple(e for e in edits(sentence, parse)
                      if e.index not in known
                      and v3.normal(inject.apply(sentence, [e])) not in written.excluded()
                      and verb_edit_only(inject.apply(sentence, [e]), sentence))
        if found:
            out.append(v3.Ground(sentence, found, inject.classes(sentence)))
    return tuple(out)


STAGE_17_SOURCES = ("written", "written2", "written3")  # the texts corpus v11 parsed; a later text changes no part of it


def generate(split: str, n: int, seed: int = 0, sources: tuple[str, ...] = STAGE_17_SOURCES,
             unchanged_share: float = 0.3) -> list[corpus.Example]:
    """n examples: `unchanged_share` of them the sentences as written, the rest each with one parsed
    agreement error (a second of any kind now and then, as v3.real does). Same arguments: same list."""
    rng = random.Random(f"parsed:{split}:{seed}")
    pool = tuple(g for source in sources for g in ground(split, source))
    if not pool:
        return []
    pairs = [(g, e) for g in pool for e in g.edits]
    n_errors = min(round(n * (1 - unchanged_share)), v3.MAX_REUSE * len(pairs))
    examples = []
    for g in rng.choices(pool, k=n - n_errors):
        sentence, corrected = v3._style(rng, g.sentence, g.sentence)
        examples.append(corpus.Example(sentence, corrected, v3.CORRECT, "correct", "parsed|" + "+".join(sorted(g.classes)), ""))
    examples += [v3._with_error(rng, g, e, "parsed") for g, e in rng.choices(pairs, k=n_errors)]
    rng.shuffle(examples)
    return examples
