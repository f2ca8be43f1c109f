"""The standard load test's command (bench/standard.py): a real short run with zero errors, its
summary.json, the raw records and `--from-raw` giving back the same results. No timing asserted."""

from __future__ import annotations

import gzip
import hashlib
import json
import math
from dataclasses import asdict

import httpx
import pytest

from bench import rawstore, standard, workload
from bench.loadgen import Record, Server, littles_law
from bench.workload import Request
from miniserve.tutor import model_folder

TINY = ["--repetitions", "1", "--schedulers", "continuous", "static", "--mix", "tutor=0.8,api=0.2",
        "--unloaded-requests", "3", "--start-rate", "4", "--floor", "2", "--max-probes", "1", "--probe-seconds", "1",
        "--point-seconds", "1", "--min-requests", "6", "--fractions", "0.5", "--timeout", "30", "--slo-factor", "1000",
        "--client-nice", "0"]  # the test process keeps its niceness


@pytest.fixture(scope="module")
def smoke(tmp_path_factory, tutor_folder):
    """One tiny standard run on the real server (seconds of load per step)."""
    out = tmp_path_factory.mktemp("standard")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MINISERVE_MODEL", str(tutor_folder))
        summary = standard.main([*TINY, "--out", str(out), "--overwrite"])
    return out, summary, tutor_folder


def test_a_tiny_standard_run_answers_everything(smoke):
    out, summary, _ = smoke
    roles = {(r["workload"], r["scheduler"], r["role"]) for r in summary["runs"]}
    for wl in ("tutor", "mix"):
        assert (wl, "continuous", "unloaded") in roles
        for scheduler in ("continuous", "static"):
            assert (wl, scheduler, "probe") in roles and (wl, scheduler, "point") in roles
    for run in summary["runs"]:
        assert run["summary"]["errors"] == {}, run["file"]
        assert run["summary"]["ok"] == run["summary"]["requests"] > 0
    mix = [r for r in summary["runs"] if r["workload"] == "mix" and r["role"] == "point"]
    assert all(set(r["summary"]["classes"]) == {"tutor", "api"} for r in mix)
    point = next(r for r in mix if r["scheduler"] == "continuous")
    assert point["server"]["step_seconds_histogram"] and point["server"]["steps"] > 0
    assert point["summary"]["client_cpu_s"] > 0 and point["summary"]["send_lag"]["p99_ms"] >= 0
    records = rawstore.read(out / "raw" / point["file"])[1]
    sent = workload.make({"tutor": 0.8, "api": 0.2}, len(records), point["seed"])  # what was sent, again
    assert [r["kind"] for r in records] == [q.kind for q in sent]
    # ignore_eos: every API call generated exactly its drawn max_tokens
    assert [r["tokens"] for r in records if r["kind"] == "api"] == [q.max_tokens for q in sent if q.kind == "api"]
    verdicts = {v["target"] for v in summary["targets"]}
    assert {"tutor_only_p95_ratio", "mix_goodput_continuous_over_async", "littles_law_max_error"} <= verdicts
    # async was not run: its target cannot pass
    assert all(v["verdict"] == "FAIL" for v in summary["targets"] if v["target"] == "mix_goodput_continuous_over_async")


def test_littles_law_holds_on_every_load_point_of_a_real_run(smoke):
    """The summary is recomputed from the raw records: they must keep each answer's own sequence-seconds
    (a tutor sentence's gate scores its variants beside it; an API call says no total_seconds), or W
    falls back to the request's span or the client's time and no longer matches the server's integral."""
    _, summary, _ = smoke
    checks = {r["file"]: r["summary"]["littles_law"] for r in summary["runs"] if r["role"] == "point"}
    assert checks and all(c["L_from"] == "integral" and c["W_from_client"] == 0 for c in checks.values()), checks
    assert all(c["relative_error"] <= 0.10 for c in checks.values()), checks
    assert {v["target"]: v["verdict"] for v in summary["targets"]}["littles_law_max_error"] == "PASS"


def test_summary_json_records_how_the_results_were_made(smoke):
    out, _, _ = smoke
    written = json.loads((out / "summary.json").read_text())
    assert written["command"].startswith("python -m bench.standard --repetitions 1")
    assert len(written["commit"]) == 40 and isinstance(written["dirty"], bool)
    shipped = model_folder() / "model.safetensors"
    assert written["model_sha256"] == hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert written["machine"]["cores"] >= 1 and "cpu" in written["machine"]
    options = vars(standard.options([]))
    assert set(options) <= set(written["settings"])  # every setting
    assert written["settings"]["schedulers"] == ["continuous", "static"] and written["seconds"] > 0
    assert {"tutor", "api"} <= set(written["workload"]["mix"])
    assert len(written["targets"]) == len(standard.analysis.TARGETS) and written["repetitions"][0]["ratios"]
    assert "Infinity" not in (out / "summary.json").read_text() and "NaN" not in (out / "summary.json").read_text()
    for name in ("summary.md", "cdf.png", "goodput.png", "spread.png", "steps.png"):
        assert (out / name).stat().st_size > 0
    assert "## Targets" in (out / "summary.md").read_text()


