"""The Quart-Trio application: `hypercorn --worker-class trio "miniserve.http.app:create_app()"`.

The lifespan nursery owns two things: a start-up task (load the model, warm up the kernels, start
the scheduler) and then the scheduler task itself. /healthz answers from the first moment;
/readyz only once everything is really running."""

from __future__ import annotations

import logging
from pathlib import Path

from quart_schema import QuartSchema
from quart_trio import QuartTrio

from miniserve.http import errors
from miniserve.http.access import access
from miniserve.http.admission import Admission
from miniserve.config import Settings
from miniserve.http.direct import DirectRoutes
from miniserve.http.connection import CloseShield, Framing, NoWebSocket, bound_chunk_size, close_on_eof, http1_only
from miniserve.logs import setup_logging
from miniserve.http.middleware import BodyLimit, InputFilter, NoSniff, RateLimit
from miniserve.http.openai_routes import openai
from miniserve.http.openapi import Provider
from miniserve.http.proxy import ForwardedFor
from miniserve.http.ops_routes import ops
from miniserve.http.routes import routes
from miniserve.http.state import Service
from miniserve.web import web
from miniserve.http.startup import RequireTrio
from miniserve.tutor import model_folder

log = logging.getLogger("miniserve.http.app")


def create_app(settings: Settings | None = None) -> QuartTrio:
    settings = settings or Settings.from_env()
    setup_logging(settings.log_format, settings.log_level)
    bound_chunk_size()
    close_on_eof()
    http1_only()
    service = Service(settings, Path(settings.model) if settings.model else model_folder())
    app = QuartTrio(__name__)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.extensions["miniserve"] = service
    QuartSchema(app, redoc_ui_path=None, scalar_ui_path=None, info={"title": "miniserve", "version": "0.1.0",
                           "description": "A grammar tutor served by a small CPU inference server."},
                openapi_provider_class=Provider)
    app.register_blueprint(access)
    app.register_blueprint(ops)
    app.register_blueprint(routes)
    app.register_blueprint(openai)
    app.register_blueprint(web)
    errors.register(app)

    @app.before_serving
    async def start():
        log.info("starting: loading %s", service.folder)
        app.nursery.start_soon(service.start, app.nursery)

    @app.after_serving
    async def stop():
        await service.drain()
        if service.readings is not None:
            service.readings.close()
        for parser in (service.parser, service.reading_parser):
            if parser is not None:
                parser.close()
        log.info("stopped")

    # ASGI layers, outermost first: worker check, WebSocket handshakes refused (400), nosniff on every answer, the client's address
    # behind trusted proxies, connection close shim, framing (400), body limits (413, 408; the raw
    # bytes are read so the connection stays reusable), admission (503, before anything is
    # parsed), rate limit (429, one sequence per request), input filter (422), the two generation routes as
    # plain ASGI handlers (`direct.py`), then Quart.
    count = lambda reason: service.metrics.rejected.labels(reason).inc()  # noqa: E731
    app.extensions["miniserve.direct"] = direct = DirectRoutes(app.asgi_app, service)
    inner = InputFilter(direct, service.special_texts, on_reject=count)
    limited = RateLimit(inner, service.rate, on_reject=count)
    app.extensions["miniserve.admission"] = admitted = Admission(limited, service, on_reject=count,
                                                                on_shed=service.metrics.shed.inc,
                                                                on_idle_closed=lambda reason: service.metrics.idle_closed.labels(reason).inc())
    bounded = BodyLimit(admitted, settings.max_body_bytes, on_reject=count, timeout=settings.body_timeout)
    framed = CloseShield(Framing(bounded, on_reject=count))
    app.asgi_app = RequireTrio(NoWebSocket(NoSniff(ForwardedFor(framed, settings.trusted_proxies))))
    return app
