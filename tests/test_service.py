"""The service end to end through app.test_app(): answers, schedulers, cancellation, overload,
bad input, failures. (tests/test_server.py runs the real Hypercorn server.)"""

from __future__ import annotations

import json
import logging
import os
from contextlib import asynccontextmanager

import pytest
import trio

from miniserve.http.app import create_app
from miniserve.config import SCHEDULERS, Settings
from engines import BrokenEngine, FailingEngine, RefusingEngine, SlowEngine, StuckEngine

SENTENCES = [
    "He goed to school.",
    "She has went home already.",
    "My brother watch TV every evening.",
    "Did you saw the new bridge?",
    "They played football in the park.",
    "The children can swims very well.",
    "Yesterday I go to the market and buy some apples.",  # two errors: the second reading fixes "buy"
]


@asynccontextmanager
async def serving(tutor_folder, engine=None, **settings):
    """A test app; `engine` (built for the same settings) replaces the one the service would load."""
    app = create_app(Settings(model=str(tutor_folder), **settings))
    app.extensions["miniserve"].engine = engine
    async with app.test_app() as test_app:
        client = test_app.test_client()
        with trio.fail_after(60):
            while (await client.get("/readyz")).status_code != 200:
                await trio.sleep(0.02)
        yield client, app.extensions["miniserve"]


async def post_all(client, bodies):
    results = [None] * len(bodies)

    async def one(i, body):
        response = await client.post("/correct", json=body)
        results[i] = (response.status_code, await response.get_json(), response.headers)

    async with trio.open_nursery() as nursery:
        for i, body in enumerate(bodies):
            nursery.start_soon(one, i, body)
    return results


async def wait_until(predicate, seconds=20.0):
    with trio.fail_after(seconds):
        while not predicate():
            await trio.sleep(0.005)


@pytest.fixture(scope="module")
def reference_answers(tutor_folder):
    """The tutoring flow driven on an engine in this thread, one sentence at a time, as the CLI does."""
    from miniserve.engine import Engine
    from miniserve.tutor.runtime.prompt import TutorPrompt
    from miniserve.service.tutoring import Tutor, run_sync

    engine = Engine.from_folder(tutor_folder, n_slots=8)
    tutor = Tutor.configured(Settings(), TutorPrompt.from_folder(tutor_folder), engine.config.n_positions)
    answers = []
    for sentence in SENTENCES:
        turns = tutor.plan(sentence, paragraph=False).turns
        run_sync(turns, engine.run)
        answers.append(turns[0].review)
    return answers


@pytest.mark.parametrize("scheduler", SCHEDULERS)
async def test_every_scheduler_gives_the_same_answers(tutor_folder, reference_answers, scheduler):
    async with serving(tutor_folder, scheduler=scheduler, max_batch=4) as (client, _):
        results = await post_all(client, [{"sentence": s} for s in SENTENCES])
    for (status, body, headers), want in zip(results, reference_answers):
        assert status == 200, body
        assert (body["corrected"], body["explanation"], body["withheld"]) == (want.corrected, want.explanation, want.withheld)
        usage = body["usage"]
        assert usage["prompt_tokens"] > 0 and usage["completion_tokens"] > 0
        assert 0 <= usage["queue_seconds"] <= usage["time_to_first_token_seconds"] <= usage["total_seconds"]
        assert headers["X-Request-ID"]
    assert results[0][1]["corrected"] == "He went to school."
    assert results[0][1]["explanation"] == "The past tense of 'go' is the irregular form 'went'."
    assert results[6][1]["corrected"] == "Yesterday I went to the market and bought some apples."


async def test_the_engine_core_process_gives_the_same_answers(tutor_folder, reference_answers):
    """The tutor's edit constraints and runaway limit cross the link as descriptions the core rebuilds."""
    async with serving(tutor_folder, max_batch=4, engine_process=1) as (client, service):
        results = await post_all(client, [{"sentence": s} for s in SENTENCES])
        assert service.engine.pid != os.getpid() and service.engine.process.poll() is None
        # the core's step metrics reach this process's registry once per step and token
        sample = service.metrics.registry.get_sample_value
        assert sample("miniserve_generation_tokens_total") == sum(body["usage"]["completion_tokens"] for _, body, _ in results)
        assert sample("miniserve_step_duration_seconds_count") == service.scheduler.steps > 0
        assert sample("miniserve_kv_cache_bytes") == service.engine.cache.nbytes > 0
    for (status, body, _), want in zip(results, reference_answers):
        assert status == 200, body
        assert (body["corrected"], body["explanation"], body["withheld"]) == (want.corrected, want.explanation, want.withheld)


