"""Helpers shared by the tests that run a real server, and a stand-in for the parser's worker."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import trio

from bench.loadgen import free_port  # noqa: F401 (the tests import it from here)

ROOT = Path(__file__).resolve().parents[1]


async def wait_ready(client: httpx.AsyncClient, process, seconds: float = 120) -> None:
    """Poll /readyz until 200; fail if the server process exits first."""
    with trio.fail_after(seconds):
        while True:
            if process.poll() is not None:
                raise AssertionError(f"the server exited with {process.returncode}")
            try:
                if (await client.get("/readyz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await trio.sleep(0.1)


async def lifespan(receive, send) -> None:
    """A fake ASGI app's lifespan: acknowledge start-up and shutdown."""
    while True:
        message = await receive()
        await send({"type": message["type"] + ".complete"})
        if message["type"] == "lifespan.shutdown":
            return


async def read_body(receive) -> bytes:
    """A fake ASGI app's whole request body."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            return body


class ServerLog:
    """The server's stdout and stderr, kept in a temporary file and read back for asserts."""

    def __init__(self):
        self.file = tempfile.TemporaryFile("w+")

    def lines(self) -> list[str]:
        """Read at an offset (pread): the file's own offset is shared with the writing server."""
        fd = self.file.fileno()
        return os.pread(fd, os.fstat(fd).st_size, 0).decode(errors="replace").splitlines()


def serve(model, port: int | None, *flags: str, log, env: dict | None = None) -> subprocess.Popen:
    """`miniserve serve` from this tree on 127.0.0.1:`port` (flags, or MINISERVE_HOST/PORT in `env`
    when `port` is None), its stdout and stderr into the file `log` (a pipe nobody reads would block
    the server)."""
    address = ["--host", "127.0.0.1", "--port", str(port)] if port is not None else []
    return subprocess.Popen(
        [sys.executable, "-m", "miniserve.cli", "serve", *address, "--model", str(model), *flags],
        cwd=ROOT, stdout=log, stderr=log, text=True,
        env={**os.environ, **(env or {}), "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})


def wait_ready_blocking(port: int, process, log: ServerLog, seconds: float = 120) -> None:
    """`wait_ready` for a caller with no event loop (a fixture) or one that has nothing else to run
    yet; a failure shows the end of the server's log."""
    deadline = time.monotonic() + seconds
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5) as client:
        while process.poll() is None and time.monotonic() < deadline:
            try:
                if client.get("/readyz").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
    state = f"exited with {process.returncode}" if process.poll() is not None else f"not ready in {seconds} s"
    raise AssertionError(f"the server {state}:\n" + "\n".join(log.lines()[-20:]))


@contextmanager
def real_server(model, *flags: str, stop: int = signal.SIGTERM, log: ServerLog | None = None,
                env: dict | None = None, port_from_env: bool = False):
    """`miniserve serve` on a free loopback port, ready (/readyz 200) once entered: yields
    (process, port). Its stdout and stderr go to `log` (pass one to assert on them). On exit, if still
    running, it gets `stop` (the drain signal by default), and SIGKILL if it has not exited in 30 s.
    `port_from_env`: the address is given as MINISERVE_HOST/MINISERVE_PORT, not as flags."""
    port = free_port()
    log = log or ServerLog()
    address = {"MINISERVE_HOST": "127.0.0.1", "MINISERVE_PORT": str(port)} if port_from_env else {}
    process = serve(model, None if port_from_env else port, *flags, log=log.file, env={**(env or {}), **address})
    process.log = log  # the server's output, for asserts after the fact
    try:
        wait_ready_blocking(port, process, log)
        yield process, port
    finally:
        if process.poll() is None:
            process.send_signal(stop)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def children(pid: int) -> list[int]:
    """The processes `pid` started, from any of its threads."""
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir() for child in (task / "children").read_text().split()]


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")


def core_pid(server_pid: int) -> int:
    """The server's engine core process (with --engine-process or --api-processes)."""
    (core,) = [pid for pid in children(server_pid) if "miniserve.engine.core" in command_line(pid)]
    return core


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting for its parent)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def connection_holder(pids: list[int], client_port: int) -> int:
    """Which of `pids` holds the server's end of the loopback TCP connection from `client_port`."""
    inodes = {line.split()[9] for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
              if int(line.split()[2].split(":")[1], 16) == client_port}
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd).removeprefix("socket:[").removesuffix("]") in inodes:
                    return pid
            except OSError:
                continue
    raise AssertionError(f"no process of {pids} holds the connection from port {client_port}")


class HeldWorker:
    """A stand-in for the parser's worker process that answers a call only when the test releases it,
    and tells the test what each call asked. Its answer is `answer` for every sentence (the JSON form
    of a parse, parser_process.decoded; None: no parse)."""

    def __init__(self, answer: list | None = None):
        self.stdin = self.stdout = self
        self.asked: queue.Queue[list[str]] = queue.Queue()
        self.answers = threading.Semaphore(0)
        self.answer = answer
        self.last: list[str] = []

    def poll(self):
        return None

    def write(self, line: str) -> None:
        self.last = json.loads(line)
        self.asked.put(self.last)

    def flush(self) -> None:
        pass

    def readline(self) -> str:
        assert self.answers.acquire(timeout=30)
        return json.dumps([self.answer] * len(self.last)) + "\n"
