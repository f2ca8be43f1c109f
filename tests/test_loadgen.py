"""The load generator: reproducible schedules, latency from the planned time, a real short run."""

from __future__ import annotations

import json
from functools import partial

import numpy as np
import trio
from hypercorn.config import Config
from hypercorn.trio import serve

from bench import loadgen
from helpers import lifespan


def test_schedule_is_reproducible_from_its_seed():
    a, b, c = (loadgen.poisson_schedule(50.0, 2000, seed) for seed in (1, 1, 2))
    assert a == b and a != c
    gaps = np.diff([0.0, *a])
    assert abs(gaps.mean() - 1 / 50) < 0.002 and (gaps > 0).all()
    assert loadgen.sample_sentences(20, 3) == loadgen.sample_sentences(20, 3)


async def slow_serial_app(scope, receive, send):
    """One request at a time, 0.2 s each: a server that queues everything."""
    if scope["type"] == "lifespan":
        return await lifespan(receive, send)
    while (await receive()).get("more_body"):
        pass
    async with LOCK:
        await trio.sleep(0.2)
    body = json.dumps({"usage": {"completion_tokens": 1}}).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


LOCK = trio.Lock()


async def test_latency_counts_from_the_planned_time():
    port = loadgen.free_port()
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    config.accesslog = None
    shutdown = trio.Event()
    async with trio.open_nursery() as nursery:
        # nursery.start returns once Hypercorn listens: readiness, not a guess of how long it takes
        await nursery.start(partial(serve, slow_serial_app, config, shutdown_trigger=shutdown.wait))
        offsets = [0.01, 0.02, 0.03, 0.04, 0.05]
        records = await loadgen.run_load(f"http://127.0.0.1:{port}", ["x"] * 5, offsets, timeout=10)
        shutdown.set()
    latencies = sorted(r.latency for r in records)
    # Served one after another: the last waits for four others. Its latency from its planned send
    # time is about 1 s, although each request takes only 0.2 s of server time.
    assert all(not r.error for r in records)
    assert latencies[-1] > 0.9 and latencies[0] < 0.45
    assert all(abs(r.sent - r.planned) < 0.1 for r in records)  # sent on time: open loop
    summary = loadgen.summarize(records)
    assert summary["latency_s"]["max"] > 0.9 and summary["ok"] == 5


async def test_a_short_run_against_the_real_server(tutor_folder, monkeypatch):
    monkeypatch.setenv("MINISERVE_MODEL", str(tutor_folder))
    result = await loadgen.measure("continuous", rate=25.0, n=40, seed=1, max_batch=8, progress=False)
    summary = result["summary"]
    assert summary["ok"] == 40 and summary["errors"] == {}
    assert 0 < summary["latency_s"]["p50"] <= summary["latency_s"]["p95"] <= summary["latency_s"]["max"] < 10
    assert summary["tokens_per_s"] > 0 and result["server"]["batch_size_mean"] >= 1
    assert result["server"]["generated_tokens"] == sum(r["tokens"] for r in result["records"])
    assert len(result["in_system"]) > 5


def test_send_lag_is_actual_minus_planned_and_failures_are_never_answered():
    records = [loadgen.Record(i, planned=i * 0.01, sent=i * 0.01 + (0.002 if i < 97 else 0.050), first_byte=None,
                              end=i * 0.01 + 0.1, status=200, error="", tokens=10) for i in range(100)]
    records.append(loadgen.Record(100, 1.0, 1.001, None, 1.002, 503, "http_503", 0))
    summary = loadgen.summarize(records)
    assert summary["send_lag"]["p50_ms"] == 2.0 and summary["send_lag"]["max_ms"] == 50.0
    assert summary["send_lag"]["p99_ms"] == 50.0  # 3 of 101 sent 48 ms late: the p99 shows it
    assert summary["latency_s"]["max"] == float("inf") and summary["latency_answered_s"]["p99"] < 0.2
    assert summary["classes"]["tutor"]["errors"] == {"http_503": 1}
    assert summary["per_token_s"]["p50"] == 0.01  # 0.1 s for 10 tokens


