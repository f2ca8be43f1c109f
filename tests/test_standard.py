"""The standard load test's command (bench/standard.py): a real short run with zero errors, its
summary.json, the raw records and `--from-raw` giving back the same results. No timing asserted."""

from __future__ import annotations

import hashlib
import json
import math

import httpx
import pytest

from bench import rawstore, standard, workload
from bench.loadgen import Server
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
                "error": "timeout", "tokens": 0, "kind": "api", "sequences": 1, "server_seconds": None},
               {"index": 1, "planned": 0.2, "sent": 0.2011, "first_byte": 0.25, "end": 0.3, "status": 200, "error": "",
                "tokens": 12, "kind": "paragraph", "sequences": 3, "server_seconds": 0.09}]
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
