"""The service's state, shared by the routes: settings, health, the model's prompt format, and
(once the warm-up has run) the engine and its scheduler."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import trio
from quart import current_app
from tokenizers import Tokenizer

from miniserve import heap
from miniserve.config import Settings
from miniserve.engine import Engine
from miniserve.engine.core.build import build_engine
from miniserve.engine.core.client import CoreHandle, CoreLink, CoreProcess
from miniserve.engine.core.remote_worker import RemoteWorker
from miniserve.scheduler.health import Health
from miniserve.metrics import Metrics
from miniserve.http.ratelimit import Buckets
from miniserve.scheduler import Scheduler, Unavailable
from miniserve.tutor import model_folder
from miniserve.tutor.runtime.constraint import EditConstraints
from miniserve.tutor.runtime.parse_cache import ParseCache
from miniserve.tutor.runtime.parser_pool import ParserPool
from miniserve.service.readings import Readings
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.service.tutoring import Tutor

log = logging.getLogger("miniserve.http.state")


def service() -> "Service":
    """The app's one Service (every route reads it from here)."""
    return current_app.extensions["miniserve"]


@dataclass
class Service:
    settings: Settings
    folder: Path
    health: Health = field(default_factory=Health)
    engine: Engine | CoreHandle | None = None  # a CoreProcess (engine_process) or CoreLink stands in for it
    scheduler: Scheduler | None = None
    prompt: TutorPrompt | None = None  # None when the model is not the tutor
    metrics: Metrics = field(default_factory=Metrics)
    model_name: str = ""
    created: int = 0
    core_lost: trio.Event = field(default_factory=trio.Event)  # the engine core process died: the server exits
    core_address: str | None = None  # with --api-processes: the shared engine core's unix socket
    started: trio.Event = field(default_factory=trio.Event)  # start() has ended: ready, or failed (health says)
    # Generation requests inside their handlers (admission.py counts them): a tutor request between
    # its decode and its gate's scoring holds no sequence, and a drain must not stop the scheduler then.
    handling: int = 0
    # `miniserve serve` freezes the loaded heap before the scheduler starts (heap.py); tests, which start
    # many services in one process, do not
    freeze_heap: bool = False
    gc_pauses: heap.Pauses | None = None  # the collector's pauses (`miniserve serve`), observed on the event loop

    def __post_init__(self):
        self.created = int(time.time())
        self.rate = Buckets(self.settings.rate_limit, self.settings.rate_burst)  # per client, charged by work
        shipped = self.folder.resolve() == model_folder().resolve()
        self.model_name = self.settings.model_name or ("miniserve-tutor" if shipped else self.folder.name)
        self.tokenizer = Tokenizer.from_file(str(self.folder / "tokenizer.json"))
        try:
            self.prompt = TutorPrompt(self.tokenizer)
        except ValueError:
            self.prompt = None
        # per sentence: which tokens may come next (copy the input, verb forms may change); None: free
        self.edit_constraints = (EditConstraints.for_prompt(self.prompt)
                                 if self.prompt is not None and self.settings.edit_constraint else None)
        # the gate's agreement prior reads the parser in worker processes (it holds the GIL while it parses),
        # an answer's questions side by side (parser_pool.py); both pools keep every parse in one cache
        parses = ParseCache()
        self.parser = (ParserPool.installed(self.settings.parser_workers, parses)
                       if self.prompt is not None and self.settings.gate else None)
        # inputs are read while the model decodes (readings.py) by a worker of their own, so that a batch
        # of readings never holds up the questions a request waits on after decoding
        self.reading_parser = ParserPool.installed(1, parses) if self.parser is not None else None
        self.readings = Readings(self.reading_parser) if self.reading_parser is not None else None
        self.special_texts = tuple(t.content for t in self.tokenizer.get_added_tokens_decoder().values() if t.special)

    @property
    def tutor(self) -> Tutor:
        """The tutoring flow with this service's settings (once the engine is loaded)."""
        if self.engine is None:
            raise Unavailable("not ready: starting")
        return Tutor.configured(self.settings, self.prompt, self.engine.config.n_positions, self.edit_constraints,
                                self.parser)

    async def start(self, nursery: trio.Nursery) -> None:
        """Load (unless an engine was given, as tests do), warm up (off the event loop), then start
        the scheduler task in `nursery`. With engine_process, the core process loads and warms up,
        and the scheduler's compute side is a RemoteWorker on it (with --api-processes, on the link
        to the shared core at `core_address`)."""
        try:
            await self._start(nursery)
        finally:
            self.started.set()

    async def _start(self, nursery: trio.Nursery) -> None:
        if self.readings is not None:
            nursery.start_soon(self.readings.run)
        try:
            if self.engine is None:
                self.engine = await trio.to_thread.run_sync(self._load)
            self.health.model_loaded = True
            await trio.to_thread.run_sync(self.engine.warmup)
            self.health.warmed_up = True
        except Exception as error:
            log.exception("model load or warm-up failed")
            self.health.step_failed(error)
            return
        remote = isinstance(self.engine, CoreHandle)
        worker = partial(RemoteWorker, self.engine) if remote else None
        share = self.settings.api_processes if isinstance(self.engine, CoreLink) else 1
        self.scheduler = Scheduler(self.engine, self.settings, self.health, self.metrics, worker=worker, share=share)
        m, sched, cache = self.metrics, self.scheduler, self.engine.cache
        if m.shared:  # values live in files, read at scrape time by another process: set them as they change
            def counts():
                m.running.set(sched.n_running)
                m.waiting.set(sched.n_waiting)
            sched.after_flush = counts  # the KV gauges are the core's own
        else:
            m.running.set_function(lambda: sched.n_running)
            m.waiting.set_function(lambda: sched.n_waiting)
            m.kv_slots_used.set_function(lambda: cache.used_slots)
            m.kv_usage.set_function(lambda: cache.used_slots / cache.n_slots)
            m.kv_bytes.set(cache.nbytes)
        if self.freeze_heap:
            heap.freeze()
        await nursery.start(self._run_scheduler)
        log.info("ready: %s scheduler, %d KV slots (%.1f MB)%s", self.settings.scheduler, self.engine.cache.n_slots,
                 self.engine.cache.nbytes / 1e6, f", engine core process {self.engine.pid or self.core_address}" if remote else "")

    async def _run_scheduler(self, task_status=trio.TASK_STATUS_IGNORED) -> None:
        await self.scheduler.run(task_status=task_status)
        if isinstance(self.engine, CoreHandle) and not self.health.draining:
            # The core died (the scheduler has failed every request and /readyz says so): the server
            # exits non-zero for its supervisor, which restarts both (docs/engine.md).
            log.error("the engine core process has gone: shutting down (exit code 1)")
            self.core_lost.set()

    def _load(self) -> Engine | CoreHandle:
        if self.core_address is not None:
            return CoreLink(self.core_address, self.folder)
        if self.settings.engine_process:
            return CoreProcess(self.settings, self.folder)
        return build_engine(self.settings, self.folder)

    async def drain(self) -> None:
        """Refuse new work (/readyz 503), keep the listener for drain_delay so that a balancer sees it
        and stops sending (connections it opens while the listener closes would be reset), let the
        running requests finish (their sequences and their handlers, up to drain_timeout), stop the
        scheduler."""
        if not self.health.draining:
            self.health.draining = True
            await trio.sleep(self.settings.drain_delay)
        if self.scheduler is None:
            return
        with trio.move_on_after(self.settings.drain_timeout):
            while self.scheduler.n_running or self.scheduler.n_waiting or self.handling:
                await trio.sleep(0.02)
        self.scheduler.close()
