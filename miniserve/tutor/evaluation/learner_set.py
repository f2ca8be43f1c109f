"""The learner-style set (tests/data/learner_v3.tsv): sentences in the style of B2 learners' exam
essays, hand-written before tutor v3 was trained, in two halves (`dev`, used while building; `test`,
opened once at the end), and its report on what the service would show (edit-constrained decoding,
then the guard and, through the served flow, the confidence gate):

- error-free sentences returned unchanged, overall and per hard-case family;
- sentences whose only errors are verb forms corrected exactly, overall and per class;
- how many of those the guard would let through even if the model answered exactly right.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from miniserve.tutor.runtime.guard import Review, review, verb_edit_only
from miniserve.tutor.runtime.prompt import Completion

LEARNER = Path(__file__).resolve().parents[3] / "tests" / "data" / "learner_v3.tsv"
# the second to forty-first sets, each written by another hand after the runtime rules, without reading them
# (same format; a file's header says whether it holds error-free sentences only); then correct sentences written
# to look like the errors the rules fix, on which the rules were tuned: a dev half only
LEARNER_SETS = {f"learner_v{n}": LEARNER.with_name(f"learner_v{n}.tsv") for n in range(3, 460)} | {
    "lookalikes": LEARNER.with_name("lookalikes.tsv")}
HALVES = ("dev", "test")
ERROR_CLASSES = ("agreement", "tense", "verb_form", "inflection", "two_errors")
CLASSES = ("correct",) + ERROR_CLASSES
HARD_FAMILIES = ("imperative", "generic_plural", "noun_verb", "modal", "coordinated", "there_is",
                 "long_subject", "question", "past_perfect", "conditional", "plain")
GENRES = ("formal_letter", "informal_letter", "story", "report", "opinion")


@dataclass(frozen=True)
class LearnerCase:
    id: str
    half: str
    genre: str
    kind: str  # the TSV's `class`: "correct" or the verb error's class
    hard: str  # the hard-case family of a correct sentence; "-" for the others
    sentence: str
    corrected: str


def learner_cases(half: str | None = None, path: Path = LEARNER) -> list[LearnerCase]:
    """The set's rows, or one half's."""
    if half is not None and half not in HALVES:
        raise ValueError(f"half must be one of {HALVES}, not {half!r}")
    with path.open(encoding="utf-8") as f:
        # QUOTE_NONE: a story's dialogue starts with a quotation mark, which is part of the sentence
        lines = (line for line in f if not line.startswith("#"))
        rows = list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    if rows and "pattern" in rows[0]:  # the look-alikes: correct sentences only, all of them a dev half
        rows = [{"id": f"A{n:03d}", "half": "dev", "genre": "-", "class": "correct", "hard": f"pattern_{r['pattern']}",
                 "input": r["sentence"], "corrected": r["sentence"]} for n, r in enumerate(rows, 1)]
    cases = [LearnerCase(r["id"], r["half"], r["genre"], r["class"], r["hard"], r["input"], r["corrected"])
             for r in rows]
    return [c for c in cases if half is None or c.half == half]


def _share(values: list[bool]) -> dict:
    return {"n": len(values), "ok": sum(values), "share": round(sum(values) / len(values), 4) if values else None}


def report(cases: list[LearnerCase], completions: list[Completion], shown: list[Review] | None = None) -> dict:
    """The issue's two numbers (after the guard) with their breakdowns, and the failures. `shown`:
    what the served flow answered (tutoring.py: guard and gate); None: the guard's review of each
    completion."""
    unchanged, exact, reachable = defaultdict(list), defaultdict(list), []
    model_exact, withheld, failures = [], [], []
    if shown is None:
        shown = [review(case.sentence, got.corrected, got.explanation) for case, got in zip(cases, completions)]
    for case, got, answer in zip(cases, completions, shown, strict=True):
        withheld.append(answer.withheld)
        if case.kind == "correct":
            ok = answer.corrected == case.sentence
            unchanged[case.hard].append(ok)
        else:
            ok = answer.corrected == case.corrected
            exact[case.kind].append(ok)
            model_exact.append(got.corrected == case.corrected)
            reachable.append(verb_edit_only(case.sentence, case.corrected))
        if not ok:
            failures.append({"id": case.id, "class": case.kind, "hard": case.hard, "input": case.sentence,
                             "expected": case.corrected, "model": got.corrected, "shown": answer.corrected,
                             "withheld": answer.withheld})
    all_unchanged = [v for values in unchanged.values() for v in values]
    all_exact = [v for values in exact.values() for v in values]
    return {
        "n": len(cases),
        "correct_unchanged": _share(all_unchanged),
        "correct_unchanged_by_family": {k: _share(unchanged[k]) for k in HARD_FAMILIES if k in unchanged},
        "errors_exact": _share(all_exact),
        "errors_exact_by_class": {k: _share(exact[k]) for k in ERROR_CLASSES if k in exact},
        "errors_exact_before_guard": _share(model_exact),
        "errors_the_guard_allows": _share(reachable),
        "withheld": _share(withheld),
        "failures": failures,
    }


def table(result: dict) -> str:
    """The report as a plain-text table."""
    def row(name: str, s: dict) -> str:
        share = f"{100 * s['share']:5.1f}%" if s["share"] is not None else "    -"
        return f"  {name:<34} {s['ok']:>4} / {s['n']:<4} {share}"

    lines = ["error-free sentences returned unchanged", row("all", result["correct_unchanged"])]
    lines += [row(k, s) for k, s in result["correct_unchanged_by_family"].items()]
    lines += ["verb-only errors corrected exactly (after the guard)", row("all", result["errors_exact"])]
    lines += [row(k, s) for k, s in result["errors_exact_by_class"].items()]
    lines += [row("model's answer exact, before the guard", result["errors_exact_before_guard"]),
              row("expected answer the guard allows", result["errors_the_guard_allows"]),
              row("answers withheld (all sentences)", result["withheld"])]
    return "\n".join(lines)
