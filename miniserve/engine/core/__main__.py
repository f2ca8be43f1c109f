"""The engine core process: `python -m miniserve.engine.core --fd N --model FOLDER --settings JSON`,
started by the API process (miniserve/engine/core/client.py) with one end of a socket pair as fd N.
With `--listen-fd M` (`miniserve serve --api-processes N`, started by the supervisor,
miniserve/http/supervisor.py), API processes also connect to the listening unix socket M, and the
core counts its own steps and KV slots into prometheus-client's multiprocess directory.

It ignores SIGINT and SIGTERM: a terminal's Ctrl-C or a supervisor's SIGTERM reaches the whole
process group, and the API process, which drains on them, tells the core when to finish (Close).
It exits when told, or as soon as the process that started it has gone (the end of fd N)."""

from __future__ import annotations

import argparse
import json
import signal
import socket
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m miniserve.engine.core")
    parser.add_argument("--fd", type=int, required=True, help="this process's end of the link (a unix stream socket)")
    parser.add_argument("--model", required=True, help="the model folder")
    parser.add_argument("--listen-fd", type=int, help="a listening unix socket where API processes connect")
    parser.add_argument("--settings", required=True, help="the settings the core uses, as JSON (client.CORE_SETTINGS)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

    from miniserve import heap
    from miniserve.config import Settings
    from miniserve.engine.core.build import build_engine, build_loop
    from miniserve.engine.core.describe import Rebuilder
    from miniserve.engine.core.server import CoreServer
    from miniserve.engine.core.wire import Link, ToCore
    from miniserve.logs import setup_logging, show_process_ids

    setup_logging()
    if args.listen_fd is not None:
        show_process_ids()  # beside the supervisor's and the API processes' lines
    settings, folder = Settings(**json.loads(args.settings)), Path(args.model)
    engine = build_engine(settings, folder)
    engine.warmup()
    rebuild = Rebuilder(folder)
    if settings.edit_constraint:
        rebuild.prepare()
    metrics = None
    if args.listen_fd is not None:
        from miniserve.metrics import Metrics

        metrics = Metrics()
        metrics.kv_bytes.set(engine.cache.nbytes)
    heap.freeze()  # the model, its kernels and the constraint tables live as long as the core (heap.py)
    listener = None if args.listen_fd is None else socket.socket(fileno=args.listen_fd)
    owner = Link(socket.socket(fileno=args.fd), ToCore)
    # The link's reader threads decode and rebuild constraints with the GIL held; after each nogil
    # kernel the compute thread waits for it up to the switch interval (5 ms by default): 0.5 ms,
    # as the in-process scheduler sets it.
    sys.setswitchinterval(0.0005)
    return CoreServer(build_loop(engine, settings), rebuild, metrics).serve(owner, listener)


if __name__ == "__main__":
    sys.exit(main())
