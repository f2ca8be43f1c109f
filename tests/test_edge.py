"""The ASGI edge layers alone, driven by hand-made ASGI messages: admission (503 before the body is
read), the per-client rate limiter with an injected clock (no sleeps, no server), and the client's
address behind trusted proxies."""

from __future__ import annotations

import json
from functools import partial
from types import SimpleNamespace

import pytest
import trio
import trio.testing

from miniserve.http.admission import PENDING_SECONDS, Admission
from miniserve.config import Settings
from miniserve.scheduler.health import Health
from miniserve.http.middleware import RateLimit
from miniserve.http.proxy import ForwardedFor
from miniserve.http.ratelimit import Buckets, RateLimited


class Recorder:
    """The inner app: answers 200 and counts its calls."""

    def __init__(self):
        self.calls = 0

    async def __call__(self, scope, receive, send):
        self.calls += 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


async def call(app, path="/correct", client="10.0.0.1", method="POST"):
    """One request through `app`; returns (status, headers, body). The body is never offered:
    a layer that tries to read it fails the test."""
    sent = []

    async def receive():
        raise AssertionError("the body was read")

    async def send(message):
        sent.append(message)
    scope = {"type": "http", "method": method, "path": path, "headers": [], "client": (client, 1234)}
    await app(scope, receive, send)
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict(start["headers"]), body


def service(n_waiting: int, max_queue: int = 4, ready: bool = True):
    health = Health(model_loaded=ready, warmed_up=ready, scheduler_alive=ready)
    scheduler = SimpleNamespace(has_room=lambda n: n_waiting + n <= max_queue, retry_after=lambda: 3,
                                capacity=2 + max_queue)  # two slots
    return SimpleNamespace(scheduler=scheduler if ready else None, health=health, handling=0)


async def test_admission_passes_while_the_queue_has_room():
    inner = Recorder()
    assert (await call(Admission(inner, service(n_waiting=3))))[0] == 200
    assert inner.calls == 1


@pytest.mark.parametrize("path, shape", [("/correct", "status"), ("/v1/completions", "code"),
                                         ("/v1/chat/completions", "code")])
async def test_admission_refuses_a_full_queue_before_reading_the_body(path, shape):
    inner, refused = Recorder(), []
    status, headers, body = await call(Admission(inner, service(n_waiting=4), on_reject=refused.append), path)
    assert status == 503 and headers[b"retry-after"] == b"3" and inner.calls == 0
    assert headers[b"connection"] == b"close"  # the client's next request comes through the shedder
    error = json.loads(body)["error"]
    assert shape in error and "queue is full" in error["message"] and refused == ["overloaded"]


async def test_admission_holds_no_more_requests_than_the_scheduler_can():
    """2 slots + max_queue 4: the seventh request unanswered at once is refused before Quart,
    although the queue itself still looks empty (the six are still being parsed)."""
    release, inside = trio.Event(), []

    async def parsing(scope, receive, send):
        inside.append(1)
        await release.wait()
        await Recorder()(scope, receive, send)
    app = Admission(parsing, service(n_waiting=0))
    statuses = []

    async def one():
        statuses.append((await call(app))[0])
    async with trio.open_nursery() as nursery:
        for _ in range(6):
            nursery.start_soon(one)
        await trio.testing.wait_all_tasks_blocked()
        assert len(inside) == 6 and (await call(app))[0] == 503
        release.set()
    assert statuses == [200] * 6 and app.unanswered == 0 and (await call(app))[0] == 200