async def test_continuous_admits_while_others_generate(tutor_folder):
    async with serving(tutor_folder, slow_engine(tutor_folder, 8), scheduler="continuous", max_batch=8) as (client, service):
        results = await post_all_staggered(client, service)
        records = list(service.scheduler.records)
    assert all(status == 200 for status, _, _ in results)
    # Some step prefilled a newcomer (nothing computed yet) beside a sequence already decoding.
    assert any(any(before == 0 for _, _, before in r.items) and any(before > 0 and n == 1 for _, n, before in r.items)
               for r in records)


async def test_static_does_not_admit_mid_batch(tutor_folder):
    async with serving(tutor_folder, slow_engine(tutor_folder, 8), scheduler="static", max_batch=8, batch_wait=0.0) as (client, service):
        results = await post_all_staggered(client, service)
        records = list(service.scheduler.records)
    assert all(status == 200 for status, _, _ in results)
    # A step either starts a batch (everything fresh) or continues one (nothing fresh): never both.
    for r in records:
        fresh = [before == 0 for _, _, before in r.items]
        assert all(fresh) or not any(fresh), r
    assert len({r.items[0][0] for r in records if all(b == 0 for _, _, b in r.items)}) >= 2  # two batches


def slow_engine(tutor_folder, n_slots: int, seconds: float = 0.01) -> SlowEngine:
    """Steps slow enough (simulated work) that the first request still runs when the others arrive."""
    engine = SlowEngine.from_folder(tutor_folder, n_slots=n_slots, max_step_tokens=256)
    engine.delay = seconds
    return engine


async def post_all_staggered(client, service):
    """One request, then three more once the first is generating."""
    results = []

    async def one(sentence):
        response = await client.post("/correct", json={"sentence": sentence})
        results.append((response.status_code, await response.get_json(), response.headers))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(one, SENTENCES[1])
        await wait_until(lambda: service.scheduler.steps >= 3)
        for sentence in SENTENCES[2:5]:
            nursery.start_soon(one, sentence)
    return results


async def test_disconnected_requests_free_their_capacity(tutor_folder):
    async with serving(tutor_folder, scheduler="continuous", max_batch=8, max_queue=128) as (client, service):
        scheduler = service.scheduler
        async def fire(sentence):
            await client.post("/correct", json={"sentence": sentence})

        async with trio.open_nursery() as nursery:
            for i in range(100):
                nursery.start_soon(fire, SENTENCES[i % 6])
            await wait_until(lambda: scheduler.n_running == 8 and scheduler.n_waiting > 50)
            nursery.cancel_scope.cancel()  # every client goes away mid-flight
        await wait_until(lambda: scheduler.n_running == 0 and scheduler.n_waiting == 0)
        assert service.engine.cache.free_slots == service.engine.cache.n_slots
        stats = await (await client.get("/stats")).get_json()
        assert stats["running"] == 0 and stats["waiting"] == 0
        status, body, _ = (await post_all(client, [{"sentence": SENTENCES[0]}]))[0]
        assert status == 200 and body["corrected"] == "He went to school."


async def test_overload_gets_503_with_retry_after(tutor_folder):
    async with serving(tutor_folder, scheduler="continuous", max_batch=1, max_queue=2) as (client, _):
        results = await post_all(client, [{"sentence": s} for s in SENTENCES * 2])
    statuses = [status for status, _, _ in results]
    assert statuses.count(200) >= 2 and statuses.count(503) >= 1 and set(statuses) == {200, 503}
    for status, body, headers in results:
        if status == 503:
            assert body["error"]["type"] == "overloaded" and int(headers["Retry-After"]) >= 1


async def test_a_paragraph_that_cannot_be_taken_is_refused_before_its_plan(tutor_folder, monkeypatch):
    """Admission's rule is asked with the paragraph's sentence count before the plan builds their
    constraints: a refusal under a flood of paragraphs costs a split, not a plan."""
    from miniserve.service.tutoring import Tutor

    async with serving(tutor_folder, scheduler="continuous") as (client, service):
        monkeypatch.setattr(service.scheduler, "has_room", lambda n: n < 3)
        planned = []
        plan = Tutor.plan
        monkeypatch.setattr(Tutor, "plan", lambda *args, **kw: planned.append(args[1]) or plan(*args, **kw))
        paragraph = " ".join(SENTENCES[:3])
        response = await client.post("/correct", json={"text": paragraph})
        assert response.status_code == 503 and (await response.get_json())["error"]["type"] == "overloaded"
        assert planned == [] and "Retry-After" in response.headers
        response = await client.post("/correct", json={"text": " ".join(SENTENCES[:2])})
        assert response.status_code == 200 and len(planned) == 1


