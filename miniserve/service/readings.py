"""The parser reads tutor inputs while the model decodes them.

Where the model returns a sentence unchanged, the parser's offers (tutor/runtime/offers.py) start from
its reading of the input, which does not depend on the model's answer: a handler hands its turns to
the service's one `Readings` task at admission and the gate waits for the reading, which is done by
then unless the parser is busy. Only inputs with something to try are read (`Turn.candidates`, worked
out in the task's thread, off the event loop: 187 of the 312 learner-style dev sentences); the gate reuses the reading where the model proposes an
agreement edit. The task drains every waiting request into one call to the parser's
worker process. The queue is bounded: a request that finds it full is not read early, and the gate
asks the parser itself (`Turn.questions`), as the CLI and the evaluation always do.
"""

from __future__ import annotations

import logging

import trio

from miniserve.service.tutoring import Turn
from miniserve.tutor.runtime.parser import Parsing

log = logging.getLogger("miniserve.tutor.parser")

QUEUE = 64  # requests waiting to be read; more find it full


class Readings:
    def __init__(self, parser: Parsing):
        self.parser = parser
        self.send, self.receive = trio.open_memory_channel[tuple[list[Turn], trio.Event]](QUEUE)

    def ask(self, turns: list[Turn]) -> trio.Event | None:
        """Read the turns' inputs; the event is set once they are (None: not read early)."""
        asked = [t for t in turns if not t.read]
        if not asked:
            return None
        done = trio.Event()
        try:
            self.send.send_nowait((asked, done))
        except (trio.WouldBlock, trio.ClosedResourceError):
            return None
        return done

    async def run(self) -> None:
        """Until `close`: read every waiting request's inputs in one request to the parser."""
        async for first in self.receive:
            batch = [first]
            while True:
                try:
                    batch.append(self.receive.receive_nowait())
                except (trio.WouldBlock, trio.EndOfChannel):
                    break
            turns = [t for asked, _ in batch for t in asked]
            try:
                turns, parses = await trio.to_thread.run_sync(self.read, turns, abandon_on_cancel=True)
                for turn, parse in zip(turns, parses, strict=True):
                    turn.reading(parse)
            except Exception:  # noqa: BLE001 (the turns stay unread and the gate asks: this task must go on)
                log.exception("reading tutor inputs failed")
            finally:
                for _, done in batch:
                    done.set()

    def read(self, turns: list[Turn]) -> tuple[list[Turn], list]:
        """In a thread: the turns with something for the parser to try (the offers that need no
        reading, tense.py and patterns.py, come without one), and their parses. Each turn's fixed
        offers are worked out here too, off the event loop where the model's answer is weighed."""
        for turn in turns:
            turn.fixed  # noqa: B018 (a cached property: computed once, here)
        wanted = [t for t in turns if t.candidates]
        return wanted, self.parser.parse_all([t.line for t in wanted]) if wanted else []

    def close(self) -> None:
        self.send.close()
