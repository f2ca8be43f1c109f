"""The tutor's guard: accept a correction only if it changes verb forms and nothing else.

The model may damage a sentence (drop a word, misspell a name, "fix" a noun). Before the service
shows a correction, `review` aligns the two sentences word by word (difflib) and checks each changed
stretch:
- only words change: punctuation, digits, case and spacing outside the changed words stay as typed;
- every changed word is a verb form: an auxiliary (be/have/do forms, modals, "to" before a verb)
  or a form of a known verb, replaced by a form of the same verb ("went" -> "gone", "taked" -> "took");
- an auxiliary or "to" may be inserted or deleted ("should to study" -> "should study"), a content
  verb may not, and the polarity stays ("didn't see" may not become "saw").
Anything else (and an empty or garbled answer) gives the input back unchanged with an honest
explanation and withheld=True. An accepted correction keeps the model's explanation only if it is
true of the edit (`explanation.py`); otherwise the explanation is written from the edit. An
unchanged sentence is told "No verb error found." and nothing more: the tutor only looks at verbs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import cache

from miniserve.tutor.runtime.explanation import changes, fits, from_edit
from miniserve.tutor.runtime.inflect import british
from miniserve.tutor.runtime.forms import (FUNCTION_WORDS, NOUN_MARKERS, aux_family, is_verb_form, lemmas, negative,
                                          needs_to, same_unknown_verb, takes_only_ing)

NO_ERROR = "No verb error found."
LET_MAKE = frozenset(("let", "lets", "make", "makes", "made", "please let"))
_TOKEN = re.compile(r"\s+|[^\W\d_]+(?:['\u2019][^\W\d_]+)*|\d+|.", re.DOTALL)


@dataclass(frozen=True)
class Review:
    corrected: str
    explanation: str
    changed: bool
    withheld: bool


def tokens(text: str) -> list[str]:
    """Words (with inner apostrophes), numbers, single other characters and runs of spacing."""
    return _TOKEN.findall(text)


def _is_word(token: str) -> bool:
    return token[0].isalpha()


def neighbours(toks: list[str], i: int) -> tuple[str, str]:
    """The words just before and after position i (skipping spacing), lower-cased, or ""."""
    before = next((t.lower() for t in reversed(toks[:i]) if not t.isspace()), "")
    after = next((t.lower() for t in toks[i + 1:] if not t.isspace()), "")
    return before, after


def _stray_to(toks: list[str], i: int) -> bool:
    """Is the "to" at position i one a learner puts after a modal ("should to go", "can you to
    help"), after let/make + object ("let me to explain") or after a verb that takes only the -ing
    form ("enjoy to swim"), before a verb, or one a learner leaves out ("it is difficult find a
    flat", "I can't wait seeing you")? Only such a "to" may go or come: otherwise the nearest verb
    or auxiliary before it (past the subject) must be a modal."""
    _, after = neighbours(toks, i)
    if not is_verb_form(after):
        return False
    words = [t.lower() for t in toks[:i] if t[:1].isalpha()]
    if len(words) >= 2 and words[-2] in LET_MAKE or takes_only_ing(words):  # "enjoy to swim" -> "enjoy swimming"
        return True
    later = [t.lower() for t in toks[i + 1:] if t[:1].isalpha()]
    if len(later) >= 2 and needs_to(words, later[0], later[1]) or words[-2:] in (["can't", "wait"], ["cannot", "wait"], ["couldn't", "wait"]):
        return True  # a "to" put in: "it is difficult to find a flat", "I can't wait to see you"
    recent = words[-9:]
    for j in range(len(recent) - 1, 0, -1):  # a verb-looking word after "the", "my", "on"... is a noun
        word, before = recent[j], recent[j - 1]
        if aux_family(word) is not None or (lemmas(word) and word not in FUNCTION_WORDS and before not in NOUN_MARKERS):
            return aux_family(word) == "modal"
    return bool(recent) and aux_family(recent[0]) == "modal"


def role(toks: list[str], i: int) -> str:
    """'aux', 'verb' or 'other' for the word at position i, judged in its sentence."""
    word = toks[i]
    if not _is_word(word):
        return "other"
    before, after = neighbours(toks, i)
    family = aux_family(word)
    if family == "to":
        return "aux" if _stray_to(toks, i) else "other"
    if family is not None:
        return "aux"
    if lemmas(word) and before not in NOUN_MARKERS:
        return "verb"
    return "other"


def _unknown_verb_pair(a: list[str], a_range: range, b: list[str], b_range: range, dictionary: bool) -> bool:
    """One word no table knows, replaced by another form of it ("smells" -> "smell"), where a verb
    can stand: not after a determiner or preposition, nor right after another verb (its object)."""
    wa = [i for i in a_range if not a[i].isspace()]
    wb = [i for i in b_range if not b[i].isspace()]
    if len(wa) != 1 or len(wb) != 1 or not same_unknown_verb(a[wa[0]], b[wb[0]], dictionary):
        return False
    before, _ = neighbours(a, wa[0])
    if before in NOUN_MARKERS or aux_family(before) == "be":  # "were late" -> "were lated": an adjective
        return False
    return aux_family(before) is not None or not lemmas(before)


def _stretch_ok(a: list[str], a_range: range, b: list[str], b_range: range, dictionary: bool) -> bool:
    """Is this changed stretch (a[a_range] -> b[b_range]) a verb-form edit?"""
    if _unknown_verb_pair(a, a_range, b, b_range, dictionary):
        return True
    sides = []
    for toks, span in ((a, a_range), (b, b_range)):
        words = [i for i in span if not toks[i].isspace()]
        if any(toks[i].isspace() and toks[i] != " " for i in span):
            return False  # a changed line break or double space is no verb edit
        if any(role(toks, i) == "other" for i in words):
            return False
        sides.append(words)
    (wa, wb) = sides
    lower_a = [a[i].lower() for i in wa]
    lower_b = [b[i].lower() for i in wb]
    if lower_a == lower_b:
        return False  # a change of case or spacing only
    if sum(negative(w) for w in lower_a) != sum(negative(w) for w in lower_b):
        return False
    modals_a = {w for w in lower_a if aux_family(w) == "modal"}
    modals_b = {w for w in lower_b if aux_family(w) == "modal"}
    if modals_a and modals_b and modals_a != modals_b:
        return False  # "can" -> "must" changes the meaning, not the form
    verbs_a = [lemmas(a[i]) for i in wa if role(a, i) == "verb"]
    verbs_b = [lemmas(b[i]) for i in wb if role(b, i) == "verb"]
    if len(verbs_a) != len(verbs_b):
        return False  # a content verb appeared or vanished
    unmatched = list(verbs_b)
    for options in verbs_a:
        match = next((j for j, other in enumerate(unmatched) if options & other), None)
        if match is None:
            return False  # a different verb, not another form of the same one
        unmatched.pop(match)
    return True


MAX_PIECES_WORDS = 6  # a longer changed stretch is judged whole only (bounded work per answer)


def verb_edit_only(original: str, corrected: str, dictionary: bool = True) -> bool:
    """True when `corrected` differs from `original` in verb forms only (or not at all). With
    dictionary=False two words no table knows are forms of one verb only by their endings, not by
    lemminflect's dictionary (as when the v3 corpus was built: its output must not change)."""
    a, b = tokens(original), tokens(corrected)

    @cache
    def pieces_ok(a0: int, a1: int, b0: int, b1: int) -> bool:
        """The stretch a[a0:a1] -> b[b0:b1] judged whole, or else as consecutive pieces that each
        change words on both sides: the matcher sees "to do next spring" -> "done nexted sprung" as
        one stretch, while it is three edits the decoding constraint allows one by one."""
        if _stretch_ok(a, range(a0, a1), b, range(b0, b1), dictionary):
            return True
        wa = [i for i in range(a0, a1) if not a[i].isspace()]
        wb = [j for j in range(b0, b1) if not b[j].isspace()]
        if min(len(wa), len(wb)) < 2 or max(len(wa), len(wb)) > MAX_PIECES_WORDS:
            return False
        return any(_stretch_ok(a, range(a0, wa[x]), b, range(b0, wb[y]), dictionary) and pieces_ok(wa[x], a1, wb[y], b1)
                   for x in range(1, len(wa)) for y in range(1, len(wb)))

    opcodes = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    if all(op == "equal" or pieces_ok(i1, i2, j1, j2) for op, i1, i2, j1, j2 in opcodes):
        return True
    # The matcher may align the spaces between changed words and cut the edits wrongly ("to do
    # next spring" -> "done nexted sprung" as "to" -> "done", "do" -> "nexted", "next spring" ->
    # "sprung"): judge again with changed stretches that only spaces separate taken together.
    merged: list[list[int]] = []
    for op, i1, i2, j1, j2 in opcodes:
        if op != "equal" and merged and merged[-1][4]:
            merged[-1][1], merged[-1][3], merged[-1][4] = i2, j2, False
        elif op != "equal":
            merged.append([i1, i2, j1, j2, False])
        elif merged and not merged[-1][4] and all(t == " " for t in a[i1:i2]):
            merged[-1][1], merged[-1][3], merged[-1][4] = i2, j2, True  # may join the next change
    return all(pieces_ok(i1, i2, j1, j2) for i1, i2, j1, j2, _ in merged)


def review(original: str, corrected: str, explanation: str) -> Review:
    """The answer the service may show for the model's (corrected, explanation) to `original`."""
    corrected, explanation = corrected.strip(), explanation.strip()
    text = original.strip()
    corrected, explanation = _british(text, corrected, explanation)
    if corrected == text:
        # Unchanged: never "the sentence is correct" (only its verbs were looked at), never a fix.
        return Review(original, NO_ERROR, changed=False, withheld=False)
    if not corrected or not explanation or not verb_edit_only(text, corrected):
        return Review(original, NO_ERROR, changed=False, withheld=True)
    before, after = tokens(text), tokens(corrected)
    edits = changes(before, after)
    words = {t.lower() for t in before + after if _is_word(t)}
    said = explanation if fits(explanation, edits, words) else from_edit(edits)
    lead, trail = original[: len(original) - len(original.lstrip())], original[len(original.rstrip()):]
    return Review(lead + corrected + trail, said, changed=True, withheld=False)


def _british(original: str, corrected: str, explanation: str) -> tuple[str, str]:
    """New verb forms in British spelling ("enjoy to travel" -> "travelling", not "traveling"), in the
    correction and its explanation alike, unless the learner's own text writes an American one."""
    typed = [t for t in tokens(original) if _is_word(t)]
    if any(british(t) for t in typed):
        return corrected, explanation
    seen = set(typed)
    for word in {t for t in tokens(corrected) if _is_word(t) and t not in seen}:
        spelled = british(word)
        if spelled:
            corrected = re.sub(rf"\b{word}\b", spelled, corrected)
            explanation = re.sub(rf"\b{word}\b", spelled, explanation)
    return corrected, explanation