def test_from_raw_gives_back_the_same_results(smoke):
    out, _, _ = smoke
    before = json.loads((out / "summary.json").read_text())
    for name in ("cdf.png", "goodput.png", "summary.md"):
        (out / name).unlink()
    after = standard.main(["--from-raw", "--out", str(out)])
    again = json.loads((out / "summary.json").read_text())
    assert again["command"] == before["command"] and again["commit"] == before["commit"]
    assert again["redrawn_by"].startswith("python -m bench.standard --from-raw")
    for key in ("runs", "repetitions", "spread", "targets", "workload"):
        assert again[key] == before[key], key
    assert after["settings"]["repetitions"] == 1 and after["settings"]["schedulers"] == ["continuous", "static"]
    for name in ("cdf.png", "goodput.png", "summary.md"):
        assert (out / name).stat().st_size > 0


def test_results_are_never_overwritten_unless_asked(tmp_path):
    (tmp_path / "summary.json").write_text("{}")
    with pytest.raises(SystemExit, match="--overwrite"):
        standard.main(["--out", str(tmp_path)])
    assert (tmp_path / "summary.json").read_text() == "{}"


def test_raw_records_round_trip(tmp_path):
    records = [{"index": 0, "planned": 0.1234567, "sent": math.nan, "first_byte": None, "end": 0.5, "status": 0,
                "error": "timeout", "tokens": 0, "kind": "api", "sequences": 1, "server_seconds": None,
                "sequence_seconds": None},
               {"index": 1, "planned": 0.2, "sent": 0.2011, "first_byte": 0.25, "end": 0.3, "status": 200, "error": "",
                "tokens": 12, "kind": "paragraph", "sequences": 3, "server_seconds": 0.09, "sequence_seconds": 0.21}]
    rawstore.write(tmp_path / "x.jsonl.gz", {"rep": 0, "in_system": [[0.0, 1, 2]]}, records)
    header, back = rawstore.read(tmp_path / "x.jsonl.gz")
    assert header == {"rep": 0, "in_system": [[0.0, 1, 2]]}
    assert back[1] == records[1] and back[0]["planned"] == 0.12346 and math.isnan(back[0]["sent"])


async def test_a_mix_with_paragraphs_needs_their_form_on_the_server(tutor_folder, monkeypatch):
    """The paragraph form of /correct (contract 4) may not be merged yet: the run must then stop
    at once and say so, not count every paragraph as a failure."""
    monkeypatch.setenv("MINISERVE_MODEL", str(tutor_folder))
    paragraph = Request("paragraph", "/correct?stream=true", b'{"text": "He go home. She have a cat."}', 2, 27, 0)
    async with Server("continuous", 4, 8) as server:
        async with httpx.AsyncClient(base_url=server.url) as client:
            supported = (await client.post("/correct", json={"text": "He go home. She have a cat."})).status_code == 200
        if supported:
            await standard.check_paragraphs(server, [paragraph])
        else:
            with pytest.raises(SystemExit, match="paragraph form"):
                await standard.check_paragraphs(server, [paragraph])
        await standard.check_paragraphs(server, [])  # no paragraphs: nothing to check


def test_littles_law_from_raw_records_is_the_live_one(tmp_path):
    """What `--from-raw` (and so every summary.json) computes equals what the run computed live: a
    sentence whose gate scored two variants beside it (0.5 s request, 1.1 sequence-seconds) and an
    API call that says only its sequence-seconds."""
    records = [Record(0, 0.1, 0.1, 0.15, 0.62, 200, "", 10, "tutor", 1, 0.5, 1.1),
               Record(1, 1.0, 1.0, 1.05, 2.0, 200, "", 30, "api", 1, None, 0.9)]
    samples = [(t * 0.05, 0, 0, 2.0 * min(1.0, t / 40)) for t in range(41)]  # 2.0 sequence-seconds in 2 s
    live = littles_law(records, samples)
    assert live["relative_error"] == 0 and live["W_from_client"] == 0
    rawstore.write(tmp_path / "x.jsonl.gz", {"in_system": samples}, [asdict(r) for r in records])
    header, rows = rawstore.read(tmp_path / "x.jsonl.gz")
    assert littles_law([Record(**r) for r in rows], header["in_system"]) == live


def test_raw_records_written_before_sequence_seconds_still_read(tmp_path):
    with gzip.open(tmp_path / "old.jsonl.gz", "wt") as f:
        f.write('{"rep": 0}\n[0.1,0.1,0.15,0.62,200,"",10,"tutor",1,0.5]\n')
    assert Record(**rawstore.read(tmp_path / "old.jsonl.gz")[1][0]).sequence_seconds is None
