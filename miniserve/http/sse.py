"""Server-sent events, one framing for both APIs: `data: <json>` per event, an error as one more
event in the API's own error shape, then `data: [DONE]`. The stream's access line is written when
it ends (whatever ended it), with what was really sent."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from miniserve.http.access import AccessRecord
from miniserve.http.errors import classify, count_refusal, error_body

HEADERS = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
DONE = b"data: [DONE]\n\n"


def event(obj: dict) -> bytes:
    return f"data: {json.dumps(obj)}\n\n".encode()


async def frame(events: AsyncIterator[dict], record: AccessRecord, metrics=None) -> AsyncIterator[bytes]:
    """Frame `events` (dicts) as SSE; a failure mid-stream becomes an error event (counted in
    `metrics` if it is a refusal), then [DONE]."""
    try:
        try:
            async for obj in events:
                yield event(obj)
        except Exception as failure:  # the stream has begun: its status is said in an event
            error = classify(failure)
            count_refusal(error.status, error.type, metrics)
            record.error = error.type
            yield b"data: " + error_body(record.path, error.status, error.type, error.message, error.details) + b"\n\n"
        yield DONE
        record.outcome = "done"
    finally:
        record.write()
