"""Logging, set up once: every line on stderr is one JSON object with a UTC timestamp, a level, the
logger and the message, plus the record's `fields` when it has some (`extra={"fields": {...}}`,
or a message that is itself a JSON object, as the access line is).
Hypercorn's own loggers are routed through the same handler so nothing prints twice."""

from __future__ import annotations

import json
import logging
import sys
from datetime import datetime, timezone

HYPERCORN_LOGGERS = ("hypercorn.error", "hypercorn.access")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
        fields = getattr(record, "fields", None)
        if fields is None and line["message"].startswith("{"):  # a line that is already a JSON object
            try:
                fields = json.loads(line["message"])
                line["message"] = record.name.rpartition(".")[2]
            except ValueError:
                pass
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class JsonHandler(logging.StreamHandler):
    def __init__(self):
        super().__init__(sys.stderr)
        self.setFormatter(JsonFormatter())


def setup_logging(level: int = logging.INFO) -> None:
    """One JSON handler on the root logger (idempotent: a second call replaces it, never adds one;
    other handlers, such as pytest's, stay)."""
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if not isinstance(h, JsonHandler)] + [JsonHandler()]
    root.setLevel(level)
    adopt_hypercorn_loggers()


class _Adopted(logging.Logger):
    """A logger whose lines always go to its parents' handlers, never its own: Hypercorn gives its
    loggers text handlers when it creates its `Logger` (lazily, on its first line), which would
    print each of its lines twice, once in its format and once in ours."""

    def callHandlers(self, record: logging.LogRecord) -> None:
        if self.parent is not None:
            self.parent.callHandlers(record)


def adopt_hypercorn_loggers() -> None:
    for name in HYPERCORN_LOGGERS:
        if name not in logging.Logger.manager.loggerDict:
            previous = logging.getLoggerClass()
            logging.setLoggerClass(_Adopted)
            try:
                logging.getLogger(name)
            finally:
                logging.setLoggerClass(previous)
        logger = logging.getLogger(name)
        if not isinstance(logger, _Adopted):  # created before us: the best we can do now
            logger.handlers, logger.propagate = [], True
