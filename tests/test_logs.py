"""The real server's log: every line one JSON object with a timestamp and a level, from start-up to
shutdown, Hypercorn's own lines included, and nothing twice."""

from __future__ import annotations

import json
import signal
from collections import Counter
from datetime import datetime

import httpx
from helpers import ServerLog, real_server


async def test_every_line_is_json_and_none_is_printed_twice(tutor_folder):
    log = ServerLog()
    with real_server(tutor_folder, "--max-batch", "2", log=log) as (process, port):
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            assert (await client.post("/correct", json={"sentence": "He goed home"})).status_code == 200
            assert (await client.post("/correct", json={"sentence": "She go home"})).status_code == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
    lines = [json.loads(line) for line in log.lines()]  # fails on any line that is not JSON
    for line in lines:
        assert {"ts", "level", "logger", "message"} <= set(line)
        assert datetime.fromisoformat(line["ts"]).tzinfo is not None
    messages = [line["message"] for line in lines]
    assert [m for m, n in Counter(messages).items() if n > 1 and m != "access"] == []
    kinds = [(line["logger"], line["message"].split(":")[0].split(" ")[0]) for line in lines]
    for expected in [("miniserve.http.app", "starting"), ("hypercorn.error", "Running"), ("miniserve.heap", "heap"),
                     ("miniserve.http.state", "ready"),
                     ("miniserve.http.server", "shutting"), ("miniserve.http.app", "stopped")]:
        assert kinds.count(expected) == 1, (expected, kinds)
    access = [line for line in lines if line["logger"] == "miniserve.http.access"]
    assert [a["status"] for a in access] == [200, 200] and all(a["level"] == "info" for a in access)


async def test_vllm_names_text_lines_and_no_access_log(tutor_folder):
    """A command line in vLLM's words (`--served-model-name`, `--max-num-seqs`, `--no-speculate`,
    `--disable-log-requests`) runs; `--log-format text` writes readable lines, none of them JSON,
    and with the access log off no request gets a line."""
    log = ServerLog()
    flags = ("--max-num-seqs", "2", "--served-model-name", "tutor-x", "--no-speculate", "--disable-log-requests",
             "--log-format", "text", "--log-level", "info")
    with real_server(tutor_folder, *flags, log=log) as (process, port):
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            assert (await client.get("/health")).json()["status"] == "ok"
            assert [m["id"] for m in (await client.get("/v1/models")).json()["data"]] == ["tutor-x"]
            assert (await client.post("/correct", json={"sentence": "He goed home"})).status_code == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
    lines = log.lines()
    assert any(" INFO " in line and "miniserve.http.app: starting" in line for line in lines), lines
    assert not [line for line in lines if line.startswith("{")]
    assert not [line for line in lines if "miniserve.http.access" in line]
