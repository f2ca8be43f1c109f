"""The parser reads tutor inputs while the model decodes them.

Where the model returns a sentence unchanged, the parser's offers (tutor/runtime/offers.py) start from
its reading of the input, which does not depend on the model's answer: a handler hands its turns to
the service's one `Readings` task at admission, and the gate takes the reading, which is done by then
unless the parser is busy. If it is not done, the gate does not wait for it (behind a paragraph's
readings that can be seconds): it abandons it and asks the parser itself, taking turns with the others
(parser_process.py). Only inputs with something to try are read (`Turn.candidates`, worked
out in the task's thread, off the event loop: 187 of the 312 learner-style dev sentences); the gate reuses the reading where the model proposes an
agreement edit. The task drains every waiting request into calls to the parser's worker process.
The queue is bounded in sentences: a request that finds it full is not read early, and the gate asks
the parser itself (`Turn.questions`), as the CLI and the evaluation always do. A request whose handler
has left (its client disconnected), or whose gate went on without it, is abandoned: what is left of its
reading is skipped and what was read is not given to it, so that clients who send paragraphs and go
cannot keep the reader busy for those who wait.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import trio

from miniserve.service.tutoring import Turn
from miniserve.tutor.runtime.parser import Parsing

log = logging.getLogger("miniserve.tutor.parser")

SENTENCES = 48  # sentences waiting to be read (a whole paragraph fits); a request that would pass it is not read early
CHUNK = 8  # sentences per call to the parser: an abandoned request's are skipped between calls


@dataclass(eq=False)
class Reading:
    """One request's turns on their way to the parser: `done` is set once they are read (or skipped)."""
    turns: list[Turn]
    done: trio.Event = field(default_factory=trio.Event)
    abandoned: bool = False  # its handler has left: what is not read yet never will be

    async def wait(self) -> None:
        await self.done.wait()

    def abandon(self) -> None:
        self.abandoned = True


class Readings:
    def __init__(self, parser: Parsing):
        self.parser = parser
        self.send, self.receive = trio.open_memory_channel[Reading](SENTENCES)
        self.waiting = 0  # sentences asked and not yet taken by `run`

    def ask(self, turns: list[Turn]) -> Reading | None:
        """Read the turns' inputs (None: not read early). The handler abandons the reading when it leaves."""
        asked = [t for t in turns if not t.read]
        if not asked or self.waiting + len(asked) > SENTENCES:
            return None
        reading = Reading(asked)
        try:
            self.send.send_nowait(reading)
        except (trio.WouldBlock, trio.ClosedResourceError):
            return None
        self.waiting += len(asked)
        return reading

    async def run(self) -> None:
        """Until `close`: read every waiting request's inputs, in calls of at most CHUNK sentences."""
        async for first in self.receive:
            batch = [first]
            while True:
                try:
                    batch.append(self.receive.receive_nowait())
                except (trio.WouldBlock, trio.EndOfChannel):
                    break
            self.waiting -= sum(len(r.turns) for r in batch)
            try:
                read = await trio.to_thread.run_sync(self.read, batch, abandon_on_cancel=True)
                for reading, turn, parse in read:
                    if not reading.abandoned:  # else its gate has asked for it itself, or its handler left
                        turn.reading(parse)
            except Exception:  # noqa: BLE001 (the turns stay unread and the gate asks: this task must go on)
                log.exception("reading tutor inputs failed")
            finally:
                for reading in batch:
                    reading.done.set()

    def read(self, batch: list[Reading]) -> list[tuple[Reading, Turn, object]]:
        """In a thread: each turn with something for the parser to try (the offers that need no
        reading, tense.py and patterns.py, come without one), with its parse. Each turn's fixed
        offers are worked out here too, off the event loop where the model's answer is weighed.
        The turns of a request abandoned meanwhile are skipped."""
        wanted = []
        for reading in batch:
            for turn in reading.turns:
                if reading.abandoned:
                    break
                turn.fixed  # noqa: B018 (a cached property: computed once, here)
                if turn.candidates:
                    wanted.append((reading, turn))
        read = []
        for at in range(0, len(wanted), CHUNK):
            chunk = [(r, t) for r, t in wanted[at:at + CHUNK] if not r.abandoned]
            if chunk:
                read += [(r, t, parse) for (r, t), parse in zip(chunk, self.parser.parse_all([t.line for _, t in chunk]), strict=True)]
        return read

    def close(self) -> None:
        self.send.close()
