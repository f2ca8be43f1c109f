"""The heap frozen once a server process has loaded, and the collector's pauses measured.

Python's full garbage collection walks every container object the process holds; with the model, the
tokenizer, the tutor's word tables and the web framework loaded, one took about a tenth of a second,
every few seconds under load, holding the GIL: the compute thread, the event loop and the shedder's
thread all stopped for it (docs/service.md, "Overload"). What is alive once loading is done lives as
long as the process: `gc.freeze` moves it out of the collector's sight (as vLLM's engine core does after
start-up), so that later collections walk only what requests create. Garbage is collected first, so
none of it is kept for good. The start-up log line says what a full collection cost before and after."""

from __future__ import annotations

import gc
import logging
import time
from collections import deque

import trio

log = logging.getLogger("miniserve.heap")


def freeze() -> int:
    """Collect, then freeze what is left; the number of objects frozen."""
    started = time.perf_counter()
    gc.collect()
    collected = time.perf_counter()
    gc.freeze()
    gc.collect()
    frozen = gc.get_freeze_count()
    log.info("heap frozen: %d objects out of the garbage collector's walks; a full collection took %.1f ms "
             "before, %.1f ms after", frozen, (collected - started) * 1e3, (time.perf_counter() - collected) * 1e3)
    return frozen


class Pauses:
    """Every collection's pause, by generation, for `histogram`. The collector's callback only records it:
    it runs inside a collection, which may have interrupted a thread that holds one of prometheus-client's
    locks (they are not reentrant), so observing there could deadlock; `flush` observes what was recorded,
    on the event loop (every second, and before each scrape)."""

    def __init__(self, histogram):
        self.histogram = histogram
        self.recorded: deque[tuple[str, float]] = deque(maxlen=100_000)
        self.began = 0.0
        gc.callbacks.append(self.record)

    def record(self, phase: str, info: dict) -> None:
        if phase == "start":  # collections do not nest; start and stop come from the same thread
            self.began = time.perf_counter()
        else:
            self.recorded.append((str(info["generation"]), time.perf_counter() - self.began))

    def flush(self) -> None:
        while self.recorded:
            generation, seconds = self.recorded.popleft()
            self.histogram.labels(generation).observe(seconds)

    async def flush_every(self, seconds: float) -> None:
        while True:
            self.flush()
            await trio.sleep(seconds)

    def close(self) -> None:
        gc.callbacks.remove(self.record)
