"""Logging, set up once: every line on stderr carries a UTC timestamp, a level, the logger and the
message, plus the record's `fields` when it has some (`extra={"fields": {...}}`, or a message that
is itself a JSON object, as the access line is). Two formats: one JSON object per line (for log
collectors: the default when stderr is not a terminal) or one readable text line (on a terminal).
Hypercorn's own loggers are routed through the same handler so nothing prints twice."""

from __future__ import annotations

import json
import logging
import sys
from datetime import datetime, timezone

HYPERCORN_LOGGERS = ("hypercorn.error", "hypercorn.access")
_with_pid = False  # several processes write to one stderr (--api-processes): each line says whose


def show_process_ids() -> None:
    """From now on every line carries `pid`, the process that wrote it."""
    global _with_pid
    _with_pid = True


def record_fields(record: logging.LogRecord, formatter: logging.Formatter) -> dict:
    """The line as a dict: ts, level, logger, message, then the record's own fields."""
    line = {"ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage()}
    if _with_pid:
        line["pid"] = record.process
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
        line["error"] = formatter.formatException(record.exc_info)
    return line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return json.dumps(record_fields(record, self), ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """`12:00:01.234 INFO  miniserve.http.access: access method=POST path=/correct status=200 ...`"""

    def format(self, record: logging.LogRecord) -> str:
        line = record_fields(record, self)
        error = line.pop("error", None)
        head = f"{line.pop('ts')[11:23]} {line.pop('level').upper():<7} {line.pop('logger')}: {line.pop('message')}"
        tail = "".join(f" {key}={value}" for key, value in line.items() if value is not None)
        return head + tail + (f"\n{error}" if error else "")


class LogHandler(logging.StreamHandler):
    def __init__(self, formatter: logging.Formatter):
        super().__init__(sys.stderr)
        self.setFormatter(formatter)


def setup_logging(log_format: str = "auto", level: str = "info") -> None:
    """One handler on the root logger (idempotent: a second call replaces it, never adds one; other
    handlers, such as pytest's, stay). `log_format`: "json", "text", or "auto" (text on a terminal)."""
    if log_format == "auto":
        log_format = "text" if sys.stderr.isatty() else "json"
    formatter = TextFormatter() if log_format == "text" else JsonFormatter()
    root = logging.getLogger()
    root.handlers = [h for h in root.handlers if not isinstance(h, LogHandler)] + [LogHandler(formatter)]
    root.setLevel(level.upper())
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
