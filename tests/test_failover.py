"""A replica that dies gets no retried requests: two replicas behind the real HAProxy (the shipped
config), sixteen users sending /correct through it, and one replica SIGKILLed 20 times, alternating,
each time started again and back in rotation before the next kill. While the other replica is
healthy no request may get a 503 (HAProxy's own, when it retried a request onto the dead replica
until its retries ran out); only requests in flight on the killed replica may fail, each with
HAProxy's 502 or an answer cut short. Replicas come from a fork server (about a second to start),
so the 20 kills take about
a minute and a half (each restart waits until HAProxy has marked the killed replica down). Only 127.0.0.1; every wait is bounded."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import trio
from cluster import ROOT, Load, balancer, haproxy_env, server_states, until, until_state
from forkserver import Forks, alive, kill
from helpers import free_port

KILLS = 20
# More users than HAProxy lets one replica hold (maxconn): while one replica is dead the survivor is
# full at times and HAProxy queues the rest briefly. That is when a retry had nowhere to go but back
# to the dead replica. Each replica's own queue is larger than maxconn, so it never answers 503 itself.
USERS, MAXCONN = 16, 12
FLAGS = ("--max-batch", "4", "--max-queue", "16", "--max-new-tokens", "24")


async def ready(port: int, pid: int) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=5) as client:
        while True:
            if not alive(pid):
                raise AssertionError(f"the replica on {port} exited")
            try:
                if (await client.get("/readyz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await trio.sleep(0.05)


@pytest.fixture
def forks(tutor_folder):
    server = Forks(tutor_folder, ROOT)
    try:
        yield server
    finally:
        server.close()


async def test_a_killed_replica_gets_no_retried_requests(forks, tmp_path):
    ports = {"r1": free_port(), "r2": free_port()}
    port = free_port()
    env = haproxy_env(tmp_path, port, [ports["r1"], ports["r2"]], MAXCONN)
    stats = Path(env["MINISERVE_LB_STATS"])
    pids = {}
    with trio.fail_after(150), balancer(env, tmp_path / "haproxy.log"):
        for name in ports:
            pids[name] = await forks.start(ports[name], tmp_path / f"{name}.log", FLAGS)
        for name in ports:
            await ready(ports[name], pids[name])
            await until_state(stats, name, "UP")
        # a new connection per request: what is counted is the balancer's choice, not a reused socket
        limits = httpx.Limits(max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30, limits=limits) as client:
            load = Load(client, users=USERS, per_user=100_000)
            kills: list[tuple[str, float, float, float]] = []  # (replica, killed, gone, back in rotation)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(load.run)
                for k in range(KILLS):
                    victim = ("r1", "r2")[k % 2]
                    since = kills[-1][3] if kills else -1.0
                    await until(lambda: load.served(victim, after=since) >= 2)  # it is taking requests
                    assert set((await server_states(stats)).values()) == {"UP"}
                    kill(pids[victim])
                    killed = trio.current_time()
                    await until(lambda: not alive(pids[victim]))  # its port is free again
                    gone = trio.current_time()
                    # As a supervisor restarts a process (after a back-off, seconds): once the balancer
                    # has seen it go. A fork that listens within milliseconds would otherwise get
                    # requests while it still loads, before any check could notice.
                    await until_state(stats, victim, "DOWN")
                    pids[victim] = await forks.start(ports[victim], tmp_path / f"{victim}.log", FLAGS)
                    await ready(ports[victim], pids[victim])
                    kills.append((victim, killed, gone, await until_state(stats, victim, "UP")))
                load.stop.set()
    refused = [o for o in load.outcomes if o.status == "503"]
    assert not refused, f"{len(refused)} requests got 503 while a replica was healthy: {refused[:5]}"
    failed = [o for o in load.outcomes if not o.complete]
    for o in failed:  # only what reached the victim before its socket closed, at once and cleanly
        assert any(o.sent < gone and killed < o.answered < killed + 5 for _, killed, gone, _ in kills), o
        # HAProxy's 502 before any answer, or an answer cut short after its head (its body, a stream)
        assert o.status in ("502", "RemoteProtocolError"), o
    assert len(failed) <= KILLS * USERS
    assert len(load.outcomes) > 10 * KILLS
