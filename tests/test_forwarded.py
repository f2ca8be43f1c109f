"""The per-client rate limit behind the real HAProxy (the shipped config, which sets
X-Forwarded-For): clients on different loopback addresses (127.0.0.2, .3, ...) reach one replica
through the balancer, which connects from 127.0.0.1, the replica's one trusted proxy. Each client
has its own bucket, a forged X-Forwarded-For changes nothing, and the bucket is charged by the
sequences a request asks for, not by requests. Only 127.0.0.0/8; every wait is bounded."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest
import trio
from cluster import Replica, balancer, haproxy_env, until_state
from helpers import free_port

BURST = 3  # sequences a client may start at once; the rate (0.001/s) refills nothing during the test
FLAGS = ("--max-batch", "4", "--max-queue", "8", "--max-new-tokens", "24",
         "--rate-limit", "0.001", "--rate-burst", str(BURST), "--trusted-proxies", "127.0.0.1")


@pytest.fixture
def behind_haproxy(tutor_folder, tmp_path):
    """One replica (both of the config's servers point at it, so every request meets the same
    buckets) behind HAProxy; yields (balancer url, replica url)."""
    replica = Replica("r1", free_port(), tutor_folder, tmp_path / "r1.log", FLAGS)
    port = free_port()
    env = haproxy_env(tmp_path, port, [replica.port, replica.port], 12)
    try:
        replica.start()
        with balancer(env, tmp_path / "haproxy.log"):
            async def up():
                with trio.fail_after(120):
                    await replica.ready()
                    for server in ("r1", "r2"):
                        await until_state(Path(env["MINISERVE_LB_STATS"]), server, "UP")
            trio.run(up)
            yield f"http://127.0.0.1:{port}", f"http://127.0.0.1:{replica.port}"
    finally:
        replica.stop()


@asynccontextmanager
async def client_from(address: str, url: str):
    """An HTTP client whose connections come from `address` (one of the loopback range's)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=30) as client:
        yield client


async def statuses(client: httpx.AsyncClient, n: int, **headers) -> list[int]:
    return [(await client.get("/v1/models", headers=headers)).status_code for _ in range(n)]


async def test_clients_behind_haproxy_get_their_own_buckets_and_forged_addresses_are_ignored(behind_haproxy):
    url, direct = behind_haproxy
    async with client_from("127.0.0.2", url) as a, client_from("127.0.0.3", url) as b:
        assert await statuses(a, BURST + 1) == [200] * BURST + [429]
        # Before, the replica keyed every client on HAProxy's address: b shared a's empty bucket.
        assert await statuses(b, 1) == [200]
        # a forges the header: HAProxy appends the address it saw, the right-most untrusted one wins
        assert await statuses(a, 1, **{"X-Forwarded-For": "203.0.113.9"}) == [429]
        refused = await a.get("/v1/models")
        assert refused.json()["error"]["code"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1
    # A client that reaches the replica itself is not a trusted proxy: its header is ignored.
    async with client_from("127.0.0.4", direct) as c:
        forged = [await statuses(c, 1, **{"X-Forwarded-For": f"198.51.100.{i}"}) for i in range(BURST + 1)]
        assert forged == [[200]] * BURST + [[429]]
        assert await statuses(c, 1, **{"X-Forwarded-For": "127.0.0.3"}) == [429]


async def test_the_rate_limit_charges_sequences_not_requests(behind_haproxy):
    url, _ = behind_haproxy
    async with client_from("127.0.0.5", url) as client:
        # More sequences than the burst can ever pay: refused at once, with no Retry-After to wait for.
        paragraph = {"text": "He goed home. She have two cats. They was late. We is here."}
        too_large = await client.post("/correct", json=paragraph)
        assert too_large.status_code == 429 and "Retry-After" not in too_large.headers
        assert "needs 4 sequences" in too_large.json()["error"]["message"]
        choices = await client.post("/v1/completions", json={"model": "miniserve-tutor", "prompt": "He", "n": 4, "max_tokens": 2})
        assert choices.status_code == 429 and choices.json()["error"]["type"] == "rate_limit_error"
    async with client_from("127.0.0.6", url) as client:
        two = {"text": "He goed home. She have two cats."}
        assert (await client.post("/correct", json=two)).status_code == 200  # 2 of 3
        again = await client.post("/correct", json=two)  # 1 left: requests are cheap, sentences are not
        assert again.status_code == 429 and int(again.headers["Retry-After"]) >= 1
