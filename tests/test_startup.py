"""Starting the server: what cannot work is refused in one line with exit code 2 and no traceback;
`--version`, help for every flag, MINISERVE_HOST / MINISERVE_PORT."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys

import pytest
from helpers import free_port, real_server

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


def test_host_and_port_from_the_environment(tutor_folder):
    with real_server(tutor_folder, "--max-batch", "1", port_from_env=True, stop=signal.SIGKILL):
        pass  # ready on the port the variables named


@pytest.mark.parametrize("workers, code", [("0", 2), ("1", None)])
def test_hypercorn_without_the_trio_worker_refuses_to_start(workers, code):
    """`hypercorn "miniserve.http.app:create_app()"` (asyncio worker) must not serve 500s: one line says
    what to add. Exit code 2 in-process (`-w 0`); Hypercorn's master loses a worker's exit code
    (see miniserve/http/startup.py), so with workers only the refusal itself is checked."""
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "hypercorn", "-w", workers, "--bind", f"127.0.0.1:{port}",
                           "miniserve.http.app:create_app()"], capture_output=True, text=True, timeout=120)
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) == 1 and "--worker-class trio" in json.loads(lines[0])["message"], lines
    if code is not None:
        assert done.returncode == code


@pytest.mark.parametrize("args, env, named", [
    (("--port", "99999"), {}, "--port '99999'"),
    (("--max-queue", "many"), {}, "--max-queue 'many'"),
    ((), {"MINISERVE_MAX_QUEUE": "abc"}, "MINISERVE_MAX_QUEUE='abc'"),
    ((), {"MINISERVE_SPECULATE": "maybe"}, "MINISERVE_SPECULATE='maybe'"),
    (("--scheduler", "fifo"), {}, "--scheduler 'fifo'"),
])
def test_a_bad_setting_is_one_line_naming_it_and_the_type(args, env, named):
    message = one_error_line(miniserve("serve", *args, env=env))
    assert message.startswith(named + ": ") and any(word in message for word in ("integer", "boolean", "less than", "'sync'")), message


def test_a_usage_error_is_one_line():
    done = miniserve("serve", "--port")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--port" in done.stderr, done.stderr


def test_serve_help_shows_each_default_and_variable():
    serve = next(a for a in build_parser()._actions if a.dest == "command").choices["serve"]
    for action in serve._actions:
        if action.option_strings and not action.option_strings[0].startswith(("--no-", "-h")):
            assert "env MINISERVE_" in action.help, action.option_strings
            assert "default" in action.help, action.option_strings


def test_vllm_names_and_switches_set_the_same_settings():
    from miniserve.config import Settings

    def parsed(*flags):
        args = build_parser().parse_args(["serve", *flags])
        return Settings.from_env({}, **{name: getattr(args, name) for name in Settings.model_fields})

    assert parsed("--max-num-seqs", "3", "--served-model-name", "x") == parsed("--max-batch", "3", "--model-name", "x")
    assert parsed("--no-speculate").speculate is False
    assert parsed("--speculate", "0") == parsed("--no-speculate")
    assert parsed("--speculate").speculate is parsed("--speculate", "1").speculate is True
    assert parsed("--no-access-log") == parsed("--disable-log-requests") == parsed("--access-log", "0")
    assert parsed("--no-edit-constraint").edit_constraint is False
    assert Settings.from_env({"MINISERVE_SPECULATE": "0", "MINISERVE_EDIT_CONSTRAINT": "1"}).speculate is False


def test_the_log_is_text_on_a_terminal_and_json_otherwise():
    """`--log-format auto` (the default): a person at a terminal reads text, a collector gets JSON."""
    import pty

    leader, follower = pty.openpty()
    with os.fdopen(leader, "rb", buffering=0) as terminal:
        done = subprocess.run([sys.executable, "-m", "miniserve.cli", "serve", "--port", "99999"],
                              stdout=subprocess.DEVNULL, stderr=follower, timeout=120)
        os.close(follower)
        shown = terminal.read(4096).decode()
    assert done.returncode == 2 and "ERROR" in shown and "--port '99999'" in shown and not shown.startswith("{"), shown
    assert "--port '99999'" in one_error_line(miniserve("serve", "--port", "99999"))  # a pipe: one JSON line
