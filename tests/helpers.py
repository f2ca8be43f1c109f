"""Helpers shared by the tests that run a real server."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import tempfile
from contextlib import contextmanager

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
    (process, port); on exit sends `stop` (the drain signal by default) and waits for the exit."""
    port = free_port()
    log = tempfile.TemporaryFile("w+")  # read on failure; a pipe nobody reads would block the server
    process = subprocess.Popen(
        [sys.executable, "-m", "miniserve.cli", "serve", "--port", str(port), "--model", str(model), *flags],
        stdout=subprocess.DEVNULL, stderr=log, text=True,
    )
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
