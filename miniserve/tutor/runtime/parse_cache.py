"""The parses the server's parser workers have made, and those under way, shared by their pools.

A parse is a function of the sentence (parser.py's options are fixed, and `repeatable_rand` seeds
Link Grammar's sampling of linkages by the sentence), so a kept parse is what parsing again would
give. Used by parser_pool.py.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from miniserve.tutor.runtime.parser import Parse

CACHED_SENTENCES = 4096  # about 1 MB of parses


class ParseCache:
    """The latest parses by sentence (least recently used ones leave first), and the sentences a
    worker is parsing now, shared by threads."""

    def __init__(self, size: int = CACHED_SENTENCES):
        self.size = size
        self.parses: OrderedDict[str, Parse] = OrderedDict()
        self.parsing: dict[str, threading.Event] = {}
        self.lock = threading.Lock()

    def look_up(self, sentences: list[str]) -> tuple[dict[str, Parse], dict[str, threading.Event]]:
        """Of the sentences, those parsed (with their parse) and those being parsed (with their end)."""
        with self.lock:
            found = {s: self.parses[s] for s in sentences if s in self.parses}
            for sentence in found:
                self.parses.move_to_end(sentence)
            return found, {s: self.parsing[s] for s in sentences if s in self.parsing and s not in found}

    def started(self, sentences: list[str]) -> dict[str, threading.Event]:
        """Mark the sentences under way (a worker has taken them); returns the marks this call owns
        (a sentence another call is parsing keeps that call's mark)."""
        owned = {}
        with self.lock:
            for sentence in sentences:
                if sentence not in self.parsing:
                    self.parsing[sentence] = owned[sentence] = threading.Event()
        return owned

    def finished(self, parses: dict[str, Parse | None], owned: dict[str, threading.Event]) -> None:
        """Keep the parses (not the missing ones), then take off the marks this call owns and wake
        whoever waits for them (a call that never reached a worker owns none)."""
        with self.lock:
            for sentence, parse in parses.items():
                if parse is not None:
                    self.parses[sentence] = parse
                    self.parses.move_to_end(sentence)
            for sentence, mark in owned.items():
                if self.parsing.get(sentence) is mark:
                    del self.parsing[sentence]
                mark.set()
            while len(self.parses) > self.size:
                self.parses.popitem(last=False)
