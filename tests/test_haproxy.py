"""deploy/haproxy/haproxy.cfg for real: two `miniserve serve` replicas (Hypercorn, trio worker) on
loopback ports behind a real HAProxy started here with the shipped config (HAProxy expands its
${...} variables from the environment we give it). Load goes through the balancer while one replica
is stopped with SIGTERM (zero failed requests), started again (it rejoins once /readyz passes), and
killed with SIGKILL (only the requests in flight on it fail, each cleanly, none once HAProxy has
marked it down). Only 127.0.0.1; every loop is bounded in count and time."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import httpx
import pytest
import trio
import trio.testing
from cluster import CONFIG, HAPROXY, Load, Replica, balancer, haproxy_env, until, until_state
from helpers import free_port

MAX_BATCH, MAX_QUEUE = 4, 8  # small replicas: the test shares 2 cores with everything else
# HAProxy marks a replica down within inter + fastinter (1.3 s) of its first failed check: until
# then the replica keeps its listener (answering 503, which HAProxy replays elsewhere).
DRAIN_DELAY = 2.0
FLAGS = ("--max-batch", str(MAX_BATCH), "--max-queue", str(MAX_QUEUE), "--drain-timeout", "20", "--drain-delay", str(DRAIN_DELAY))

def test_config_is_valid(tmp_path):
    env = haproxy_env(tmp_path, free_port(), [free_port(), free_port()], MAX_BATCH + MAX_QUEUE)
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
    # a replica that refuses a connection is out at once, so no retry goes back to it (test_failover.py)
    assert check[check.index("observe") + 1] == "layer4" and check[check.index("error-limit") + 1] == "1"
    assert check[check.index("on-error") + 1] == "mark-down"
    server_timeout = int(directives["timeout server"][2].rstrip("s"))
    from miniserve.config import Settings
    assert Settings().request_timeout < server_timeout <= Settings().request_timeout + 10


async def test_drain_delay_fails_readiness_first_and_holds_the_listener(tutor_folder, autojump_clock):
    """Without the delay a draining replica with nothing in flight closed its listener at once, while
    HAProxy still sent it requests: a connection accepted just before the close was reset (a 502)."""
    from miniserve.config import Settings
    from miniserve.http.state import Service

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


@pytest.fixture
def cluster(tutor_folder, tmp_path):
    """Two replicas and HAProxy; yields (replicas, balancer url, stats socket); stops all."""
    logs = tmp_path  # the replicas' and HAProxy's logs stay there for a failed run
    replicas = [Replica(f"r{i}", free_port(), tutor_folder, logs / f"r{i}.log", FLAGS) for i in (1, 2)]
    port = free_port()
    env = haproxy_env(tmp_path, port, [r.port for r in replicas], MAX_BATCH + MAX_QUEUE)
    try:
        for replica in replicas:
            replica.start()
        with balancer(env, logs / "haproxy.log"):
            yield replicas, f"http://127.0.0.1:{port}", Path(env["MINISERVE_LB_STATS"])
    finally:
        for replica in replicas:
            replica.stop()


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
