"""A handle on an engine core process, standing in for the Engine where the API side reads it:
`config` (context length, vocabulary) and `cache` (slot counts, for /stats and the KV gauges;
`used_slots` is the core's count after the latest step this link heard of).

- `CoreProcess` starts a core with one end of a socket pair (its owner's link) and waits for Ready
  (the model loaded and warmed up there). `--engine-process`: the API process owns its core; with
  `--api-processes N`, the supervisor does, and gives it a listening unix socket (`listener`).
- `CoreLink` connects an API process to such a shared core and waits for Ready."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from miniserve.config import Settings
from miniserve.engine.core.wire import Link, Ready, ToApi
from miniserve.model.weights import GPT2Config


# What the core builds its engine and loop from (build.py): the rest of the settings are the server's.
CORE_SETTINGS = ("scheduler", "max_batch", "n_slots", "step_token_budget", "batch_wait", "edit_constraint",
                 "speculate", "speculate_k", "speculate_n", "speculate_history", "speculate_rows", "record_steps")


class CoreDied(Exception):
    """The engine core process ended without being asked to."""


@dataclass
class SlotCounts:
    n_slots: int
    nbytes: int
    used_slots: int = 0  # written by the RemoteWorker's thread, read by the event loop (one int)


class CoreHandle:
    drafter = None  # speculation happens in the core; the API side never drafts
    link: Link
    config: GPT2Config
    cache: SlotCounts

    def _ready(self) -> None:
        messages = self.link.receive()
        if not messages or not isinstance(messages[0], Ready):
            raise CoreDied(f"the engine core process {self.describe_exit()} before it was ready")
        self.cache = SlotCounts(messages[0].n_slots, messages[0].kv_bytes)

    def warmup(self) -> None:
        """Done in the core before Ready."""

    def reap(self, timeout: float = 5.0) -> int | None:
        """Its exit code, where this side started it."""
        return None

    def describe_exit(self, timeout: float = 5.0) -> str:
        code = self.reap(timeout)
        return "exited" if code is None else f"exited (code {code})"


class CoreProcess(CoreHandle):
    def __init__(self, settings: Settings, folder: Path, listener: socket.socket | None = None,
                 env: dict[str, str] | None = None):
        """Blocks until the core is ready (call it off the event loop); CoreDied if it exits first.
        `listener`: a listening unix socket the core serves API processes on; `env`: its environment."""
        self.config = GPT2Config.from_folder(folder)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        command = [sys.executable, "-m", "miniserve.engine.core", "--fd", str(theirs.fileno()),
                   "--model", str(folder), "--settings", json.dumps({name: getattr(settings, name) for name in CORE_SETTINGS})]
        fds = [theirs.fileno()]
        if listener is not None:
            command += ["--listen-fd", str(listener.fileno())]
            fds.append(listener.fileno())
        # its own process group: a terminal's Ctrl-C reaches the server, which drains and then closes it
        self.process = subprocess.Popen(command, pass_fds=fds, env=env, start_new_session=listener is not None)
        theirs.close()  # the core holds the only other end: its exit is the end of our stream
        self.link = Link(ours, ToApi)
        self._ready()

    @property
    def pid(self) -> int:
        return self.process.pid

    def reap(self, timeout: float = 5.0) -> int:
        """Wait for the process to exit (kill it after `timeout`); its exit code."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()


class CoreLink(CoreHandle):
    """An API process's link to the shared core listening at `address` (a unix socket path)."""

    def __init__(self, address: str, folder: Path, pid: int | None = None):
        """Blocks until the core has said Ready (call it off the event loop); CoreDied if it goes first."""
        self.config, self.pid = GPT2Config.from_folder(folder), pid
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(address)
        except OSError as error:
            raise CoreDied(f"cannot reach the engine core at {address}: {error.strerror}") from None
        self.link = Link(sock, ToApi)
        self._ready()
