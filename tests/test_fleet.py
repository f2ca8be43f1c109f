"""bench/fleet.py on known inputs, and docs/scale.md's table is what the committed command prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bench.fleet import Point, goodput, main, plan, sweep_points

ROOT = Path(__file__).resolve().parents[1]
POINTS = [Point(20, 0.05, 0.03, 0), Point(50, 0.10, 0.05, 0), Point(90, 0.20, 0.10, 0),
          Point(120, 0.50, 0.30, 0), Point(110, 2.0, 0.75, 200)]


def test_goodput_is_the_best_measured_rate_that_met_the_objective():
    assert goodput(POINTS, 0.25).answered == 90
    assert goodput(POINTS, 1.0).answered == 120  # 110 req/s refused requests: never goodput
    assert goodput(POINTS, 0.01) is None


def test_plan_on_known_inputs():
    row = plan(500, 0.25, POINTS)
    assert row["replicas"] == 7  # ceil(500 / 90) = 6, plus one spare
    assert row["cores"] == 7
    assert row["rate_per_replica"] == round(500 / 7, 2)
    # Little's law at 71.4 req/s each, with W measured at the next rate up (90 req/s: 0.10 s).
    assert row["in_system_per_replica"] == round(500 / 7 * 0.10, 2)
    # Queue: mu = the peak answered rate (120), S = the lightest rate's W (0.03 s): floor(120 * 0.22).
    assert row["max_queue"] == 26
    assert row["utilisation"] == round(500 / 7 / 120, 3)
    assert plan(500, 0.25, POINTS, spare=0)["replicas"] == 6
    assert plan(10, 0.25, POINTS)["replicas"] == 2  # one replica is enough; one more to lose
    assert plan(500, 0.01, POINTS) is None


def test_docs_scale_table_is_what_the_command_prints(capsys):
    """A committed number needs its command: if docs/results is re-measured, this fails until the
    table in docs/scale.md is regenerated with the command written above it."""
    doc = (ROOT / "docs" / "scale.md").read_text()
    command = re.search(r"```sh\n(python -m bench\.fleet[^\n]*)\n```", doc).group(1)
    argv = command.split()[3:]
    main(argv)
    printed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert printed and all(line in doc for line in printed), printed
    points = sweep_points(json.loads((ROOT / "docs" / "results" / "previous" / "summary.json").read_text()))
    assert points and all(p.mean > 0 for p in points)
