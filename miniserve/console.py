"""How every command ends: its answer, or one line on stderr and a non-zero exit code. What a
person types or does (a bad flag or number, a missing file, Ctrl-C, `| head -1` closing the pipe)
never ends in a traceback; a bug still does."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Callable, Iterator, NoReturn

INTERRUPTED = 130  # the shell's code for a command ended by SIGINT
FAILED = 1


class InputError(Exception):
    """What a command was given cannot be used (a file of the wrong form, a name it does not know):
    the message says what and where."""


class ArgumentParser(argparse.ArgumentParser):
    """A usage error is one line and exit code 2 (argparse prints the whole usage first)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def positive(kind: type) -> Callable[[str], int | float]:
    """An argparse type for a count, a rate or a duration: a number above zero."""

    def parse(text: str):
        value = kind(text)  # argparse turns the ValueError into a usage error naming the option
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value

    parse.__name__ = f"positive {kind.__name__}"  # argparse names the type in "invalid ... value"
    return parse


def run(main: Callable[[], object]) -> NoReturn:
    """Run a command's `main()` and exit: an int it returns is the exit code, anything else 0."""
    try:
        try:
            code = main()
        finally:
            sys.stdout.flush()  # a closed pipe shows here, where it is caught, not in the interpreter's last flush
    except BaseException as error:  # noqa: BLE001 (what is not one of the endings below is raised again)
        code = ending(error)
    sys.exit(code if isinstance(code, int) else 0)


def ending(error: BaseException) -> int:
    cause = error
    while isinstance(cause, BaseExceptionGroup) and len(cause.exceptions) == 1:  # trio's nurseries wrap
        cause = cause.exceptions[0]
    if isinstance(cause, BrokenPipeError):  # the reader went away (`| head -1`): stop quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so that no later flush fails again
        return 0
    if isinstance(cause, KeyboardInterrupt):
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
    unreachable = (sys.modules["httpx"].TransportError,) if "httpx" in sys.modules else ()  # a bench client's
    for problem in causes(cause):
        if isinstance(problem, (OSError, InputError, *unreachable)):  # a file or a server the command named
            print(f"error: {problem}", file=sys.stderr)
            return FAILED
        if isinstance(problem, (UnicodeDecodeError, json.JSONDecodeError)):
            kind = "JSON" if isinstance(problem, json.JSONDecodeError) else "UTF-8 text"
            print(f"error: a file given is not {kind}: {problem}", file=sys.stderr)
            return FAILED
    raise error


def causes(error: BaseException) -> Iterator[BaseException]:
    """The error and what it was raised from (`raise ... from`: an HTTP client's error from the
    refused connection), not what it happened to be raised during."""
    while error is not None:
        yield error
        error = error.__cause__
