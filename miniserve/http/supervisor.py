"""`miniserve serve --api-processes N`: one engine core process behind N API processes.

The serve command becomes a supervisor that serves nothing itself. It binds the port once, makes a
private directory (mode 0700) holding the core's unix socket and prometheus-client's multiprocess
files, starts the engine core (the model, KV cache and compute thread; it owns the core's link and
waits for its Ready), then N API processes (api_process.py), each with the shared listening socket
and a link to the core. They start listening together once all are ready.

Faults, one behaviour each:
- the core dies: every API process fails its requests with 503 at once, /readyz fails, each
  drains and exits 1, and the supervisor exits 1 (as `--engine-process` does): its own supervisor
  (systemd, Kubernetes) restarts the whole server;
- an API process dies: the core cancels its sequences (its link ended), and the supervisor starts
  another in its place; one that exits before it was ever ready stops the server (exit 1), since
  a second would not start either;
- SIGTERM or SIGINT: each API process drains (finishes its requests, up to drain_timeout), then
  the core is closed; exit 0."""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import tempfile
from pathlib import Path

import trio
from prometheus_client import multiprocess

from miniserve.config import Settings
from miniserve.engine.core.client import CoreDied, CoreProcess
from miniserve.engine.core.wire import Close
from miniserve.http.api_process import GO, READY
from miniserve.http.server import hypercorn_config
from miniserve.logs import show_process_ids
from miniserve.tutor import model_folder

log = logging.getLogger("miniserve.http.supervisor")

GRACE_SECONDS = 10.0  # beyond the drain's own time, before a process that will not end is killed


async def supervise(settings: Settings, host: str, port: int) -> int:
    show_process_ids()  # N + 2 processes write to one stderr
    with tempfile.TemporaryDirectory(prefix="miniserve-") as private:  # mkdtemp: mode 0700
        return await Supervisor(settings, Path(private)).run(host, port)


