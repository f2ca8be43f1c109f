"""The shell commands that README.md and docs/*.md show in code blocks, a way to check a
command's arguments with its own parser without running its (often long) work, and a way to run one."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OURS = ("miniserve", "bench")
SHELL = r"(\$ |python|miniserve|\.venv/|[A-Z_]+=|curl|pip|apt-get|hypercorn)"  # how a block of commands starts


@dataclass(frozen=True)
class Command:
    where: str  # file:line, for the failure message
    argv: tuple[str, ...]
    env: tuple[tuple[str, str], ...]  # VAR=value words before the program
    output: tuple[str, ...]  # the lines a `$ ` block shows after the command


def documented_commands() -> list[Command]:
    commands = []
    for document in DOCUMENTS:
        text = document.read_text()
        for block in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.M | re.S):
            if block.group(1) not in ("", "sh", "bash", "console") or not re.match(SHELL, block.group(2)):
                continue  # another language, or output shown alone
            first = text[:block.start()].count("\n") + 2
            commands += block_commands(f"{document.relative_to(ROOT)}:{first}", block.group(2))
    return commands


def block_commands(where: str, body: str) -> list[Command]:
    """A block's commands: each line (with `\\` continuations), `&&` chains split; in a block of
    `$ ` prompts only the prompted lines are commands and the others are their output."""
    lines = body.replace("\\\n", " ").splitlines()
    prompted = any(line.startswith("$ ") for line in lines)
    commands: list[Command] = []
    for n, line in enumerate(lines):
        if prompted and not line.startswith("$ "):
            if commands:
                commands[-1] = Command(commands[-1].where, commands[-1].argv, commands[-1].env,
                                       (*commands[-1].output, line))
            continue
        words = shlex.split(line.removeprefix("$ "), comments=True)
        while words:
            head, words = (words[:words.index("&&")], words[words.index("&&") + 1:]) if "&&" in words else (words, [])
            env = []
            while head and re.fullmatch(r"[A-Z_]+=\S*", head[0]):
                env.append(tuple(head.pop(0).split("=", 1)))
            commands.append(Command(f"{where.rsplit(':', 1)[0]}:{int(where.rsplit(':', 1)[1]) + n}",
                                    tuple(head), tuple(env), ()))
    return commands


def program(argv: tuple[str, ...]) -> tuple[str, list[str]]:
    """("module", its arguments) for `python -m module ...` and `miniserve ...`, a venv's too;
    (the program's name, arguments) for anything else."""
    name = argv[0].rsplit("/", 1)[-1]
    if re.fullmatch(r"python3?", name) and argv[1:2] == ("-m",):
        return argv[2], list(argv[3:])
    if name == "miniserve":
        return "miniserve.cli", list(argv[1:])
    return name, list(argv[1:])


class Parsed(Exception):
    """Raised instead of going on once a command's parser has accepted its arguments."""

    def __init__(self, parser: argparse.ArgumentParser, args: argparse.Namespace):
        super().__init__(parser.prog)
        self.parser, self.namespace = parser, args


def parse(module: str, arguments: list[str], monkeypatch) -> Parsed:
    """Run `module`'s main() on `arguments` until its parser has parsed them: returns the parser and
    the namespace; a usage error raises SystemExit as on the command line."""
    original = argparse.ArgumentParser.parse_args

    def parse_only(self, args=None, namespace=None):
        raise Parsed(self, original(self, args, namespace))

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", parse_only)
        try:
            importlib.import_module(module).main(arguments)
        except Parsed as parsed:
            return parsed
    raise AssertionError(f"{module}.main() returned without parsing its arguments")


def python_m(*args: str, **options) -> subprocess.CompletedProcess:
    """`python -m ...` from this tree, in the repository (text, unless the input is bytes)."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          **{"text": not isinstance(options.get("input"), bytes), **options})
