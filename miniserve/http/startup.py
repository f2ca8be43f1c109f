"""Refuse to start where the service cannot work, with one line that says what to do."""

from __future__ import annotations

import logging
import os

import trio

log = logging.getLogger("miniserve.http.startup")

WRONG_WORKER = ("miniserve needs Hypercorn's trio worker: add --worker-class trio, e.g. "
                "hypercorn --worker-class trio \"miniserve.http.app:create_app()\"")


class RequireTrio:
    """Hypercorn's default worker runs asyncio, where Quart-Trio starts, warns once and then answers
    500 to every request. At lifespan startup (before Hypercorn binds), anything but trio ends the
    process with exit code 2: a server that cannot answer must not look as if it were up.
    (Hypercorn 0.18's master process, with `--workers 1` or more, then exits 0 all the same: its
    run.py joins the exited workers twice and returns the second, empty, result. `-w 0` keeps 2.)"""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan" and not running_trio():
            log.error(WRONG_WORKER)
            logging.shutdown()  # flush: os._exit skips the interpreter's cleanup
            os._exit(2)  # raising would only make Hypercorn print a traceback and serve on
        await self.app(scope, receive, send)


def running_trio() -> bool:
    try:
        trio.lowlevel.current_task()
    except RuntimeError:  # "must be called from async context": not inside trio.run
        return False
    return True
