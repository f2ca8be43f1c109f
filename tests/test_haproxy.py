"""deploy/haproxy/haproxy.cfg for real: two `miniserve serve` replicas (Hypercorn, trio worker) on
loopback ports behind a real HAProxy started here with the shipped config (HAProxy expands its
${...} variables from the environment we give it). Load goes through the balancer while one replica
is stopped with SIGTERM (zero failed requests), started again (it rejoins once /readyz passes), and
killed with SIGKILL (only the requests in flight on it fail, each cleanly, none once HAProxy has
marked it down). Only 127.0.0.1; every loop is bounded in count and time."""

from __future__ import annotations

import csv
import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import trio
import trio.testing
from helpers import free_port, wait_ready

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "haproxy" / "haproxy.cfg"
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"  # .ci/run installs Debian's package
SENTENCES = ["He goed to school.", "She has went home.", "My aunt watch the news.", "Did they bought it?"]
MAX_BATCH, MAX_QUEUE = 4, 8  # small replicas: the test shares 2 cores with everything else
# HAProxy marks a replica down within inter + fastinter (1.3 s) of its first failed check: until
# then the replica keeps its listener (answering 503, which HAProxy replays elsewhere).
DRAIN_DELAY = 2.0


def haproxy_env(tmp: Path, port: int, replicas: list[int]) -> dict:
    return dict(os.environ, MINISERVE_LB_BIND=f"127.0.0.1:{port}", MINISERVE_LB_STATS=str(tmp / "haproxy.sock"),
                MINISERVE_REPLICA_1=f"127.0.0.1:{replicas[0]}", MINISERVE_REPLICA_2=f"127.0.0.1:{replicas[1]}",
                MINISERVE_REPLICA_MAXCONN=str(MAX_BATCH + MAX_QUEUE))


def test_config_is_valid(tmp_path):
    env = haproxy_env(tmp_path, free_port(), [free_port(), free_port()])
    checked = subprocess.run([HAPROXY, "-c", "-f", str(CONFIG)], env=env, capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Configuration file is valid" in checked.stdout


def test_config_makes_the_documented_choices():
    """What the load test below cannot show in 60 s: the policies are the ones deploy/README.md explains."""
    lines = [line.split("#")[0].split() for line in CONFIG.read_text().splitlines()]
    directives = {" ".join(words[:2]): words for words in lines if words}
    assert directives["balance leastconn"]
    assert directives["retry-on conn-failure"] == ["retry-on", "conn-failure", "503"]  # nothing a replica may have started
    assert directives["option redispatch"]
    check = directives["default-server check"]
    assert check[check.index("fall") + 1] in ("1", "2") and check[check.index("inter") + 1] == "1s"
    server_timeout = int(directives["timeout server"][2].rstrip("s"))
    from miniserve.config import Settings
    assert Settings().request_timeout < server_timeout <= Settings().request_timeout + 10


async def test_drain_delay_fails_readiness_first_and_holds_the_listener(tutor_folder, autojump_clock):
    """Without the delay a draining replica with nothing in flight closed its listener at once, while
    HAProxy still sent it requests: a connection accepted just before the close was reset (a 502)."""
    from miniserve.config import Settings
    from miniserve.service import Service

    service = Service(Settings(drain_delay=DRAIN_DELAY), tutor_folder)
    service.health.model_loaded = service.health.warmed_up = service.health.scheduler_alive = True
    assert service.health.not_ready_reason() is None
    start = trio.current_time()
    async with trio.open_nursery() as nursery:
        nursery.start_soon(service.drain)
        await trio.testing.wait_all_tasks_blocked()  # drain is asleep in its delay
        assert service.health.not_ready_reason() == "draining for shutdown"  # /readyz 503 at once
    assert trio.current_time() - start >= DRAIN_DELAY  # and only then may the listener close
    again = trio.current_time()
    await service.drain()  # the lifespan drains again after the listener closed: no second delay
    assert trio.current_time() == again


class Replica:
    """One `miniserve serve` process on a fixed port; start() again after it stopped."""

    def __init__(self, name: str, port: int, model: Path, log: Path):
        self.name, self.port, self.model, self.log = name, port, model, log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "a") as log:  # a file, not a pipe nobody reads (that would block the server)
            self.process = subprocess.Popen(
                [sys.executable, "-m", "miniserve.cli", "serve", "--port", str(self.port), "--model", str(self.model),
                 "--max-batch", str(MAX_BATCH), "--max-queue", str(MAX_QUEUE), "--drain-timeout", "20",
                 "--drain-delay", str(DRAIN_DELAY)],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log, env=dict(os.environ, PYTHONPATH=str(ROOT)))

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


