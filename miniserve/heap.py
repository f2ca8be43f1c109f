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


def observe_pauses(histogram):
    """Observe every collection's pause into `histogram` (labelled by generation), from now on in this
    process; the callback, which `gc.callbacks.remove` takes back."""
    started: list[float] = []

    def pause(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            histogram.labels(str(info["generation"])).observe(time.perf_counter() - started.pop())

    gc.callbacks.append(pause)
    return pause
