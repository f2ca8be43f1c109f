"""Calibrate the tutor's confidence gate on a set of (input, corrected) pairs: run every input through
the served flow once with the gate scoring but keeping everything, then answer again at each
threshold from the recorded margins, and print the curve:

- unchanged: of the error-free inputs (corrected == input), the share returned exactly as typed;
- fixed: of the inputs with an error, the share returned exactly as `corrected`.

    python -m miniserve.tutor.evaluation.calibrate tests/data/dev_v2.tsv [--write docs/model.md] [--target 0.995] [--half dev]

Any TSV with `input` and `corrected` columns works (`--half dev`: only its dev half). `--write` replaces the calibration section of
that Markdown file (between its two markers) with the curve, the command and the commit.
"""

from __future__ import annotations

import argparse
import math
import subprocess
from dataclasses import dataclass
from pathlib import Path

from miniserve.config import Settings
from miniserve.tutor.evaluation.devsets import Case, dev_cases
from miniserve.tutor.evaluation.evaluate import answer, engine_tutor
from miniserve.service.tutoring import Turn
from miniserve import console

START, END = "<!-- calibration: start -->", "<!-- calibration: end -->"
THRESHOLDS = (-math.inf, -2.0, -1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


@dataclass(frozen=True)
class Point:
    threshold: float
    unchanged: float  # share of error-free inputs returned as typed
    fixed: float  # share of inputs with an error corrected exactly
    withheld: int  # answers the gate (or the guard) withheld


def curve(cases: list[Case], turns: list[Turn], thresholds) -> list[Point]:
    points = []
    for t in thresholds:
        shown = [turn.gated(t) if turn.margins else turn.review for turn in turns]
        clean = [r.corrected == c.sentence for c, r in zip(cases, shown) if c.corrected == c.sentence]
        fixed = [r.corrected == c.corrected for c, r in zip(cases, shown) if c.corrected != c.sentence]
        points.append(Point(t, sum(clean) / max(1, len(clean)), sum(fixed) / max(1, len(fixed)),
                            sum(r.withheld for r in shown)))
    return points


def lowest_safe(cases: list[Case], turns: list[Turn], target: float) -> Point | None:
    """The lowest threshold (among the margins seen, and 0) whose unchanged share meets `target`."""
    candidates = sorted({0.0} | {m + 1e-6 for turn in turns for m in turn.margins})
    for point in curve(cases, turns, candidates):
        if point.unchanged >= target:
            return point
    return None


def table(points: list[tuple[str, Point]], n_clean: int, n_errors: int) -> str:
    lines = [f"| threshold (nats) | error-free unchanged (of {n_clean}) | errors fixed exactly (of {n_errors}) | withheld |",
             "|---|---|---|---|"]
    for label, p in points:
        shown = "off" if p.threshold == -math.inf else f"{p.threshold:.4g}"
        lines.append(f"| {shown}{f' ({label})' if label else ''} | {p.unchanged:.1%} | {p.fixed:.1%} | {p.withheld} |")
    return "\n".join(lines)


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_section(doc: Path, text: str) -> None:
    body = doc.read_text(encoding="utf-8")
    if START in body and END in body:
        body = body[:body.index(START)] + text + body[body.index(END) + len(END):]
    else:
        body = body.rstrip("\n") + "\n\n" + text + "\n"
    doc.write_text(body, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    from miniserve.tutor import model_folder

    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("tsv", type=Path, help="pairs to calibrate on: a TSV with `input` and `corrected` columns")
    p.add_argument("--model", type=Path, default=None)
    p.add_argument("--target", type=float, default=0.995, help="least share of error-free inputs left unchanged")
    p.add_argument("--write", type=Path, help="a Markdown file whose calibration section to replace")
    p.add_argument("--half", help="only the rows of this half (a `half` column: calibrate on dev, never on test)")
    args = p.parse_args(argv)
    cases = dev_cases(args.tsv, args.half)
    if not cases:
        raise SystemExit(f"no rows in {args.tsv}{f' with half={args.half}' if args.half else ''}")
    tutor, run = engine_tutor(args.model or model_folder(), constrained=True, threshold=-math.inf)
    turns = answer(tutor, run, [c.sentence for c in cases])
    n_clean = sum(c.corrected == c.sentence for c in cases)
    default = Settings().gate_threshold
    points = [("", p) for p in curve(cases, turns, THRESHOLDS)]
    safe = lowest_safe(cases, turns, args.target)
    points += [("lowest that meets the target", safe)] if safe else []
    points += [("the shipped default", p) for p in curve(cases, turns, [default])]
    shown = table(points, n_clean, len(cases) - n_clean)
    verdict = (f"The lowest threshold that leaves at least {args.target:.1%} of the error-free inputs unchanged: "
               f"**{safe.threshold:.2f}** ({safe.unchanged:.1%} unchanged, {safe.fixed:.1%} fixed exactly)."
               if safe else f"No threshold leaves {args.target:.1%} of the error-free inputs unchanged.")
    print(shown + "\n\n" + verdict)
    if args.write:
        command = f"python -m miniserve.tutor.evaluation.calibrate {args.tsv.as_posix()} --write {args.write.as_posix()}"
        if args.target != 0.995:
            command += f" --target {args.target:g}"
        if args.half:
            command += f" --half {args.half}"
        write_section(args.write, "\n".join([
            START, f"Measured with `{command}` at commit `{commit()}` "
                   f"({len(cases)} sentences: {n_clean} error-free, {len(cases) - n_clean} with errors):", "",
            shown, "", verdict, END]))


if __name__ == "__main__":
    console.run(main)
