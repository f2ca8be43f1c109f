"""`miniserve serve`: Hypercorn with the trio worker, and a graceful shutdown on SIGTERM/SIGINT:
/readyz turns 503 and new requests get 503 at once, in-flight requests finish (up to
drain_timeout), then Hypercorn closes the listener and the lifespan stops the scheduler."""

from __future__ import annotations

import signal

import trio
from hypercorn.config import Config
from hypercorn.trio import serve as hypercorn_serve

from miniserve.app import create_app
from miniserve.config import Settings


def hypercorn_config(host: str, port: int, settings: Settings) -> Config:
    config = Config()
    config.bind = [f"{host}:{port}"]
    config.graceful_timeout = settings.drain_timeout
    config.backlog = 1024  # the default 100 drops SYNs under an open-loop burst
    config.keep_alive_timeout = 30
    config.accesslog = None  # the app writes one JSON line per request itself
    return config


async def serve(settings: Settings, host: str, port: int) -> None:
    app = create_app(settings)
    service = app.extensions["miniserve"]

    async def shutdown_trigger():
        with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
            async for _ in signals:
                break
        await service.drain()

    await hypercorn_serve(app, hypercorn_config(host, port, settings), shutdown_trigger=shutdown_trigger)


def run(settings: Settings, host: str, port: int) -> None:
    trio.run(serve, settings, host, port)
