"""Several parser worker processes side by side behind one `parse_all`, for the server.

A long learner sentence with a few errors asks the parser about the input and each edit tried on it:
sentences of 30-40 words, 40-240 ms each (Link Grammar widens its search to one, two, three unlinked
words when a sentence does not link whole). The pool sends one caller's calls to its workers side by
side, one call per worker at a time (each worker keeps its turns, parser_process.py, so that a
sentence still waits for at most one call of a paragraph's on each).

A parse is a function of the sentence (the options are fixed, and `repeatable_rand` seeds Link
Grammar's sampling of linkages by the sentence), so parses are kept (`ParseCache`) and given again:
the second reading of a changed sentence asks about edits the first one tried, and the early
reading's pool and the gate's share one cache. A sentence that one pool's worker is parsing right now
is waited for, not parsed again beside it: the gate that gives up on a slow early reading (readings.py)
asks for the same input, and two parses of it would share the two cores. A missing parse (None: too
long, too broken, out of time, a worker gone) is not kept.
"""

from __future__ import annotations

import threading
from collections import deque

from miniserve.tutor.runtime.parse_cache import ParseCache
from miniserve.tutor.runtime.parser import Parse
from miniserve.tutor.runtime.parser_process import ParserProcess, calls


class ParserPool:
    """`workers` ParserProcess workers behind one `parse_all`, with a ParseCache in front."""

    def __init__(self, workers: int = 2, cache: ParseCache | None = None):
        if workers < 1:
            raise ValueError("a parser pool needs a worker")
        self.workers = [ParserProcess() for _ in range(workers)]
        self.cache = cache if cache is not None else ParseCache()

    @classmethod
    def installed(cls, workers: int = 2, cache: ParseCache | None = None) -> ParserPool | None:
        """A pool, or None (with the parser's one warning) when Debian's package is missing."""
        return cls(workers, cache) if isinstance(ParserProcess.installed(), ParserProcess) else None

    def start(self) -> None:
        for worker in self.workers:
            worker.start()

    def parse_all(self, sentences: list[str]) -> list[Parse | None]:
        """Blocks until each sentence is parsed (or found): call it from a thread (trio.to_thread.run_sync)."""
        distinct = list(dict.fromkeys(sentences))
        found, elsewhere = self.cache.look_up(distinct)
        todo = deque(calls([s for s in distinct if s not in found and s not in elsewhere]))
        lock = threading.Lock()
        failures: list[BaseException] = []

        def lane(worker: ParserProcess) -> None:
            while True:
                with lock:
                    if not todo or failures:
                        return
                    call = todo.popleft()
                parses: dict[str, Parse | None] = {}
                owned: dict[str, threading.Event] = {}
                try:
                    answers = worker.call(call, taken=lambda: owned.update(self.cache.started(call)))
                    parses = dict(zip(call, answers, strict=True))
                except BaseException as error:  # noqa: BLE001 (raised to the caller once every lane has ended)
                    with lock:
                        failures.append(error)
                finally:
                    self.cache.finished({s: parses.get(s) for s in call}, owned)
                with lock:
                    found.update(parses)

        idlest = sorted(self.workers, key=lambda w: w.waiting())[:len(todo)]
        helpers = [threading.Thread(target=lane, args=(w,), daemon=True) for w in idlest[1:]]
        for helper in helpers:
            helper.start()
        if idlest:
            lane(idlest[0])
        for helper in helpers:
            helper.join()
        if failures:
            raise failures[0]
        for sentence, ended in elsewhere.items():  # a parse that came back missing stays missing here too
            ended.wait()
            found[sentence] = self.cache.look_up([sentence])[0].get(sentence)
        return [found.get(s) for s in sentences]

    def close(self) -> None:
        for worker in self.workers:
            worker.close()