async def test_deadline_gives_504_and_frees_the_sequence(tutor_folder):
    async with serving(tutor_folder, scheduler="continuous", request_timeout=0.002) as (client, service):
        status, body, _ = (await post_all(client, [{"sentence": SENTENCES[1]}]))[0]
        assert status == 504 and body["error"]["type"] == "timeout"
        await wait_until(lambda: service.scheduler.n_running == 0 and service.scheduler.n_waiting == 0)
        assert service.engine.cache.free_slots == service.engine.cache.n_slots


@pytest.mark.parametrize("body, status, field", [
    ({}, 422, None),
    ({"sentence": "He goed", "text": "He goed."}, 422, None),
    ({"text": None}, 422, "text"),  # was a 500, then treated as absent: the schema has no null
    ({"sentence": None, "text": "x" * 2001}, 422, "text"),
    ({"sentence": ""}, 422, "sentence"),
    ({"sentence": "   "}, 422, "sentence"),
    ({"sentence": 5}, 422, "sentence"),
    ({"sentence": "He goed", "temperature": 2}, 422, "temperature"),
    ({"sentence": "x" * 301}, 422, "sentence"),
    ({"sentence": "🙂 " * 150}, 422, "sentence"),  # fits the character limit, not the context
    ({"sentence": "He goed\x07 home"}, 422, "sentence"),
    ({"sentence": "He <|fix|> goed"}, 422, "sentence"),
    ({"sentence": "He goed <|endoftext|>"}, 422, "sentence"),
])
async def test_bad_input_is_a_json_error(tutor_folder, body, status, field):
    async with serving(tutor_folder) as (client, service):
        response = await client.post("/correct", json=body)
        error = (await response.get_json())["error"]
        assert response.status_code == status and error["status"] == status
        assert (field or "sentence or text") in error["message"] and any(d["field"] == field for d in error["details"])
        assert "Value error" not in error["message"]
        assert service.scheduler.n_running == 0 and service.engine.cache.used_slots == 0


async def test_an_invisible_character_inside_a_word_is_not_read_as_a_break(tutor_folder):
    """A soft hyphen or zero-width space inside a verb (text pasted from a PDF) is read as the word it
    shows, not as two words: "He go\u00aded" is corrected as "He goed", never to "He went\u00aded"."""
    async with serving(tutor_folder) as (client, _):
        plain = await (await client.post("/correct", json={"sentence": "He goed to school."})).get_json()
        for hidden in ("\u00ad", "\u200b", "\u200d"):
            answer = await (await client.post("/correct", json={"sentence": f"He go{hidden}ed to school."})).get_json()
            assert answer["corrected"] == plain["corrected"] == "He went to school.", hidden


