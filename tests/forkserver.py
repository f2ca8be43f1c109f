"""`miniserve serve` replicas that start in about a second, for tests that restart one many times.
Run as a script, this process imports the server and loads the Numba kernels once, then forks one
child per line it reads ("PORT LOG FLAGS...") and answers with the child's pid. Each child is a
real server process (it runs `miniserve serve` from the imports it inherited); the test kills it
by that pid. `Forks` is the test's side."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import trio


class Forks:
    """The fork server for `model`; `start(port, log, flags)` -> pid; close() kills every child."""

    def __init__(self, model: Path, root: Path):
        self.process = subprocess.Popen([sys.executable, __file__, str(model)], cwd=root, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=dict(os.environ, PYTHONPATH=str(root)))
        self.children: list[int] = []

    async def start(self, port: int, log: Path, flags: tuple[str, ...]) -> int:
        self.process.stdin.write(" ".join([str(port), str(log), *flags]) + "\n")
        self.process.stdin.flush()
        line = await trio.to_thread.run_sync(self.process.stdout.readline)  # the warm-up comes first
        if not line:
            raise AssertionError(f"the fork server exited with {self.process.poll()}")
        self.children.append(int(line))
        return self.children[-1]

    def close(self) -> None:
        for pid in self.children:
            kill(pid)
        self.process.kill()
        self.process.wait(10)


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def serve_forks(model: str) -> None:
    from miniserve.http import server  # noqa: F401  (the imports every child would pay for)
    from miniserve.cli import main
    from miniserve.engine import Engine

    Engine.from_folder(model, n_slots=2, max_step_tokens=64).warmup()  # compiled kernels are inherited
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the children: a killed one vanishes
    for line in sys.stdin:
        port, log, *flags = line.split()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                os.dup2(os.open(os.devnull, os.O_RDWR), 0)
                os.dup2(os.open(os.devnull, os.O_RDWR), 1)
                os.dup2(os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND), 2)
                code = main(["serve", "--port", port, "--model", model, *flags])
            finally:
                os._exit(code)
        print(pid, flush=True)


if __name__ == "__main__":
    serve_forks(sys.argv[1])
