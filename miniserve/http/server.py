"""`miniserve serve`: Hypercorn with the trio worker, and a graceful shutdown on SIGTERM/SIGINT:
/readyz turns 503 and new requests get 503 at once, in-flight requests finish (up to
drain_timeout), then Hypercorn closes the listener and the lifespan stops the scheduler.

Writes have a deadline here, in the kernel: Hypercorn's trio worker writes each piece of an answer
with `send_all` inside a shielded cancel scope (`TCPServer.protocol_send`), so a client that never
reads blocks that write for good and no cancellation reaches it. The listening socket carries
TCP_USER_TIMEOUT = `write_timeout` (Linux; accepted connections inherit it, as HAProxy's `tcp-ut`
relies on): once the client's window has stayed shut that long, the kernel closes the connection,
the blocked write fails, Hypercorn tells the app `http.disconnect` and the handler is cancelled.
SO_SNDBUF bounds what waits in the kernel per connection (the default grows to `tcp_wmem`'s 4 MiB).
TCP_DEFER_ACCEPT (as nginx's `deferred`) wakes the accept only once a connection's first bytes have
arrived, so the shedder (shedder.py) sees the request it may refuse."""

from __future__ import annotations

import errno
import logging
import signal
import socket
from pathlib import Path

import trio
from hypercorn.config import Config
from hypercorn.trio import serve as hypercorn_serve

from miniserve import heap
from miniserve.http import shedder
from miniserve.http.app import create_app
from miniserve.http.waiting_room import IdleLimits
from miniserve.config import Settings

log = logging.getLogger("miniserve.http.server")


SEND_BUFFER_BYTES = 64 * 1024  # a few hundred token events; the kernel doubles it for its bookkeeping


class WriteBoundConfig(Config):
    """Hypercorn's config whose listening sockets bound every write (see above)."""

    write_timeout: float = 10.0

    def create_sockets(self):
        sockets = super().create_sockets()
        for sock in sockets.insecure_sockets + sockets.secure_sockets:
            if sock.family in (socket.AF_INET, socket.AF_INET6):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)
                if hasattr(socket, "TCP_DEFER_ACCEPT"):  # accept once the request's first bytes are in
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, 1)  # (the shedder reads them)
                if hasattr(socket, "TCP_USER_TIMEOUT"):
                    milliseconds = max(1, round(self.write_timeout * 1000))
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, milliseconds)
        return sockets


def hypercorn_config(host: str, port: int, settings: Settings) -> Config:
    config = WriteBoundConfig()
    config.write_timeout = settings.write_timeout
    config.bind = [f"{host}:{port}"]
    config.graceful_timeout = settings.drain_timeout
    config.backlog = 1024  # the default 100 drops SYNs under an open-loop burst
    config.keep_alive_timeout = settings.keep_alive_timeout
    config.accesslog = None  # the app writes one JSON line per request itself
    config.errorlog = logging.getLogger("hypercorn.error")  # a Logger is used as is: no text handler of its own
    return config


def preflight(settings: Settings, host: str, port: int) -> str | None:
    """Why the server cannot start, in one line, or None: checked before anything is started."""
    from tokenizers import Tokenizer

    from miniserve.tutor import model_folder
    from miniserve.model.weights import load_model

    folder = Path(settings.model) if settings.model else model_folder()
    if not folder.is_dir():
        return f"model folder {folder} does not exist"
    try:
        load_model(folder)
        Tokenizer.from_file(str(folder / "tokenizer.json"))
    except Exception as error:  # any unreadable file: say which, in one line
        return f"cannot load the model in {folder}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Hypercorn binds
            probe.bind((host, port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return f"port {port} on {host} is already in use"
        return f"cannot listen on {host}:{port}: {error.strerror}"
    return None


async def serve(settings: Settings, host: str, port: int, listen_fd: int | None = None,
                core_address: str | None = None, before_listening=None) -> int:
    """Serve until SIGTERM/SIGINT (exit code 0) or the engine core process dies (1). An API process
    of `--api-processes` (api_process.py) passes the shared listening socket, the shared core's
    address, and `before_listening(service)`, awaited once the service has started."""
    app = create_app(settings)
    service = app.extensions["miniserve"]
    service.core_address = core_address
    service.freeze_heap = True  # a process of its own: what it has loaded lives as long as it (heap.py)
    service.gc_pauses = pauses = heap.Pauses(service.metrics.gc_pause)

    @app.before_serving
    async def observe_gc_pauses():
        app.nursery.start_soon(pauses.flush_every, 1.0)
    for parser in (service.parser, service.reading_parser):
        if parser is not None:
            parser.start()  # its worker loads the dictionary while the model loads
    if before_listening is not None:
        @app.before_serving  # after create_app's own start: Hypercorn listens once it returns
        async def wait_before_listening():
            await before_listening(service)
    config = hypercorn_config(host, port, settings)
    if listen_fd is not None:
        config.bind = [f"fd://{listen_fd}"]

    async def shutdown_trigger():
        async def on_signal(cancel_scope):
            with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
                async for _ in signals:
                    break
            cancel_scope.cancel()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(on_signal, nursery.cancel_scope)
            await service.core_lost.wait()
            nursery.cancel_scope.cancel()
        log.info("shutting down: draining")
        await service.drain()

    shedder.install()
    shedder.admission_of_this_server.set(app.extensions["miniserve.admission"])  # this task's context only
    shedder.idle_limits_of_this_server.set(IdleLimits(timeout=settings.keep_alive_timeout,
                                                      per_address=settings.idle_connections_per_address))
    await hypercorn_serve(app, config, shutdown_trigger=shutdown_trigger)
    return 1 if service.core_lost.is_set() else 0


def run(settings: Settings, host: str, port: int) -> int:
    if settings.api_processes > 1:
        from miniserve.http.supervisor import supervise

        return trio.run(supervise, settings, host, port)
    return trio.run(serve, settings, host, port)
