"""The API process's handle on its engine core process: starts it with one end of a socket pair,
waits for Ready (the model loaded and warmed up there), and stands in for the Engine where the API
side reads it: `config` (context length, vocabulary) and `cache` (slot counts, for /stats and the
KV gauges; `used_slots` is the core's count after its latest step)."""

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
                 "speculate", "speculate_k", "speculate_n", "speculate_history", "speculate_rows")


class CoreDied(Exception):
    """The engine core process ended without being asked to."""


@dataclass
class SlotCounts:
    n_slots: int
    nbytes: int
    used_slots: int = 0  # written by the RemoteWorker's thread, read by the event loop (one int)


class CoreProcess:
    drafter = None  # speculation happens in the core; the API side never drafts

    def __init__(self, settings: Settings, folder: Path):
        """Blocks until the core is ready (call it off the event loop); CoreDied if it exits first."""
        self.config = GPT2Config.from_folder(folder)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        command = [sys.executable, "-m", "miniserve.engine.core", "--fd", str(theirs.fileno()),
                   "--model", str(folder), "--settings", json.dumps({name: getattr(settings, name) for name in CORE_SETTINGS})]
        self.process = subprocess.Popen(command, pass_fds=(theirs.fileno(),))
        theirs.close()  # the core holds the only other end: its exit is the end of our stream
        self.link = Link(ours, ToApi)
        messages = self.link.receive()
        if not messages or not isinstance(messages[0], Ready):
            raise CoreDied(f"the engine core process exited before it was ready (code {self.reap()})")
        self.cache = SlotCounts(messages[0].n_slots, messages[0].kv_bytes)

    @property
    def pid(self) -> int:
        return self.process.pid

    def warmup(self) -> None:
        """Done in the core before Ready."""

    def reap(self, timeout: float = 5.0) -> int:
        """Wait for the process to exit (kill it after `timeout`); its exit code."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()
