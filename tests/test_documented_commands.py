"""Every command that README.md and docs/ show in a code block runs as written on a fresh clone:
its program's own parser takes the arguments (the work itself is not run: it is often long), the
paths it reads are in the repository, and the cheap ones are run for real."""

from __future__ import annotations

import importlib
import re
import tomllib

import pytest
from commands import DOCUMENTS, OURS, ROOT, documented_commands, parse, program, python_m

from miniserve.config import Settings, env_name

OUTPUTS = {"--out", "--json", "--write"}  # a path after one of these is written, not read


COMMANDS = documented_commands()


@pytest.mark.parametrize("command", COMMANDS, ids=[c.where for c in COMMANDS])
def test_a_documented_command_is_taken_as_written(command, monkeypatch):
    check(list(command.argv), dict(command.env), monkeypatch)


def check(argv: list[str], env: dict[str, str], monkeypatch) -> None:
    for name in env:
        assert name.removeprefix("MINISERVE_").lower() in Settings.model_fields, name
    name, arguments = program(tuple(argv))
    if name.startswith(OURS):
        parsed = parse(name, arguments, monkeypatch)
        check_paths(arguments)
        if name == "miniserve.cli" and parsed.namespace.command == "serve":
            Settings.from_env({env_name(k): v for k, v in env.items()},
                              **{f: getattr(parsed.namespace, f) for f in Settings.model_fields})
        if name == "bench.quiet":
            check(parsed.namespace.command[1:] if parsed.namespace.command[:1] == ["--"] else parsed.namespace.command, {}, monkeypatch)
    elif name == "pip":
        extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
        for spec in arguments:
            if spec.startswith(".["):
                assert set(spec[2:-1].split(",")) <= set(extras), spec
    elif name == "hypercorn":
        module, factory = arguments[-1].removesuffix("()").split(":")
        assert callable(getattr(importlib.import_module(module), factory))
    else:
        assert name in ("venv", "pytest", "curl", "apt-get"), f"a program from outside the repository: {name}"


def check_paths(arguments: list[str]) -> None:
    """A path the command reads exists in the repository or under runs/ (what an earlier documented
    command writes); a path it writes has a folder to go in, or goes under runs/."""
    for before, word in zip(["", *arguments], arguments):
        if not re.fullmatch(r"[\w.-]+(/[\w.-]+)+", word):
            continue
        target = ROOT / word if before not in OUTPUTS else (ROOT / word).parent
        assert word.startswith("runs/") or target.exists(), f"{word}: not in the repository"


def test_the_shown_output_is_what_the_command_prints():
    """The README's `$ miniserve correct ...` example, run: it prints the lines the README shows."""
    shown = [c for c in COMMANDS if c.output and program(c.argv)[0] == "miniserve.cli"]
    assert shown
    for command in shown:
        done = python_m("miniserve.cli", *command.argv[1:], capture_output=True)
        assert done.returncode == 0 and done.stdout.splitlines() == list(command.output), (command.where, done.stdout)


def test_the_stage_listing_runs():
    done = python_m("miniserve.tutor.training.stages", capture_output=True)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 17 and "runs/stage20" in done.stdout



def test_every_path_the_docs_name_is_in_the_repository():
    """A path in backticks is in the repository, or under runs/ (where documented commands write)."""
    removed = {"bench/compare.py"}  # report.md says so: the source of its oldest numbers
    missing = [(d.name, path) for d in DOCUMENTS for path in re.findall(r"`((?:miniserve|bench|tests|docs|deploy|kernels)/[\w./-]*)`", d.read_text())
               if not (ROOT / path).exists() and path not in removed]
    assert missing == []