async def test_malformed_json_wrong_route_and_method_are_json(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        cases = [
            (await client.post("/correct", data="{not json", headers={"content-type": "application/json"}), 400),
            (await client.get("/nowhere"), 404),
            (await client.get("/correct"), 405),
        ]
        for response, status in cases:
            assert response.status_code == status
            assert response.headers["content-type"].startswith("application/json")
            assert (await response.get_json())["error"]["status"] == status


async def test_body_limit_comes_before_the_input_filter(tutor_folder):
    async with serving(tutor_folder, max_body_bytes=200) as (client, _):
        response = await client.post("/correct", json={"sentence": "\x00" * 300})
        assert response.status_code == 413 and (await response.get_json())["error"]["type"] == "payload_too_large"


async def test_rate_limit_comes_before_the_input_filter(tutor_folder):
    async with serving(tutor_folder, rate_limit=0.5, rate_burst=2) as (client, _):
        statuses = [(await client.post("/correct", json={"sentence": "He goed\x00"})) for _ in range(3)]
        assert [r.status_code for r in statuses] == [422, 422, 429]
        assert int(statuses[2].headers["Retry-After"]) >= 1
        assert (await client.get("/healthz")).status_code == 200  # health is never rate limited


async def test_failing_step_gives_500_and_the_server_recovers(tutor_folder):
    engine = FailingEngine.from_folder(tutor_folder, n_slots=32, max_step_tokens=256)
    async with serving(tutor_folder, engine, scheduler="continuous") as (client, service):
        engine.failures = 1
        status, body, _ = (await post_all(client, [{"sentence": SENTENCES[0]}]))[0]
        assert status == 500 and body["error"]["type"] == "step_failed"
        ready = await client.get("/readyz")
        assert ready.status_code == 503 and "injected" in (await ready.get_json())["reason"]
        assert service.engine.cache.used_slots == 0
        status, body, _ = (await post_all(client, [{"sentence": SENTENCES[0]}]))[0]
        assert status == 200 and (await client.get("/readyz")).status_code == 200


async def test_a_failing_admission_fails_only_its_request_and_the_scheduler_lives_on(tutor_folder):
    engine = RefusingEngine.from_folder(tutor_folder, n_slots=32, max_step_tokens=256)
    async with serving(tutor_folder, engine, scheduler="continuous") as (client, service):
        assert (await client.get("/healthz")).status_code == 200
        engine.refusals = 1
        with trio.fail_after(30):
            results = await post_all(client, [{"sentence": s} for s in SENTENCES[:4]])
        statuses = sorted(status for status, _, _ in results)
        assert statuses == [200, 200, 200, 500], results
        failed = next(body for status, body, _ in results if status == 500)
        assert failed["error"]["type"] == "step_failed" and "admitting" in failed["error"]["message"]
        assert service.health.scheduler_alive and service.engine.cache.used_slots == 0
        assert (await client.get("/readyz")).status_code == 200 and (await client.get("/healthz")).status_code == 200
        assert service.metrics.registry.get_sample_value("miniserve_admission_failures_total") == 1


async def test_a_dead_scheduler_fails_readiness_liveness_and_waiting_requests(tutor_folder):
    engine = BrokenEngine.from_folder(tutor_folder, n_slots=2, max_step_tokens=256)
    async with serving(tutor_folder, engine, scheduler="continuous", max_batch=2) as (client, service):
        engine.broken = True
        with trio.fail_after(10):
            results = await post_all(client, [{"sentence": s} for s in SENTENCES[:3]])
        assert all(status == 503 for status, _, _ in results), results
        ready = await client.get("/readyz")
        assert ready.status_code == 503 and "scheduler" in (await ready.get_json())["reason"]
        status, _, _ = (await post_all(client, [{"sentence": SENTENCES[0]}]))[0]
        assert status == 503
        # liveness too: the process can serve no more, so its supervisor (the kubelet) restarts it
        alive = await client.get("/healthz")
        assert alive.status_code == 503 and "scheduler bug" in (await alive.get_json())["reason"]


async def test_a_stuck_engine_fails_readiness_and_recovers(tutor_folder, monkeypatch):
    """A compute thread that stops stepping while it holds work (blocked on a link nobody reads) makes /readyz fail
    after STALL_SECONDS, not answer ready while every request waits for its 504; it is ready again once steps
    come back."""
    from miniserve.http import ops_routes

    monkeypatch.setattr(ops_routes, "STALL_SECONDS", 0.3)
    engine = StuckEngine.from_folder(tutor_folder, n_slots=4, max_step_tokens=256)
    async with serving(tutor_folder, engine, scheduler="continuous", max_batch=4) as (client, service):
        engine.stuck.set()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(post_all, client, [{"sentence": SENTENCES[0]}])
            await trio.to_thread.run_sync(engine.entered.wait, 30)
            with trio.fail_after(10):  # a bounded poll: readiness is read, as a balancer would
                while (ready := await client.get("/readyz")).status_code == 200:
                    await trio.sleep(0.05)
            assert "engine stalled" in (await ready.get_json())["reason"]
            engine.unblock.set()
        assert (await client.get("/readyz")).status_code == 200 and service.scheduler.stalled_seconds() == 0.0


async def test_event_loop_answers_during_generation(tutor_folder):
    async with serving(tutor_folder, slow_engine(tutor_folder, 32), scheduler="continuous") as (client, service):
        answered_while_running = []

        async def probe():
            await wait_until(lambda: service.scheduler.n_running > 0)
            response = await client.get("/healthz")
            answered_while_running.append(response.status_code == 200 and service.scheduler.n_running > 0)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(probe)
            nursery.start_soon(post_all, client, [{"sentence": s} for s in SENTENCES])
        assert answered_while_running == [True]


async def test_one_json_log_line_per_request(tutor_folder, caplog):
    async with serving(tutor_folder) as (client, _):
        with caplog.at_level(logging.INFO, logger="miniserve.http.access"):
            response = await client.post("/correct", json={"sentence": SENTENCES[0]}, headers={"X-Request-ID": "abc-123"})
    assert response.headers["X-Request-ID"] == "abc-123"
    lines = [json.loads(r.message) for r in caplog.records if r.name == "miniserve.http.access"]
    assert len(lines) == 1
    line = lines[0]
    assert line["request_id"] == "abc-123" and line["status"] == 200 and line["scheduler"] == "continuous"
    assert line["tokens"] > 0 and line["queue_s"] is not None and line["ttft_s"] is not None and line["total_s"] > 0


async def test_openapi_and_docs(tutor_folder):
    async with serving(tutor_folder) as (client, _):
        spec = await (await client.get("/openapi.json")).get_json()
        assert "/correct" in spec["paths"] and "/readyz" in spec["paths"]
        assert (await client.get("/docs")).status_code == 200


def test_settings_from_environment():
    settings = Settings.from_env({"MINISERVE_MAX_QUEUE": "7", "MINISERVE_SCHEDULER": "static"}, max_batch=3)
    assert (settings.max_queue, settings.scheduler, settings.max_batch) == (7, "static", 3)
    with pytest.raises(ValueError, match="scheduler"):
        Settings(scheduler="fifo")
    assert "MINISERVE_MAX_QUEUE" in Settings.describe()


async def test_serves_any_gpt2_folder(random_gpt2_folder, tmp_path):
    """A GPT-2 folder that is not the tutor: /v1/completions works, /correct says why it cannot."""
    import shutil

    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    folder = tmp_path / "other"
    shutil.copytree(random_gpt2_folder, folder)
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.train_from_iterator(["some text to learn from"] * 10, trainers.BpeTrainer(
        vocab_size=300, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    tokenizer.save(str(folder / "tokenizer.json"))
    async with serving(folder, max_batch=2) as (client, _):
        assert (await client.post("/correct", json={"sentence": "He goed"})).status_code == 501
        models = await (await client.get("/v1/models")).get_json()
        assert models["data"][0]["id"] == "other"
        response = await client.post("/v1/completions", json={"model": "other", "prompt": "some", "max_tokens": 5, "temperature": 0})
        body = await response.get_json()
        assert response.status_code == 200 and body["usage"]["completion_tokens"] == 5


@pytest.mark.parametrize("scheduler", SCHEDULERS)
async def test_stats_integrates_the_sequences_in_the_system(tutor_folder, scheduler):
    """/stats' in_system_seconds is the exact integral of the in-system count: after a burst it equals
    every sentence's own time in the server (usage.sequence_seconds), as Little's law needs."""
    paragraph = "He went to school. She has two cats. We were late for the lesson."  # no gate, no second reading: one phase
    async with serving(tutor_folder, scheduler=scheduler, max_batch=2) as (client, _):
        before = (await (await client.get("/stats")).get_json())["in_system_seconds"]
        answers = await post_all(client, [{"sentence": s} for s in SENTENCES] + [{"text": paragraph}])
        after = (await (await client.get("/stats")).get_json())["in_system_seconds"]
    assert all(status == 200 for status, _, _ in answers)
    usages = [body["usage"] for _, body, _ in answers]
    assert usages[-1]["sequence_seconds"] > usages[-1]["total_seconds"]  # three sentences, overlapping or queued
    assert after - before == pytest.approx(sum(u["sequence_seconds"] for u in usages), rel=1e-3, abs=1e-3)


@pytest.mark.parametrize("scheduler", SCHEDULERS)
async def test_api_usage_carries_the_sequences_time_in_the_system(tutor_folder, scheduler):
    """/v1/completions answers usage.sequence_seconds too (every sequence of n x prompts its own), so
    a load generator can check Little's law on API calls without counting the HTTP exchange."""
    bodies = [{"model": "miniserve-tutor", "prompt": [s, s[::-1]], "n": 2, "max_tokens": 6 + i, "temperature": 0}
              for i, s in enumerate(SENTENCES[:3])]
    async with serving(tutor_folder, scheduler=scheduler, max_batch=2) as (client, _):
        before = (await (await client.get("/stats")).get_json())["in_system_seconds"]
        answers = []

        async def one(body):
            answers.append(await (await client.post("/v1/completions", json=body)).get_json())

        async with trio.open_nursery() as nursery:
            for body in bodies:
                nursery.start_soon(one, body)
        after = (await (await client.get("/stats")).get_json())["in_system_seconds"]
    seconds = [a["usage"]["sequence_seconds"] for a in answers]
    assert len(seconds) == 3 and min(seconds) > 0
    assert after - before == pytest.approx(sum(seconds), rel=1e-3, abs=1e-3)
