"""Replicas behind the real HAProxy with the shipped deploy/haproxy/haproxy.cfg (HAProxy expands its
${...} variables from the environment we give it), for the tests that need the balancer. Only
127.0.0.1; every wait is bounded."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import trio
from helpers import serve, wait_ready

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "haproxy" / "haproxy.cfg"
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"  # .ci/run installs Debian's package
SENTENCES = ["He goed to school.", "She has went home.", "My aunt watch the news.", "Did they bought it?"]


def haproxy_env(tmp: Path, port: int, replicas: list[int], maxconn: int) -> dict:
    return dict(os.environ, MINISERVE_LB_BIND=f"127.0.0.1:{port}", MINISERVE_LB_STATS=str(tmp / "haproxy.sock"),
                MINISERVE_REPLICA_1=f"127.0.0.1:{replicas[0]}", MINISERVE_REPLICA_2=f"127.0.0.1:{replicas[1]}",
                MINISERVE_REPLICA_MAXCONN=str(maxconn))


@contextmanager
def balancer(env: dict, log: Path):
    """HAProxy in the foreground with the shipped config; killed on exit."""
    with open(log, "w") as out:
        process = subprocess.Popen([HAPROXY, "-db", "-f", str(CONFIG)], env=env, stdout=out, stderr=out)
    try:
        yield process
    finally:
        process.kill()
        process.wait(10)


class Replica:
    """One `miniserve serve` process on a fixed port, with `flags`; start() again after it stopped."""

    def __init__(self, name: str, port: int, model: Path, log: Path, flags: tuple[str, ...] = ()):
        self.name, self.port, self.model, self.log, self.flags = name, port, model, log, flags
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "a") as log:
            self.process = serve(self.model, self.port, *self.flags, log=log)

    async def ready(self) -> float:
        """Wait for /readyz 200 (asked directly, not through HAProxy); return when it was seen."""
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{self.port}", timeout=5) as client:
            await wait_ready(client, self.process)
        return trio.current_time()

    async def exited(self, seconds: float = 40) -> int:
        with trio.fail_after(seconds):
            while self.process.poll() is None:
                await trio.sleep(0.05)
        return self.process.returncode

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


async def server_states(socket_path: Path) -> dict[str, str]:
    """HAProxy's runtime API, `show stat`: server name -> UP / DOWN / MAINT (transitions: 'UP 1/2')."""
    stream = await trio.open_unix_socket(str(socket_path))
    async with stream:
        await stream.send_all(b"show stat\n")
        chunks = []
        while chunk := await stream.receive_some():
            chunks.append(chunk)
    rows = list(csv.reader(b"".join(chunks).decode().lstrip("# ").splitlines()))
    header = rows[0]
    return {row[header.index("svname")]: row[header.index("status")] for row in rows[1:]
            if len(row) == len(header) and row[0] == "replicas" and row[1] not in ("BACKEND", "FRONTEND")}


async def until_state(socket_path: Path, server: str, state: str, seconds: float = 20) -> float:
    with trio.fail_after(seconds):
        while (await server_states(socket_path)).get(server) != state:
            await trio.sleep(0.05)
    return trio.current_time()


@dataclass
class Outcome:
    stream: bool
    sent: float
    answered: float
    status: str  # "200", "502", ..., or the client's exception name
    served_by: str = ""
    complete: bool = False  # a 200 with the whole answer ([DONE] for a stream)


class Load:
    """A few users sending /correct through the balancer, one request at a time each, alternating
    plain and streamed; `on_headers(server)` is called once a streamed answer's headers arrived
    (it is still in flight on `server`). Bounded: `per_user` requests each, or until stop."""

    def __init__(self, client: httpx.AsyncClient, users: int = 4, per_user: int = 400):
        self.client, self.users, self.per_user = client, users, per_user
        self.outcomes: list[Outcome] = []
        self.stop = trio.Event()
        self.on_headers = lambda server: None

    def served(self, server: str, after: float = -1.0) -> int:
        return sum(o.served_by == server and o.complete and o.sent > after for o in self.outcomes)

    async def _one(self, i: int, n: int) -> None:
        stream = n % 2 == 1
        sent = trio.current_time()
        outcome = Outcome(stream, sent, sent, "")
        try:
            url = "/correct?stream=true" if stream else "/correct"
            async with self.client.stream("POST", url, json={"sentence": SENTENCES[(i + n) % 4]}) as response:
                outcome.status, outcome.served_by = str(response.status_code), response.headers.get("x-served-by", "")
                if stream and response.status_code == 200:
                    self.on_headers(outcome.served_by)
                body = (await response.aread()).decode()
            if response.status_code == 200:
                outcome.complete = body.rstrip().endswith("data: [DONE]") and '"error"' not in body if stream \
                    else "corrected" in response.json()
        except httpx.HTTPError as error:
            outcome.status = type(error).__name__
        outcome.answered = trio.current_time()
        self.outcomes.append(outcome)

    async def _user(self, i: int) -> None:
        for n in range(self.per_user):
            if self.stop.is_set():
                return
            await self._one(i, n)

    async def run(self) -> None:
        async with trio.open_nursery() as nursery:
            for i in range(self.users):
                nursery.start_soon(self._user, i)


async def until(condition, seconds: float = 20) -> None:
    with trio.fail_after(seconds):
        while not condition():
            await trio.sleep(0.02)
