"""The tutor's confidence gate: keep an edit only when the model prefers it to the input as typed.

A proposed correction is cut into edits: the changed stretches of the word alignment the guard
uses. For each edit the gate compares teacher-forced log-probabilities (the engine scores them all
in one batched step) of whole answers, `{sentence}<|why|>` after the prompt:

    margin(edit) = max(score(input + edit) - score(input),           the edit alone
                       score(correction) - score(correction - edit)) the edit among the others

A score is the sum of the log-probabilities (nats) of the answer's sentence tokens and of the
`<|why|>` that ends it: the log of the probability of the whole answer, not a mean per token. The
two answers share every token but a few, so their difference is the log-likelihood ratio of the
edit whatever the sentence's length (a mean would shrink the margin of one edit in a long
sentence). With one edit both terms are the same; with two, an edit that only makes sense with the
other ("don't likes" -> "doesn't like") still passes on the second term.
An edit is kept when its margin is at least the threshold; the answer applies the kept edits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from miniserve.tutor.runtime.guard import tokens


@dataclass(frozen=True)
class Edit:
    start: int  # the input's tokens [start, end) become `new`
    end: int
    new: tuple[str, ...]


def edits(original: str, corrected: str) -> list[Edit]:
    """The changed stretches between the input and a correction, in order."""
    a, b = tokens(original), tokens(corrected)
    return [Edit(i1, i2, tuple(b[j1:j2])) for op, i1, i2, j1, j2 in
            SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op != "equal"]


def apply(original: str, changes: list[Edit], keep: frozenset[int]) -> str:
    """The input with the kept edits (by index) applied."""
    a, out, last = tokens(original), [], 0
    for i, edit in enumerate(changes):
        if i in keep:
            out += a[last:edit.start] + list(edit.new)
            last = edit.end
    return "".join(out + a[last:])


def variants(n_edits: int) -> list[frozenset[int]]:
    """The sets of kept edits to score: none (the copy), all (the correction), and with two or more
    edits each edit alone and all but each one."""
    everything = frozenset(range(n_edits))
    sets = [frozenset(), everything]
    if n_edits > 1:
        sets += [frozenset({i}) for i in range(n_edits)] + [everything - {i} for i in range(n_edits)]
    return list(dict.fromkeys(sets))


def margins(n_edits: int, scores: dict[frozenset[int], float]) -> list[float]:
    """Each edit's margin from the scores of `variants(n_edits)`."""
    everything = frozenset(range(n_edits))
    return [max(scores[frozenset({i})] - scores[frozenset()], scores[everything] - scores[everything - {i}])
            for i in range(n_edits)]


def decide(edit_margins: list[float], threshold: float, doubts: list[float] | None = None) -> frozenset[int]:
    """The edits that pass; each must beat the threshold plus its doubt (agreement.py: nats more
    where the sentence's own words speak against it)."""
    doubts = doubts or [0.0] * len(edit_margins)
    return frozenset(i for i, m in enumerate(edit_margins) if m >= threshold + doubts[i])


_SENTENCE = re.compile(r"[^.!?]+[.!?]*\s*")


def explanation_for(explanation: str, original: str, changes: list[Edit], keep: frozenset[int]) -> str:
    """The model's explanation without the sentences that name a form of a dropped edit only; if
    nothing is left, one line per kept edit, written from the edit."""
    dropped = {w.lower() for i, e in enumerate(changes) if i not in keep for w in e.new if w.strip()}
    kept = {w.lower() for i, e in enumerate(changes) if i in keep for w in e.new if w.strip()}
    lost = dropped - kept
    parts = [p for p in _SENTENCE.findall(explanation)
             if not {q.lower() for q in re.findall(r"'([^']+)'", p)} & lost]
    if "".join(parts).strip():
        return "".join(parts).strip()
    a = tokens(original)
    return " ".join(f"Use '{''.join(changes[i].new).strip()}', not '{''.join(a[changes[i].start:changes[i].end]).strip()}'."
                    for i in sorted(keep))
