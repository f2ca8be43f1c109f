"""Run one benchmark alone on the machine: no other benchmark, no training, beside it.

    python -m bench.quiet -- python -m bench.kernels --steps 12 --repeat 3

Two cores are shared by everything here, so a benchmark beside a training run measures the
training run. This takes an exclusive lock (`runs/quiet.lock`: a second `bench.quiet` waits for the
first), pauses every training process registered in `runs/train.pids` (train.py's `--pid-file`;
paused time does not count against its `--max-minutes`) with SIGSTOP, runs the command, and
resumes them with SIGCONT, also when the command fails or is interrupted. It cannot stop what is
not registered: the tests, a server of yours, another user's work.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import signal
import subprocess
import sys
from pathlib import Path
from miniserve import console

LOCK = Path("runs/quiet.lock")
TRAINING = Path("runs/train.pids")


def registered(pid_file: Path) -> list[int]:
    if not pid_file.exists():
        return []
    return [int(line) for line in pid_file.read_text().split() if line.isdigit()]


def signal_all(pids: list[int], sig: signal.Signals) -> list[int]:
    """Send sig to each pid that still exists; return those reached."""
    reached = []
    for pid in pids:
        try:
            os.kill(pid, sig)
            reached.append(pid)
        except ProcessLookupError:
            pass
    return reached


def main(argv: list[str] | None = None) -> int:
    p = console.ArgumentParser(prog="python -m bench.quiet", description=__doc__.split("\n\n")[0])
    p.add_argument("--pid-file", type=Path, default=TRAINING, help="training processes to pause")
    p.add_argument("command", nargs=argparse.REMAINDER, help="the benchmark, after --")
    args = p.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        p.error("name the command to run after --")
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        paused = signal_all(registered(args.pid_file), signal.SIGSTOP)
        if paused:
            print(f"bench.quiet: paused training {paused}", file=sys.stderr)
        try:
            return subprocess.call(command)
        finally:
            signal_all(paused, signal.SIGCONT)


if __name__ == "__main__":
    console.run(main)
