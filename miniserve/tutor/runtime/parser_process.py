"""The Link Grammar parser (parser.py) in a worker process of its own, for the server.

The C library holds the GIL while it parses (a 57 ms parse in a thread stalled the main thread 45
ms), so a thread alone would not free the event loop or the scheduler. The worker is `python -m
miniserve.tutor.runtime.parser_process`: it reads one JSON list of sentences per line on stdin and
answers one JSON list per line, [null links, cost, subjects, nouns, fragment] or null per sentence. It ends when its stdin
closes (the server exits, however it exits). One request at a time, and the threads that ask take
turns: a long list is sent a few sentences at a time (`WORDS_PER_CALL`), and between two calls every
other thread waiting gets its call first (`TakingTurns`), so that a sentence's reading never waits
behind a whole paragraph's (a hard 35-word sentence takes 40-180 ms to parse, and one paragraph asked
for about a dozen of them at once). If the worker dies, the request gets no parses (the word rules
decide) and the next one starts another worker.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from typing import Callable

from miniserve.tutor.runtime.parser import DEBIAN_PACKAGE, Parse, parse_all, shared

log = logging.getLogger("miniserve.tutor.parser")
WORDS_PER_CALL = 40  # a call holds sentences up to this many words (at least one sentence)


class TakingTurns:
    """A lock that threads take in the order they asked for it (`threading.Lock` promises no order:
    a thread that releases and asks again at once can take it back before the others wake)."""

    def __init__(self):
        self.changed = threading.Condition()
        self.next_ticket = 0
        self.serving = 0

    def __enter__(self) -> None:
        with self.changed:
            ticket = self.next_ticket
            self.next_ticket += 1
            self.changed.notify_all()  # whoever watches the queue (a test) sees it grow
            self.changed.wait_for(lambda: self.serving == ticket)

    def __exit__(self, *exc) -> None:
        with self.changed:
            self.serving += 1
            self.changed.notify_all()


def calls(sentences: list[str], words: int = WORDS_PER_CALL) -> list[list[str]]:
    """The sentences in calls of at most `words` words each (a longer sentence is a call of its own)."""
    out: list[list[str]] = []
    held = words
    for sentence in sentences:
        size = len(sentence.split())
        if held + size > words:
            out.append([])
            held = 0
        out[-1].append(sentence)
        held += size
    return out


class ParserProcess:
    def __init__(self):
        self.lock = TakingTurns()
        self.process: subprocess.Popen | None = None
        self.closed = False  # after close, no worker is started again (a late thread's parse gets none)

    @classmethod
    def installed(cls) -> ParserProcess | None:
        """A worker, or None (with `shared`'s one warning) when Debian's package is missing."""
        if not (DEBIAN_PACKAGE / "__init__.py").exists():
            return shared()
        return cls()

    def start(self) -> None:
        """Start the worker now (it loads the dictionary while the server loads the model)."""
        with self.lock:
            self._running()

    def waiting(self) -> int:
        """Calls asked of this worker and not yet answered (the one under way included)."""
        return self.lock.next_ticket - self.lock.serving

    def _running(self) -> subprocess.Popen:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen([sys.executable, "-m", "miniserve.tutor.runtime.parser_process"],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        return self.process

    def parse_all(self, sentences: list[str]) -> list[Parse | None]:
        """Blocks until the worker has answered every call: call it from a thread (trio.to_thread.run_sync)."""
        return [parse for call in calls(sentences) for parse in self.call(call)]

    def call(self, sentences: list[str], taken: Callable[[], None] | None = None) -> list[Parse | None]:
        """One call, in its turn; `taken` is called once the worker is this call's (parser_pool.py)."""
        with self.lock:
            if self.closed:
                return [None] * len(sentences)
            if taken is not None:
                taken()
            worker = self._running()
            try:
                worker.stdin.write(json.dumps(sentences) + "\n")
                worker.stdin.flush()
                line = worker.stdout.readline()
            except OSError:  # a broken pipe: it has gone
                line = ""
            if not line:
                log.warning("the parser's worker process ended (%s): the next parse starts another", worker.poll())
                worker.kill()
                self.process = None
                return [None] * len(sentences)
        return [decoded(answer) for answer in json.loads(line)]

    def close(self) -> None:
        """Close its stdin (it exits); kill it if it has not within a second."""
        with self.lock:
            self.closed = True
            if self.process is None:
                return
            self.process.stdin.close()
            try:
                self.process.wait(1.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


def decoded(answer: list | None) -> Parse | None:
    """A parse from its JSON form, [null links, cost, subjects, nouns, fragment, guessed]."""
    if answer is None:
        return None
    nulls, cost, subjects, nouns, fragment, guessed = answer
    return Parse(nulls, cost, tuple(tuple(s) for s in subjects), tuple(nouns), fragment, tuple(guessed))


def serve() -> None:
    """The worker's loop: a JSON list of sentences in per line, their parses out."""
    shared()  # load the dictionary before the first question
    for line in sys.stdin:
        parses = parse_all(json.loads(line))
        sys.stdout.write(json.dumps([[p.nulls, p.cost, p.subjects, p.nouns, p.fragment, p.guessed] if p else None for p in parses]) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