async def test_admission_does_not_count_answers_blocked_in_a_write():
    """Six streams whose clients never read: their handlers sit in a write forever, but their
    answers have started, so the engine's own count decides and the seventh request is let in."""
    async def streaming(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await trio.sleep_forever()  # the body write that never returns
    app = Admission(streaming, service(n_waiting=0))

    async def never_read(send_):
        await app({"type": "http", "method": "POST", "path": "/correct", "headers": []}, None, send_)

    async def accept(message):
        pass
    async with trio.open_nursery() as nursery:
        for _ in range(6):
            nursery.start_soon(never_read, accept)
        await trio.testing.wait_all_tasks_blocked()
        assert app.unanswered == 0
        app.app = Recorder()
        assert (await call(app))[0] == 200
        nursery.cancel_scope.cancel()

async def test_a_request_the_shedder_let_through_holds_its_place_until_it_arrives():
    """6 places: six connections let through by the shedder fill them before Hypercorn has parsed any, so
    a seventh is refused; one arriving takes its own place, not another; one that never arrives stops
    counting after PENDING_SECONDS."""
    clock, inner = Clock(), Recorder()
    app = Admission(inner, service(n_waiting=0), clock=clock)
    for port in range(6):
        app.let_through(("10.0.0.1", port))
    assert (await call(app, client="10.0.0.2"))[0] == 503
    scope = {"type": "http", "method": "POST", "path": "/correct", "headers": [], "client": ("10.0.0.1", 0)}
    sent = []

    async def send(message):
        sent.append(message)
    await app(scope, None, send)
    assert sent[0]["status"] == 200 and app.pending_count() == 5
    clock.now += 0.5
    app.let_through(("10.0.0.1", 9))
    clock.now += PENDING_SECONDS - 0.25  # the five first ones are stale, the last one not
    assert app.pending_count() == 1 and (await call(app, client="10.0.0.2"))[0] == 200


async def test_an_answer_closes_its_connection_while_the_server_is_full():
    """Under overload a kept-alive client's next request would meet Hypercorn's whole parse before its
    503: an answer given while admission refuses tells the client to come back on a new connection."""
    app = Admission(Recorder(), service(n_waiting=0))
    status, headers, _ = await call(app)
    assert status == 200 and b"connection" not in headers

    async def filling(scope, receive, send):
        for port in range(5):  # with this request, the six places are taken
            app.let_through(("10.0.0.9", port))
        await Recorder()(scope, receive, send)
    app.app = filling
    status, headers, _ = await call(app)
    assert status == 200 and headers[b"connection"] == b"close"


async def test_behind_a_trusted_proxy_a_request_let_through_still_finds_its_place():
    """The proxy layer puts the client's address in scope["client"]; admission matches the shedder's peer."""
    app = Admission(Recorder(), service(n_waiting=0))
    for port in range(6):
        app.let_through(("127.0.0.1", port))
    sent = []

    async def send(message):
        sent.append(message)
    scope = {"type": "http", "method": "POST", "path": "/correct", "headers": [(b"x-forwarded-for", b"1.2.3.4")],
             "client": ("127.0.0.1", 3)}
    await ForwardedFor(app, "127.0.0.1")(scope, None, send)
    assert sent[0]["status"] == 200 and scope["client"] == ("1.2.3.4", 0) and app.pending_count() == 5


async def test_admission_refuses_while_not_ready_and_lets_other_routes_through():
    inner = Recorder()
    app = Admission(inner, service(n_waiting=0, ready=False))
    status, headers, body = await call(app)
    assert status == 503 and json.loads(body)["error"]["type"] == "unavailable" and headers[b"retry-after"] == b"1"
    assert (await call(app, "/readyz", method="GET"))[0] == 200 and inner.calls == 1


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_rate_limit_refills_with_its_clock():
    clock, inner = Clock(), Recorder()
    limiter = RateLimit(inner, Buckets(rate=2.0, burst=3, clock=clock))
    assert [(await call(limiter))[0] for _ in range(4)] == [200, 200, 200, 429]
    status, headers, body = await call(limiter)
    assert status == 429 and headers[b"retry-after"] == b"1" and json.loads(body)["error"]["type"] == "rate_limited"
    clock.now += 0.5  # one token back at 2 requests/s
    assert [(await call(limiter))[0] for _ in range(2)] == [200, 429]
    clock.now += 10.0  # refills up to the burst, never beyond
    assert [(await call(limiter))[0] for _ in range(4)] == [200, 200, 200, 429]
    assert inner.calls == 7


async def test_rate_limit_is_per_client_and_skips_health_routes():
    clock, inner = Clock(), Recorder()
    limiter = RateLimit(inner, Buckets(rate=1.0, burst=1, clock=clock))
    assert (await call(limiter, client="a"))[0] == 200
    assert (await call(limiter, client="a"))[0] == 429
    assert (await call(limiter, client="b"))[0] == 200
    assert [(await call(limiter, "/readyz", client="a", method="GET"))[0] for _ in range(5)] == [200] * 5


async def test_rate_limit_retry_after_rounds_the_wait_up():
    clock = Clock()
    limiter = RateLimit(Recorder(), Buckets(rate=0.25, burst=1, clock=clock))
    await call(limiter)
    clock.now += 1.0  # a quarter token back: three more quarters at 0.25/s is 3 s
    assert (await call(limiter))[1][b"retry-after"] == b"3"


async def test_rate_limit_forgets_the_least_recently_seen_client():
    clock = Clock()
    limiter = RateLimit(Recorder(), Buckets(rate=1.0, burst=1, max_clients=2, clock=clock))
    for client in ("a", "b", "c"):
        await call(limiter, client=client)
    assert list(limiter.buckets.buckets) == ["b", "c"]
    assert (await call(limiter, client="a"))[0] == 200  # "a" was forgotten: a full bucket again


def test_buckets_charge_work_and_refuse_what_the_burst_can_never_pay():
    clock = Clock()
    buckets = Buckets(rate=1.0, burst=8, clock=clock)
    buckets.take("a", 1)
    buckets.take("a", 5, whole=6)  # 6 of 8: a paragraph of six sentences
    with pytest.raises(RateLimited) as refused:
        buckets.take("a", 3, whole=4)  # 2 left: a retry pays all 4 again, so wait 2 s
    assert refused.value.retry_after == 2
    with pytest.raises(RateLimited) as never:
        buckets.take("b", 8, whole=9)  # more than the burst: no wait will do
    assert never.value.retry_after is None and "at most 8 at once" in str(never.value)
    assert buckets.buckets["a"][0] == 2.0 and "b" not in buckets.buckets  # a refusal charges nothing
    Buckets(rate=0.0, burst=1).take("a", 1000)  # off


def forwarded_client(trusted: str, peer: str, *forwarded: str) -> str:
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["client"][0])
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    trio.run(ForwardedFor(app, trusted), {"type": "http", "headers": headers, "client": (peer, 5000)}, None, None)
    return seen[0]


