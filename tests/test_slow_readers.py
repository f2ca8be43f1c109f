"""Clients that never read their answer, on the real server over raw loopback sockets: they neither
lock others out (admission counts what is in the engine, not handlers blocked writing) nor keep
their connection past the write deadline. Every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket

import httpx
import pytest
import trio
from helpers import real_server

WRITE_TIMEOUT = 20.0  # far longer than the engine takes for the four streams below, even on a busy machine
# A stream far larger than the kernel buffers in between: its handler's write blocks.
STREAM = {"model": "miniserve-tutor", "prompt": "He goed to school", "max_tokens": 160, "ignore_eos": True,
          "logprobs": 5, "stream": True}


@pytest.fixture(scope="module")
def server(tutor_folder):
    flags = ("--max-batch", "2", "--max-queue", "2", "--write-timeout", str(WRITE_TIMEOUT))
    with real_server(tutor_folder, *flags, stop=signal.SIGKILL) as (process, port):
        yield process, port


def never_reading(port: int, body: dict) -> socket.socket:
    """A client with a small receive buffer that sends one request and never calls recv."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    data = json.dumps(body).encode()
    sock.sendall(b"POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(data), data))
    return sock


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def counter(client: httpx.AsyncClient, name: str) -> float:
    for line in (await client.get("/metrics")).text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return 0.0


async def in_engine(client: httpx.AsyncClient) -> int:
    stats = (await client.get("/stats")).json()
    return stats["running"] + stats["waiting"]


async def test_clients_that_never_read_lock_nobody_out_and_are_closed_after_the_write_deadline(server):
    process, port = server
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        before = open_fds(process.pid)
        # As many streams as the engine holds (2 slots + a queue of 2), none of them ever read.
        sockets = []
        try:
            with trio.fail_after(60):
                for i in range(4):  # one at a time, each once the one before has begun
                    sockets.append(never_reading(port, STREAM))
                    while await counter(client, "miniserve_time_to_first_token_seconds_count") < i + 1:
                        await trio.sleep(0.05)
                while await in_engine(client):  # the engine has let go of them
                    await trio.sleep(0.05)
            answer = await client.post("/correct", json={"sentence": "He goed to school."})
            assert answer.status_code == 200 and answer.json()["corrected"] == "He went to school."
            assert open_fds(process.pid) >= before + 4  # the four were there all along, blocked writing
            with trio.fail_after(WRITE_TIMEOUT + 30):  # the kernel closes them once their window stays shut
                while open_fds(process.pid) > before + 1:
                    await trio.sleep(0.1)
            stats = (await client.get("/stats")).json()
            assert stats["kv_slots_used"] == 0 and stats["running"] == stats["waiting"] == 0
        finally:
            for sock in sockets:
                sock.close()
