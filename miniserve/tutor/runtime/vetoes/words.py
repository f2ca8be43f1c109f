"""The word lists and clause helpers that vetoes of more than one kind share."""

from __future__ import annotations

from miniserve.tutor.runtime.forms import aux_family, norm
from miniserve.tutor.runtime import tense
from miniserve.tutor.runtime.gate import Edit


UNREAL = frozenset(("if", "though", "suppose", "supposing", "wish", "wished", "imagine"))
TIME_OPENERS = frozenset(("when", "before", "after", "until", "once", "whenever"))
SUBJECT_PRONOUNS = {"he": "singular", "she": "singular", "it": "singular", "i": "plural", "we": "plural",
                    "they": "plural", "you": "plural"}


def one_word(toks: list[str], edit: Edit) -> tuple[str, str] | None:
    new = [t for t in edit.new if t[:1].isalpha()]
    old = [t for t in toks[edit.start:edit.end] if t[:1].isalpha()]
    return (norm(old[0]), norm(new[0])) if len(old) == len(new) == 1 else None


def clause_before(toks: list[str], i: int) -> list[str]:
    """The words of the clause before the token at i, back to a comma or a joining word."""
    words = []
    for t in reversed(toks[:i]):
        w = norm(t)
        if t in (",", ";", ":") or w in ("and", "but", "so", "because"):
            break
        if t[:1].isalpha():
            words.append(w)
    return words[::-1]


def clause_before_any(toks: list[str], i: int) -> list[str]:
    """The words before the token at i back to a comma or the sentence's start ("and" kept)."""
    words = []
    for t in reversed(toks[:i]):
        if t in (",", ";", ":"):
            break
        if t[:1].isalpha():
            words.append(norm(t))
    return words[::-1]


def is_question(toks: list[str]) -> bool:
    return next((t for t in reversed(toks) if not t.isspace()), "") == "?"


def main_verb_only_past(word: str) -> bool:
    """A main verb's form only the past has ("was", "had" are auxiliaries: no)."""
    return tense.only_past(word) and aux_family(word) is None


CLAUSE_OPENERS = frozenset(("that", "if", "when", "because", "since", "while", "although", "though", "whether", "where"))
PERCEIVING = frozenset(("see", "saw", "seen", "watch", "watched", "hear", "heard", "feel", "felt", "notice", "noticed",
                        "let", "make", "made"))  # not "have": "who have your stamps fling" is possession
# adjectives that with "the" name people: "the elderly often sleep"
THE_ADJECTIVE_PEOPLE = frozenset(("elderly", "poor", "rich", "young", "old", "sick", "homeless", "unemployed", "disabled",
                                  "blind", "deaf", "dead", "injured", "wealthy", "weak", "strong", "living", "wounded",
                                  "privileged", "underprivileged", "vulnerable", "needy", "jobless", "aged", "famous"))