class Supervisor:
    def __init__(self, settings: Settings, private: Path):
        self.settings, self.private = settings, private
        self.folder = Path(settings.model) if settings.model else model_folder()
        self.metrics_dir = private / "metrics"
        self.metrics_dir.mkdir()
        self.env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(self.metrics_dir)}
        self.address = str(private / "core.sock")
        self.stop = trio.Event()  # a signal, the core's death, or an API process that cannot start
        self.stopping = False
        self.exit_code = 0
        self.apis: dict[int, trio.Process] = {}  # by place (0..N-1): the one running there
        self.gates: dict[int, trio.socket.SocketType] = {}
        self.n_ready = 0
        self.all_ready = trio.Event()
        self.apis_gone = trio.Event()

    async def run(self, host: str, port: int) -> int:
        self.listening = listening = hypercorn_config(host, port, self.settings).create_sockets().insecure_sockets[0]
        core_listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        core_listener.bind(self.address)
        core_listener.listen(64)
        try:
            self.core = await trio.to_thread.run_sync(CoreProcess, self.settings, self.folder, core_listener, self.env)
        except CoreDied as error:
            log.error("%s", error)
            return 1
        finally:
            core_listener.close()  # the core holds its own copy
        log.info("engine core process %d ready; starting %d API processes", self.core.pid, self.settings.api_processes)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._watch_signals)
            nursery.start_soon(self._watch_core)
            async with trio.open_nursery() as apis:
                for place in range(self.settings.api_processes):
                    apis.start_soon(self._keep_api, place, listening.fileno())
                apis.start_soon(self._stop_apis)
            await self._close_core()
            nursery.cancel_scope.cancel()
        return self.exit_code

    # -- the engine core ---------------------------------------------------------------------------
    async def _watch_core(self) -> None:
        code = await trio.to_thread.run_sync(self.core.process.wait, abandon_on_cancel=True)
        if not self.stopping:
            log.error("the engine core process exited (code %s): shutting down (exit code 1)", code)
            self.exit_code = 1
            self.stop.set()

    async def _close_core(self) -> None:
        """Drain it (nothing is left once the API processes are gone) and wait for its exit."""
        try:
            self.core.link.send([Close()])
        except OSError:
            pass
        timeout = self.settings.drain_timeout + GRACE_SECONDS
        await trio.to_thread.run_sync(self.core.reap, timeout)
        multiprocess.mark_process_dead(self.core.pid, str(self.metrics_dir))

    # -- the API processes -------------------------------------------------------------------------
    async def _keep_api(self, place: int, listen_fd: int) -> None:
        """Run an API process in `place`, and another when it dies, until the server stops."""
        while not self.stopping:
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            command = [sys.executable, "-m", "miniserve.http.api_process", "--listen-fd", str(listen_fd),
                       "--gate-fd", str(theirs.fileno()), "--core", self.address,
                       "--settings", self.settings.model_dump_json()]
            process = await trio.lowlevel.open_process(command, pass_fds=(listen_fd, theirs.fileno()), env=self.env,
                                                       start_new_session=True)
            theirs.close()
            self.apis[place], self.gates[place] = process, trio.socket.from_stdlib_socket(ours)
            if self.stopping:  # the stop came while it was being started (in a thread): _stop_apis never saw it
                self.gates[place].close()
                process.send_signal(signal.SIGTERM)
            was_ready = [False]
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._gate, place, was_ready)
                code = await process.wait()
                nursery.cancel_scope.cancel()
            self.gates.pop(place).close()
            del self.apis[place]
            multiprocess.mark_process_dead(process.pid, str(self.metrics_dir))  # its live gauges go; its counts stay
            if self.stopping:
                break
            if not was_ready[0]:
                log.error("API process %d exited (code %s) before it was ready: shutting down", process.pid, code)
                self._fail(1)
                break
            if code == 1 and await self._core_exits_soon():
                break  # it ended because the core did: _watch_core stops the server
            log.warning("API process %d exited (code %s): its sequences were cancelled in the core; "
                        "starting another", process.pid, code)
        if not self.apis:
            self.apis_gone.set()

    async def _gate(self, place: int, was_ready: list[bool]) -> None:
        """Its "ready", then "go" once all N have been ready (at once, for a restarted one)."""
        gate = self.gates[place]
        try:
            if await gate.recv(1) != READY:
                return
        except (trio.ClosedResourceError, OSError):  # closed by _stop_apis: it is told to go instead
            return
        was_ready[0] = True
        self.n_ready += 1
        if self.n_ready >= self.settings.api_processes and not self.all_ready.is_set():
            log.info("serving: %d API processes ready", self.settings.api_processes)
            self.all_ready.set()
        await self.all_ready.wait()
        try:
            await gate.send(GO)
        except (trio.ClosedResourceError, OSError):
            pass

    async def _core_exits_soon(self) -> bool:
        with trio.move_on_after(1.0):
            await trio.to_thread.run_sync(self.core.process.wait, abandon_on_cancel=True)
            return True
        return False

    def _fail(self, code: int) -> None:
        self.exit_code = self.exit_code or code
        self.stop.set()

    async def _watch_signals(self) -> None:
        with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            async for _ in signals:
                log.info("shutting down: draining %d API processes", len(self.apis))
                self.stop.set()
                return

    async def _stop_apis(self) -> None:
        """Once stopping: SIGTERM to each API process (each drains), then kill what is left."""
        await self.stop.wait()
        self.stopping = True
        # No process starts from now on: the port closes once the last API process closes its
        # listener, and a client connecting then is refused instead of waiting in a queue nobody reads.
        self.listening.close()
        for gate in self.gates.values():  # one not yet listening hears it has to go
            gate.close()
        for process in list(self.apis.values()):
            process.send_signal(signal.SIGTERM)
        with trio.move_on_after(self.settings.drain_delay + self.settings.drain_timeout + GRACE_SECONDS):
            if self.apis:
                await self.apis_gone.wait()
            return
        for process in list(self.apis.values()):
            log.error("API process %d did not drain in time: killed", process.pid)
            process.kill()
