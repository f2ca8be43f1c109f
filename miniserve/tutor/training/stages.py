"""The shipped tutor's training, stage by stage, into runs/ (never over the shipped model).

    python -m miniserve.tutor.training.stages            # list the stages and their commands
    python -m miniserve.tutor.training.stages 4          # run stage 4 into runs/stage4 (needs runs/stage3)
    python -m miniserve.tutor.training.stages all        # every stage in order, skipping finished ones

Each stage continues the one before it, with the corpus, seed, learning rate and step count that the
shipped model's `training.json` records. Stages 3 and 4 were cut by their time limit on a busy
machine (2,403 and 601 steps), as was stage 9 (1,115 steps); here they run exactly that many steps, so their learning-rate schedule
follows steps where the original followed wall time: the same data and shape, not bit-identical
weights. A killed stage resumes when the same command runs again (train.py's checkpoints). The
result of stage 20 is the model to compare with `miniserve/tutor/model/` (`python -m
miniserve.tutor.evaluation.evaluate --model runs/stage20`); copy it there only on purpose.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from miniserve import console

RUNS = Path("runs")


@dataclass(frozen=True)
class Stage:
    name: str
    init: str | None
    args: tuple[str, ...]

    @property
    def out(self) -> Path:
        return RUNS / self.name

    def argv(self) -> list[str]:
        init = ["--init", str(RUNS / self.init)] if self.init else []
        return ["--out", str(self.out), *init, *self.args, "--checkpoint-every", "100",
                "--pid-file", str(RUNS / "train.pids")]  # so that `python -m bench.quiet` can pause it


# Stage 7 was trained from stage 6 and not kept; stage 8 continues stage 6. Stage 10 was trained from
# stage 9 and not shipped; stage 11 continues stage 9, stage 12 stage 11. Stage 13 was trained from stage 12
# and not shipped; stage 14 continues stage 12, stage 15 stage 14, stage 16 stage 15 (trained as runs/stage16c:
# a first stage 16 with three times v10's share of the third text was not shipped), stage 17 stage 16 (a second
# try with half of corpus v11's parsed part as written, stage 17b, was not shipped: docs/model.md, "Stage 17"),
# stage 18 stage 17, stage 19 stage 18, stage 20 stage 19 (trained as runs/stage20b: a first stage 20 with twice
# v14's share of the sets and twice the steps was not shipped: docs/model.md, "Stage 20").
SHIPPED = (
    Stage("stage1", None, ("--seed", "0", "--lr", "2e-3", "--steps", "3400", "--max-minutes", "60")),
    Stage("stage2", "stage1", ("--seed", "1", "--lr", "1e-3", "--steps", "3400", "--max-minutes", "60")),
    Stage("stage3", "stage2", ("--seed", "2", "--lr", "5e-4", "--steps", "2403", "--max-minutes", "60")),
    Stage("stage4", "stage3", ("--corpus", "v2", "--seed", "4", "--lr", "1e-3", "--warmup", "100",
                               "--examples", "400000", "--steps", "601", "--max-minutes", "60")),
    Stage("stage5", "stage4", ("--corpus", "v2", "--seed", "5", "--lr", "5e-4", "--warmup", "50",
                               "--examples", "300000", "--steps", "2000", "--max-minutes", "85")),
    Stage("stage6", "stage5", ("--corpus", "v2", "--seed", "6", "--lr", "3e-4", "--warmup", "50",
                               "--examples", "300000", "--steps", "2000", "--max-minutes", "85")),
    Stage("stage8", "stage6", ("--corpus", "v2", "--seed", "8", "--lr", "3e-4", "--warmup", "50",
                               "--examples", "300000", "--steps", "2400", "--max-minutes", "85")),
    Stage("stage9", "stage8", ("--corpus", "v3", "--seed", "9", "--lr", "3e-4", "--warmup", "50",
                               "--examples", "240000", "--steps", "1115", "--max-minutes", "85")),
    Stage("stage11", "stage9", ("--corpus", "v5", "--seed", "11", "--lr", "2e-4", "--warmup", "50",
                                "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage12", "stage11", ("--corpus", "v6", "--seed", "12", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage14", "stage12", ("--corpus", "v8", "--seed", "14", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage15", "stage14", ("--corpus", "v9", "--seed", "15", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage16", "stage15", ("--corpus", "v10", "--seed", "16", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage17", "stage16", ("--corpus", "v11", "--seed", "17", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage18", "stage17", ("--corpus", "v12", "--seed", "18", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage19", "stage18", ("--corpus", "v13", "--seed", "19", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
    Stage("stage20", "stage19", ("--corpus", "v14", "--seed", "20", "--lr", "1.5e-4", "--warmup", "50",
                                 "--examples", "240000", "--steps", "1200", "--max-minutes", "80")),
)


def finished(stage: Stage) -> bool:
    return (stage.out / "training.json").exists()


def main(argv: list[str] | None = None) -> int:
    by_number = {s.name.removeprefix("stage"): s for s in SHIPPED}
    parser = console.ArgumentParser(prog="python -m miniserve.tutor.training.stages", description=__doc__.split("\n\n")[0])
    parser.add_argument("stage", nargs="?", choices=[*by_number, "all"],
                        help="the stage to run, or all in order (skipping finished ones); none: list them")
    args = parser.parse_args(argv)
    if args.stage is None:
        for s in SHIPPED:
            print(f"{s.name}: python -m miniserve.tutor.training.train {' '.join(s.argv())}")
        return 0
    wanted = list(SHIPPED) if args.stage == "all" else [by_number[args.stage]]
    from miniserve.tutor.training import train  # torch: only when a stage really runs

    for stage in wanted:
        if args.stage == "all" and finished(stage):
            continue
        if stage.init and not finished(next(s for s in SHIPPED if s.name == stage.init)):
            print(f"{stage.name} continues {RUNS / stage.init}, which is not trained yet", file=sys.stderr)
            return 2
        train.main(stage.argv())
    return 0


if __name__ == "__main__":
    console.run(main)
