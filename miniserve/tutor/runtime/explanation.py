"""The tutor's explanation, checked against the edit it describes (as the guard checks the
correction against the input), or written from that edit.

The model's explanation is kept only when it says one sentence per change, in order, and each
sentence is true of its change:
- it quotes a word of its change;
- every word it quotes is in the sentence (before or after the edit), a verb lemma of its change
  ("The past tense of 'go'"), or template text ("A plural, 'I' or 'you' subject");
- "'X', not 'Y'" has X put in by the change and Y taken out;
- a form it names is that form: "the past tense 'grows'" is not ("grows" is the -s form).
Otherwise the explanation is written from the edit's before/after forms ("Use the past tense
'grew', not 'grow'.").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from miniserve.tutor.runtime.forms import form_kinds, lemmas

_WORD = r"((?:[^\s']|'(?=\w))+)"  # inner apostrophes belong to the word: 'didn't'
QUOTED = re.compile(f"'{_WORD}'")
PAIR = re.compile(f"'{_WORD}', not '{_WORD}'")
CLAIM = re.compile(f"(past tense|irregular form|past participle|base form|-ing form|singular subject takes) '{_WORD}'")
LEMMA = re.compile(f"past tense of '{_WORD}'")
CLAIMED_FORM = {"past tense": "past", "irregular form": "past", "past participle": "participle",
                "base form": "base", "-ing form": "ing", "singular subject takes": "third"}
FORM_NAME = {"past": "the past tense", "participle": "the past participle", "base": "the base form",
             "ing": "the -ing form", "third": "the third-person singular"}
TEMPLATE_WORDS = frozenset(("i", "you"))
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class Change:
    before: tuple[str, ...]  # the words taken out, as typed
    after: tuple[str, ...]  # the words put in


def changes(before: list[str], after: list[str]) -> list[Change]:
    """The changed stretches between two token lists (the guard's tokens), words only, in order."""
    found = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if op != "equal":
            change = Change(tuple(t for t in before[i1:i2] if not t.isspace()),
                            tuple(t for t in after[j1:j2] if not t.isspace()))
            if change.before or change.after:
                found.append(change)
    return found


def fits(explanation: str, edits: list[Change], words: set[str]) -> bool:
    """Does `explanation` explain `edits` truly, one sentence per change? `words`: the lower-case
    words of the input and of the correction."""
    parts = [p for p in SENTENCE_END.split(explanation.strip()) if p]
    return len(parts) == len(edits) and all(_explains(p, e, words) for p, e in zip(parts, edits))


def _explains(part: str, edit: Change, words: set[str]) -> bool:
    before, after = {w.lower() for w in edit.before}, {w.lower() for w in edit.after}
    verbs = frozenset().union(*(lemmas(w) for w in before | after))
    quoted = [q.lower() for q in QUOTED.findall(part)]
    if not (before | after) & set(quoted):
        return False  # it says nothing about this change
    if any(q not in words and q not in verbs and q not in TEMPLATE_WORDS for q in quoted):
        return False  # a word that is not in the sentence ("the past tense of 'slill'")
    if any(right.lower() not in after or wrong.lower() not in before for right, wrong in PAIR.findall(part)):
        return False
    if any(CLAIMED_FORM[phrase] not in form_kinds(word) for phrase, word in CLAIM.findall(part)):
        return False  # "the past tense 'grows'"
    return all(base.lower() in verbs for base in LEMMA.findall(part))


def from_edit(edits: list[Change]) -> str:
    """One plain sentence per change, naming only what the change shows."""
    return " ".join(_say(edit) for edit in edits)


def _say(edit: Change) -> str:
    before, after = " ".join(edit.before), " ".join(edit.after)
    if not edit.after:
        return f"Leave out '{before}'."
    if not edit.before:
        return f"Add '{after}'."
    return f"Use {_form_name(edit)}'{after}', not '{before}'."


def _form_name(edit: Change) -> str:
    """"the past tense " when the one new word is one form and the old word was not that form."""
    if len(edit.after) != 1 or len(edit.before) != 1:
        return ""
    new, old = form_kinds(edit.after[0]), form_kinds(edit.before[0])
    if len(new) != 1 or new <= old or next(iter(new)) not in FORM_NAME:
        return ""
    return FORM_NAME[next(iter(new))] + " "
