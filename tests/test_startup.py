"""Starting the server: what cannot work is refused in one line with exit code 2 and no traceback;
`--version`, help for every flag, MINISERVE_HOST / MINISERVE_PORT."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys

import httpx
import pytest
from helpers import free_port, wait_ready

from miniserve.cli import build_parser


def miniserve(*args, env=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "miniserve.cli", *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def one_error_line(done) -> str:
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    line = json.loads(lines[0])
    assert line["level"] == "error"
    return line["message"]


def test_a_missing_model_folder(tmp_path):
    assert "does not exist" in one_error_line(miniserve("serve", "--model", str(tmp_path / "nope")))


@pytest.mark.parametrize("name, content", [("model.safetensors", b"\x00" * 100), ("config.json", b"{not json"),
                                           ("tokenizer.json", b"[]")])
def test_a_model_folder_with_a_bad_file(tmp_path, tutor_folder, name, content):
    folder = tmp_path / "model"
    shutil.copytree(tutor_folder, folder)
    (folder / name).write_bytes(content)
    assert str(folder) in one_error_line(miniserve("serve", "--model", str(folder)))


def test_a_port_already_in_use(tutor_folder):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        message = one_error_line(miniserve("serve", "--model", str(tutor_folder), "--port", str(port)))
    assert f"port {port}" in message and "in use" in message


def test_a_bad_port_variable():
    assert "MINISERVE_PORT" in one_error_line(miniserve("serve", env={"MINISERVE_PORT": "eighty"}))


def test_version():
    done = miniserve("--version")
    assert done.returncode == 0 and done.stdout.startswith("miniserve ")


def test_every_flag_has_help():
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for command in (parser, *commands.values()):
        for action in command._actions:
            assert action.help, f"{command.prog}: {action.option_strings or action.dest} has no help"


async def test_host_and_port_from_the_environment(tutor_folder):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "miniserve.cli", "serve", "--model", str(tutor_folder),
                                "--max-batch", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "MINISERVE_HOST": "127.0.0.1", "MINISERVE_PORT": str(port)})
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            await wait_ready(client, process)
    finally:
        process.kill()
        process.wait(10)


@pytest.mark.parametrize("workers, code", [("0", 2), ("1", None)])
def test_hypercorn_without_the_trio_worker_refuses_to_start(workers, code):
    """`hypercorn "miniserve.app:create_app()"` (asyncio worker) must not serve 500s: one line says
    what to add. Exit code 2 in-process (`-w 0`); Hypercorn's master loses a worker's exit code
    (see miniserve/startup.py), so with workers only the refusal itself is checked."""
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "hypercorn", "-w", workers, "--bind", f"127.0.0.1:{port}",
                           "miniserve.app:create_app()"], capture_output=True, text=True, timeout=120)
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) == 1 and "--worker-class trio" in json.loads(lines[0])["message"], lines
    if code is not None:
        assert done.returncode == code
