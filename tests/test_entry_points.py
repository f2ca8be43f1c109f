"""Every console entry (`miniserve` and each `python -m` program) ends with its answer, or one line
and a non-zero code, never a traceback: a bad flag or number, a missing or unusable file, a closed
stdout, Ctrl-C."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import trio
from commands import DOCUMENTS, OURS, ROOT, python_m
from helpers import free_port

ENTRY_POINTS = sorted(
    path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
    for folder in OURS for path in (ROOT / folder).rglob("*.py")
    # the engine core, the API processes and the parser's worker are the server's children, started
    # with its own arguments or protocol
    if '__name__ == "__main__"' in path.read_text()
    and not any(child in path.as_posix() for child in ("engine/core", "http/api_process", "runtime/parser_process")))
# numbers that may be zero or below; every other count, rate, size or duration must be above 0
SIGNED = {"seed", "client_nice", "grow_layers", "warmup", "gate_threshold", "real_share", "spare", "max_queue",
          "target", "fractions", "tolerance"}


def no_traceback(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr


def test_every_program_the_docs_name_is_an_entry_point():
    named = {m for d in DOCUMENTS for m in re.findall(r"python3? -m ((?:miniserve|bench)[\w.]*)", d.read_text())}
    assert named - {"bench.compare"} <= {*ENTRY_POINTS} and "miniserve.cli" in ENTRY_POINTS  # compare: a past run's record


@pytest.mark.parametrize("argv", [*[(m, "--help") for m in ENTRY_POINTS], ("miniserve.tutor.training.stages",),
                                  ("miniserve.cli", "serve", "--help"), ("miniserve.cli", "--version"),
                                  ("miniserve.cli", "correct", "He goed to school. She go home.")])
def test_a_closed_stdout_ends_quietly_with_code_0(argv):
    """`| head -1`: the reader has gone before the program writes (a pipe whose read end is closed)."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = python_m(*argv, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    no_traceback(done)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def parser_of(module: str, monkeypatch) -> argparse.ArgumentParser:
    """The module's parser, caught as main() asks it to parse."""
    caught = []

    def catch(self, args=None, namespace=None):
        caught.append(self)
        raise LookupError

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", catch)
    with pytest.raises(LookupError):
        importlib.import_module(module).main([])
    monkeypatch.undo()
    return caught[0]


def usage_error(module: str, arguments: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_:
        importlib.import_module(module).main(arguments)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("module", ENTRY_POINTS)
def test_a_usage_error_is_one_line(module, capsys):
    usage_error(module, ["--no-such-flag"], capsys)  # one line (or the missing required one, named first)


@pytest.mark.parametrize("module", ENTRY_POINTS)
def test_counts_rates_and_durations_refuse_words_zero_and_below(module, monkeypatch, capsys):
    numbers = [a for a in parser_of(module, monkeypatch)._actions if a.option_strings and a.type is not None
               and (a.type in (int, float) or getattr(a.type, "__name__", "").startswith("positive"))]
    for action in numbers:
        flag = action.option_strings[0]
        assert flag in usage_error(module, [flag, "many"], capsys)
        if action.dest not in SIGNED:
            for bad in ("0", "-1"):
                assert flag in usage_error(module, [flag, bad], capsys)


@pytest.mark.parametrize("argv, code", [
    (("miniserve.tutor.evaluation.calibrate", "no/such/pairs.tsv"), 1),
    (("miniserve.tutor.evaluation.calibrate", "tests"), 1),  # a folder, not a file
    (("miniserve.tutor.evaluation.calibrate", "README.md"), 1),  # not a table of pairs
    (("miniserve.tutor.evaluation.evaluate", "--model", "no/such/model", "--sets", "handwritten"), 1),
    (("bench.fleet", "--sweep", "no/such/summary.json"), 1),
    (("bench.fleet", "--sweep", "README.md"), 1),  # not JSON
    (("bench.fleet", "--sweep", "docs/page.png"), 1),  # not text
    (("bench.standard", "--from-raw", "--out", "no/such/folder"), 1),
    (("bench.speculation", "--correct-url", "http://127.0.0.1:{port}"), 1),  # nobody listening
    (("bench.quiet", "--", "no/such/program"), 1),
    (("miniserve.cli", "correct", "--model", "no/such/model", "He goed."), 2),
])
def test_a_missing_unreadable_or_unusable_input_is_one_line(argv, code):
    done = python_m(*(word.format(port=free_port()) for word in argv), capture_output=True)
    no_traceback(done)
    assert done.returncode == code and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr


def test_text_on_stdin_that_is_not_utf8_is_one_line():
    done = python_m("miniserve.cli", "correct", "-", input=b"He \xff goed home", capture_output=True)
    assert done.returncode == 2 and done.stderr == b"error: the text on stdin is not UTF-8 (invalid start byte at byte 3)\n"


async def test_ctrl_c_is_one_line_and_code_130():
    """SIGINT while `miniserve correct -` waits for its text on stdin: sent once the kernel shows
    the process blocked in read(0, ...), not after a guessed delay. The command starts with SIGINT's
    default action, as a shell starts a foreground command: a test runner started in the background
    (`cmd &` without job control) ignores SIGINT, and an ignored signal is inherited."""
    process = subprocess.Popen([sys.executable, "-m", "miniserve.cli", "correct", "-"], cwd=ROOT, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, "PYTHONPATH": str(ROOT)},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        with trio.fail_after(60):
            while not Path(f"/proc/{process.pid}/syscall").read_text().startswith("0 0x0 "):  # read(0, ...)
                await trio.sleep(0.02)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait(10)
    assert process.returncode == 130 and err == "interrupted\n" and out == "", err
