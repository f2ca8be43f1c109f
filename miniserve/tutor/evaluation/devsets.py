"""The hand-written evaluation sets, read from their TSV files (tests/data): one place that knows
their columns, for the evaluation, the calibration and the constraint's timing."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from miniserve import console

DATA = Path(__file__).resolve().parents[3] / "tests" / "data"
HANDWRITTEN = DATA / "handwritten.tsv"
DEV = DATA / "dev_v2.tsv"


@dataclass(frozen=True)
class Case:
    sentence: str
    corrected: str
    kind: str
    target: str  # the form(s) the explanation must name, comma-separated ("" for correct sentences)


def rows(path: Path) -> list[dict]:
    """A TSV's rows by column name (lines starting with # are comments)."""
    with Path(path).open(encoding="utf-8") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))


def handwritten_cases(path: Path = HANDWRITTEN) -> list[Case]:
    return [Case(r["sentence"], r["corrected"], r["kind"], r.get("target", "")) for r in rows(path)]


def dev_cases(path: Path = DEV, half: str | None = None) -> list[Case]:
    """Any set with `input` and `corrected` columns (`kind` or `class`, and `keywords`, when it has
    them); `half`: only the rows whose `half` column says so (a set split into dev and test halves)."""
    table = rows(path)
    if table and not {"input", "corrected"} <= set(table[0]):
        raise console.InputError(f"{path}: a table with `input` and `corrected` columns is needed")
    return [Case(r["input"], r["corrected"], r.get("kind") or r.get("class") or "", r.get("keywords") or "")
            for r in table if half is None or r.get("half") == half]