def test_answers_are_read_from_json_and_from_event_streams():
    assert loadgen.parse_answer(200, b'{"usage": {"completion_tokens": 7, "total_seconds": 0.5}}') == ("", 7, 0.5, None)
    stream = b'data: {"field": "corrected", "delta": "He"}\n\ndata: {"corrected": "x", "usage": {"completion_tokens": 9}}\n\ndata: [DONE]\n\n'
    assert loadgen.parse_answer(200, stream) == ("", 9, None, None)
    paragraph = b'data: {"corrected": "x", "usage": {"completion_tokens": 9, "total_seconds": 0.5, "sequence_seconds": 1.2}}\n\n'
    assert loadgen.parse_answer(200, paragraph) == ("", 9, 0.5, 1.2)
    api = b'data: {"choices": [{"text": "a"}]}\n\ndata: {"choices": [], "usage": {"completion_tokens": 3}}\n\ndata: [DONE]\n\n'
    assert loadgen.parse_answer(200, api) == ("", 3, None, None)
    assert loadgen.parse_answer(200, b'data: {"error": {"type": "step_failed"}}\n\ndata: [DONE]\n\n')[0] == "stream_error"
    assert loadgen.parse_answer(503, b"{}") == ("http_503", 0, None, None)
    assert loadgen.parse_answer(200, b"not json")[0] == "bad_body"


def test_step_histograms_are_differences_per_bucket():
    before = {'h_bucket{"le": "0.001"}': 1.0, 'h_bucket{"le": "0.01"}': 3.0, 'h_bucket{"le": "+Inf"}': 3.0}
    after = {'h_bucket{"le": "0.001"}': 2.0, 'h_bucket{"le": "0.01"}': 9.0, 'h_bucket{"le": "+Inf"}': 10.0}
    assert loadgen.histogram(before, after, "h") == [["0.001", 1], ["0.01", 5], ["+Inf", 1]]


def little_run(integral: bool):
    """Two requests in 2 s: one sentence in the server 0.5 s, and a paragraph of three sentences
    whose request took 1 s but whose sentences took 0.2 + 0.5 + 1.0 s (1.7 sequence-seconds)."""
    records = [loadgen.Record(0, 0.1, 0.1, 0.15, 0.62, 200, "", 10, "tutor", 1, 0.5, 0.5),
               loadgen.Record(1, 1.0, 1.0, 1.05, 2.0, 200, "", 30, "paragraph", 3, 1.0, 1.7)]
    # /stats every 0.05 s; the integral grows by 2.2 sequence-seconds; polled counts are coarse
    samples = [(t * 0.05, 1 if 2 <= t < 12 else 0, 0, 2.2 * min(1.0, t / 40) if integral else None) for t in range(41)]
    return records, samples


def test_littles_law_uses_the_servers_exact_integral_and_each_sentences_time():
    records, samples = little_run(integral=True)
    check = loadgen.littles_law(records, samples)
    assert check["L_from"] == "integral" and check["L_measured"] == round(2.2 / 2.0, 3)
    assert check["L_predicted"] == round(2.2 / 2.0, 3) and check["relative_error"] == 0
    assert check["W_from_client"] == 0  # both answers carry the server's own time
    api = loadgen.Record(0, 0.1, 0.1, 0.15, 0.62, 200, "", 10, "api", 1, None, 0.5)  # /v1: sequence_seconds only
    assert loadgen.littles_law([api, records[1]], samples)["W_from_client"] == 0
    unsaid = loadgen.Record(0, 0.1, 0.1, 0.15, 0.62, 200, "", 10, "api", 1, None, None)
    assert loadgen.littles_law([unsaid, records[1]], samples)["W_from_client"] == 0.25  # 1 of 4 sequences
    # the paragraph counted as three sequences for its whole second would claim 3.5 sequence-seconds
    records[1] = loadgen.Record(1, 1.0, 1.0, 1.05, 2.0, 200, "", 30, "paragraph", 3, 1.0, None)
    assert loadgen.littles_law(records, samples)["relative_error"] > 0.5


def test_littles_law_counts_the_requests_whose_time_in_the_server_no_answer_says():
    records, samples = little_run(integral=True)
    refused = loadgen.Record(2, 1.5, 1.5, None, 1.51, 503, "http_503", 0, "tutor", 1)
    timed_out = loadgen.Record(3, 1.6, 1.6, None, 2.0, 0, "timeout", 0, "tutor", 1)
    assert loadgen.littles_law(records, samples)["unanswered"] == 0
    assert loadgen.littles_law([*records, refused], samples)["unanswered"] == 0  # never entered
    assert loadgen.littles_law([*records, refused, timed_out], samples)["unanswered"] == 1


def test_littles_law_falls_back_to_polled_counts_but_not_for_sync():
    records, samples = little_run(integral=False)
    assert loadgen.littles_law(records, samples)["L_from"] == "polled"
    sync = loadgen.littles_law(records, samples, poll_ok=False)
    assert sync["L_from"] is None and sync["relative_error"] != sync["relative_error"]  # NaN: not measured
