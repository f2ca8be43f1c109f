"""Helpers shared by the tests that run a real server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import httpx
import trio


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


@contextmanager
def real_server(model, *flags: str, stop: int = signal.SIGTERM):
    """`miniserve serve` on a free loopback port, ready (/readyz 200) once entered: yields
    (process, port); on exit sends `stop` (the drain signal by default) and waits for the exit.
    `process.log` is the server's stderr (a file)."""
    port = free_port()
    log = tempfile.TemporaryFile("w+")  # read on failure; a pipe nobody reads would block the server
    process = subprocess.Popen(
        [sys.executable, "-m", "miniserve.cli", "serve", "--port", str(port), "--model", str(model), *flags],
        stdout=subprocess.DEVNULL, stderr=log, text=True,
    )
    process.log = log
    try:
        async def ready():
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
                await wait_ready(client, process)
        trio.run(ready)
        yield process, port
    finally:
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
