"""One API process of `miniserve serve --api-processes N`: `python -m miniserve.http.api_process
--listen-fd L --gate-fd G --core PATH --settings JSON`, started by the supervisor (supervisor.py).

It serves HTTP on the listening socket L that all N share (the kernel hands each new connection to
one of them), with its scheduler's compute side linked to the shared engine core at PATH. Before
it listens, it says "ready" on G and waits for "go": the supervisor lets the N start listening
together once all are ready, so that no connection reaches a process still starting.

Only SIGTERM drains it (once; the supervisor sends it): it runs in its own process group, so a
terminal's Ctrl-C reaches the supervisor alone."""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import socket
import sys

import trio

log = logging.getLogger("miniserve.http.api_process")

READY, GO = b"r", b"g"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m miniserve.http.api_process")
    parser.add_argument("--listen-fd", type=int, required=True, help="the shared listening TCP socket")
    parser.add_argument("--gate-fd", type=int, required=True, help="a unix socket to the supervisor: ready, then go")
    parser.add_argument("--core", required=True, help="the engine core's unix socket")
    parser.add_argument("--settings", required=True, help="the server's settings, as JSON")
    args = parser.parse_args(argv)
    # Ignored outside serving (while serving, serve() catches SIGTERM): a second SIGTERM during the
    # drain must not kill the process halfway.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

    from miniserve.config import Settings
    from miniserve.http.server import serve
    from miniserve.logs import setup_logging, show_process_ids

    settings = Settings(**json.loads(args.settings))
    setup_logging(settings.log_format, settings.log_level)
    show_process_ids()
    gate = socket.socket(fileno=args.gate_fd)

    async def before_listening(service) -> None:
        await service.started.wait()
        reason = service.health.not_ready_reason()
        if reason is not None:
            log.error("this API process cannot serve: %s", reason)
            logging.shutdown()
            os._exit(1)  # as RequireTrio: raising here would only make Hypercorn print a traceback
        wire = trio.socket.from_stdlib_socket(gate)
        await wire.send(READY)
        if await wire.recv(1) != GO:  # the supervisor is shutting down (or gone) before all were ready
            logging.shutdown()
            os._exit(0)

    return trio.run(serve, settings, settings.host, settings.port, args.listen_fd, args.core, before_listening)


if __name__ == "__main__":
    sys.exit(main())
