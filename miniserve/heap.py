"""The heap frozen once a server process has loaded. Python's full garbage collection walks every
container object the process holds; with the model, the tokenizer, the tutor's word tables and the web
framework loaded, one took 106-129 ms here, every few seconds under load, holding the GIL: the compute
thread, the event loop and the shedder's thread all stopped for it (docs/service.md, "Overload").
What is alive once loading is done lives as long as the process: `gc.freeze` moves it out of the
collector's sight (as vLLM's engine core does after start-up), so that later collections walk only
what requests create. Garbage is collected first, so none of it is kept for good."""

from __future__ import annotations

import gc
import logging

log = logging.getLogger("miniserve.heap")


def freeze() -> int:
    """Collect, then freeze what is left; the number of objects frozen."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info("heap frozen: %d objects out of the garbage collector's walks", frozen)
    return frozen