def test_forwarded_for_is_believed_only_from_trusted_proxies():
    assert forwarded_client("", "10.0.0.1", "1.2.3.4") == "10.0.0.1"  # default: no proxy is trusted
    assert forwarded_client("127.0.0.1", "10.0.0.1", "1.2.3.4") == "10.0.0.1"  # an untrusted peer's header
    assert forwarded_client("127.0.0.1", "127.0.0.1", "1.2.3.4") == "1.2.3.4"
    assert forwarded_client("127.0.0.1", "127.0.0.1") == "127.0.0.1"  # no header
    # HAProxy appends its own header to the client's: the right-most untrusted address is the client
    assert forwarded_client("127.0.0.1", "127.0.0.1", "6.6.6.6", "5.5.5.5") == "5.5.5.5"
    assert forwarded_client("10.0.0.0/8, 127.0.0.1", "127.0.0.1", "6.6.6.6, 5.5.5.5, 10.1.2.3") == "5.5.5.5"
    assert forwarded_client("10.0.0.0/8", "10.0.0.2", "unknown, 10.0.0.9") == "unknown"
    assert forwarded_client("10.0.0.0/8", "10.0.0.2", "10.0.0.7, 10.0.0.9") == "10.0.0.7"  # all proxies
    assert forwarded_client("127.0.0.1", "::ffff:127.0.0.1", "2001:db8::1") == "2001:db8::1"


def test_trusted_proxies_must_be_addresses_or_networks():
    assert Settings(trusted_proxies="127.0.0.1, 10.0.0.0/8,::1").trusted_proxies
    with pytest.raises(ValueError, match="trusted_proxies"):
        Settings(trusted_proxies="haproxy.local")


async def test_a_full_queue_refuses_before_the_body_is_parsed(tutor_folder):
    """Through the real app: with the queue full, even malformed JSON gets the cheap 503."""
    from test_service import serving, slow_engine, wait_until

    async with serving(tutor_folder, slow_engine(tutor_folder, 1, 0.05), max_batch=1, max_queue=1) as (client, service):
        async with trio.open_nursery() as nursery:
            # One at a time: the event loop hears of an admission with the next step's results.
            nursery.start_soon(partial(client.post, "/correct", json={"sentence": "He goed home"}))
            await wait_until(lambda: service.scheduler.n_running == 1)
            nursery.start_soon(partial(client.post, "/correct", json={"sentence": "She go home"}))
            await wait_until(lambda: service.scheduler.n_waiting == 1 and service.scheduler.n_running == 1)
            response = await client.post("/correct", data=b"{oops", headers={"content-type": "application/json"})
            assert response.status_code == 503 and response.headers["Retry-After"]
            assert (await response.get_json())["error"]["type"] == "overloaded"