@pytest.fixture
def cluster(tutor_folder, tmp_path):
    """Two replicas and HAProxy; yields (replicas, balancer url, stats socket); stops all."""
    logs = tmp_path  # the replicas' and HAProxy's logs stay there for a failed run
    replicas = [Replica(f"r{i}", free_port(), tutor_folder, logs / f"r{i}.log") for i in (1, 2)]
    port = free_port()
    env = haproxy_env(tmp_path, port, [r.port for r in replicas])
    balancer = None
    try:
        for replica in replicas:
            replica.start()
        with open(logs / "haproxy.log", "w") as log:
            balancer = subprocess.Popen([HAPROXY, "-db", "-f", str(CONFIG)], env=env, stdout=log, stderr=log)
        yield replicas, f"http://127.0.0.1:{port}", Path(env["MINISERVE_LB_STATS"])
    finally:
        for replica in replicas:
            replica.stop()
        if balancer is not None:
            balancer.kill()
            balancer.wait(10)


async def test_replicas_behind_haproxy_drain_rejoin_and_die_cleanly(cluster):
    (r1, r2), url, stats = cluster
    with trio.fail_after(150):
        for replica in (r1, r2):
            await replica.ready()
        for replica in (r1, r2):
            await until_state(stats, replica.name, "UP")

        # A new connection per request: a keep-alive connection that HAProxy closes after a
        # failure would otherwise fail the client's next request before it reaches the balancer.
        limits = httpx.Limits(max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
            # 1. SIGTERM r1 while a streamed answer is in flight on it: nothing fails.
            load = Load(client)
            sigterm: list[float] = []

            def terminate_r1(server: str) -> None:
                if server == "r1" and not sigterm and load.served("r1") >= 3 and load.served("r2") >= 3:
                    sigterm.append(trio.current_time())
                    r1.process.send_signal(signal.SIGTERM)

            load.on_headers = terminate_r1
            async with trio.open_nursery() as nursery:
                nursery.start_soon(load.run)
                await until(lambda: sigterm)
                assert await r1.exited() == 0
                stopped = trio.current_time()
                await until(lambda: load.served("r2", after=stopped) >= 6)
                # 2. Start r1 again: HAProxy sends it traffic only once its /readyz passes.
                r1.start()
                ready = await r1.ready()
                await until_state(stats, "r1", "UP")
                await until(lambda: load.served("r1", after=stopped) >= 4)
                load.stop.set()
            failed = [o for o in load.outcomes if not o.complete]
            assert not failed, failed
            drained = [o for o in load.outcomes if o.served_by == "r1" and o.sent < sigterm[0] < o.answered]
            assert drained, "SIGTERM should land while r1 is answering"
            rejoined = [o for o in load.outcomes if o.served_by == "r1" and o.sent > stopped]
            assert min(o.sent for o in rejoined) >= ready - 0.2  # not before /readyz said 200 (poll slack)

            # 3. SIGKILL r2 while a streamed answer is in flight on it.
            load = Load(client)
            killed: list[float] = []

            def kill_r2(server: str) -> None:
                if server == "r2" and not killed and load.served("r1") >= 3 and load.served("r2") >= 3:
                    killed.append(trio.current_time())
                    r2.process.send_signal(signal.SIGKILL)

            load.on_headers = kill_r2
            async with trio.open_nursery() as nursery:
                nursery.start_soon(load.run)
                await until(lambda: killed)
                down = await until_state(stats, "r2", "DOWN")
                await until(lambda: load.served("r1", after=down) >= 8)
                load.stop.set()

    failed = [o for o in load.outcomes if not o.complete]
    assert failed, "the request in flight on r2 when it was killed must fail"
    for o in failed:
        assert o.sent < down, f"a request sent after HAProxy marked r2 down failed: {o}"
        assert o.answered - killed[0] < 5, f"a failure must come at once, not after a timeout: {o}"
        # A clean error: HAProxy's 502/503 before any answer; a stream already started is cut off
        # (the client sees an incomplete chunked body), never a hang or a 200 with half an answer.
        assert o.status in ("502", "503") or (o.stream and o.status == "RemoteProtocolError"), o
    assert len(failed) <= MAX_BATCH + MAX_QUEUE  # at most what r2 could have held
    assert all(o.complete for o in load.outcomes if o.sent > down)
