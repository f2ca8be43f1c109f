"""The CMU Link Grammar parser, as evidence about subject-verb agreement (agreement.py).

Its English dictionary checks agreement across any distance: "The teacher who lives next door have a
dog" parses only by leaving a word unlinked (a null link), "... has a dog" with none; a correct
sentence made wrong ("People who live in the city spends") gains a null link or a costlier reading.
A `Parse` keeps that (the null links of the best linkage and its disjunct cost), each verb's subject,
the words read as nouns and whether a stretch reads as a verbless phrase.

It comes from Debian (`apt-get install python3-link-grammar link-grammar-dictionaries-en`), built for
CPython 3.11. Only that one package is loaded from Debian's dist-packages, never the whole folder (it
would shadow the venv's packages). Without it the tutor still runs: `installed()` logs one warning
and says None, and the agreement prior falls back to its neighbouring-word rules.

A parse is bounded: sentences of more than MAX_WORDS words are not parsed, and the parser gives up
after its time limit (LG counts whole seconds). A parse takes about 7 ms (median), at most about
150 ms on the learner-style set (`python -m miniserve.tutor.runtime.parser`), and the C library holds
the GIL meanwhile: the evaluation and the CLI parse in
their own thread (`Parser`), the server in a worker process (parser_process.py).
"""

from __future__ import annotations

import atexit
import importlib.util
import logging
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Protocol

log = logging.getLogger("miniserve.tutor.parser")

DEBIAN_PACKAGE = Path("/usr/lib/python3/dist-packages/linkgrammar")
MAX_WORDS = 40  # longer sentences are not parsed: parse time grows fast with length
MAX_NULLS = 3  # more unlinked words than this: no parse (the sentence is too broken to say anything)
TIME_LIMIT_SECONDS = 1  # the parser's own limit, in whole seconds


@dataclass(frozen=True)
class Parse:
    nulls: int  # words the best linkage leaves unlinked
    cost: float  # the best linkage's disjunct cost: how far it stretches the dictionary
    # each verb's subject by the best linkage: (the verb's first character, the subject's first and
    # last character + 1), offsets into the parsed sentence (offers.py names the subject)
    subjects: tuple[tuple[int, int, int], ...] = ()
    # the first character of each word the best linkage reads as a noun ("shops.n", "staff.s"; not
    # the plural-only ".p" nouns, "people.p", since ".p" also marks prepositions, "near.p")
    nouns: tuple[int, ...] = ()
    # does the linkage read a stretch as a verbless phrase (a Wa link from the wall: "The butler
    # freeze" as a noun phrase, like a headline)? Its nouns may be verbs read wrongly.
    fragment: bool = False
    # the first character of each word the dictionary does not know and the linkage guessed a part of
    # speech for ("wich[?].n"): a guessed noun says nothing about a verb's number
    guessed: tuple[int, ...] = ()

    def subject_of(self, verb_start: int) -> tuple[int, int] | None:
        return next(((start, end) for verb, start, end in self.subjects if verb == verb_start), None)


class Parsing(Protocol):
    """What the tutoring flow asks of a parser: a Parser here, or a ParserProcess (parser_process.py)."""

    def parse_all(self, sentences: list[str]) -> list[Parse | None]: ...


class Parser:
    """Link Grammar's English dictionary, shared by threads (each parse has its own sentence and options)."""

    def __init__(self, module: ModuleType):
        self.lg = module
        # the dictionary's notes on loading (an unknown locale) go to the log, not to stderr
        previous = module.LG_Error.set_handler(lambda error, _: log.debug("link-grammar: %s", str(error).strip()))
        try:
            self.dictionary = module.Dictionary("en")
        finally:
            module.LG_Error.set_handler(previous)
        atexit.register(self.close)  # while the bindings still exist (their finaliser fails at shutdown)

    def close(self) -> None:
        self.__dict__.pop("dictionary", None)

    @classmethod
    def installed(cls, package: Path = DEBIAN_PACKAGE) -> Parser | None:
        """The parser, or None (with a warning) when Debian's package or its dictionary is missing."""
        try:
            return cls(_load(package))
        except Exception as error:  # noqa: BLE001 (missing, built for another Python, no English dictionary: all mean no parser)
            log.warning("Link Grammar parser not available (%s: %s): the agreement prior uses its word rules only; "
                        "apt-get install python3-link-grammar link-grammar-dictionaries-en", type(error).__name__, error)
            return None

    def parse(self, sentence: str) -> Parse | None:
        """The best linkage's null links and cost; None if too long, too broken or out of time."""
        if len(sentence.split()) > MAX_WORDS:
            return None
        lg = self.lg
        options = lg.ParseOptions(verbosity=0, max_null_count=MAX_NULLS, linkage_limit=100,
                                  max_parse_time=TIME_LIMIT_SECONDS)
        text = lg.Sentence(lower_first(sentence), self.dictionary, options)
        try:
            best = next(iter(text.parse()), None)
        except lg.LG_TimerExhausted:
            return None
        if best is None:
            return None
        clg = sys.modules["linkgrammar.clinkgrammar"]
        fragment = any(clg.linkage_get_link_label(best._obj, i).startswith("Wa") for i in range(best.num_of_links()))
        return Parse(text.null_count(), round(best.disjunct_cost(), 3), subjects(clg, best), nouns(best), fragment,
                     guessed(best))

    def parse_all(self, sentences: list[str]) -> list[Parse | None]:
        return [self.parse(s) for s in sentences]


def subjects(clg: ModuleType, linkage) -> tuple[tuple[int, int, int], ...]:
    """(verb start, subject start, subject end) for each subject link of a linkage: an S link joins a
    subject on its left to its verb ("one-Ss-was"), an SI link a verb to the subject after it ("is-SIs-he")."""
    found = []
    for i in range(linkage.num_of_links()):
        label = clg.linkage_get_link_llabel(linkage._obj, i)
        left, right = clg.linkage_get_link_lword(linkage._obj, i), clg.linkage_get_link_rword(linkage._obj, i)
        if label.startswith("SI"):
            verb, subject = left, right
        elif label.startswith("S") and label[1:2] in ("", "s", "p", "*", "X", "F"):
            subject, verb = left, right
        else:
            continue
        found.append((linkage.word_char_start(verb), linkage.word_char_start(subject), linkage.word_char_end(subject)))
    return tuple(found)


def nouns(linkage) -> tuple[int, ...]:
    """Where each word the linkage reads as a noun starts: the dictionary marks a word's part of speech
    by its subscript, ".n" for a noun, ".s" for a singular noun, with variants after a dash (".n-u")."""
    return tuple(linkage.word_char_start(i) for i, word in enumerate(linkage.words())
                 if "." in word.strip(".") and word.rpartition(".")[2].split("-")[0] in ("n", "s"))


def guessed(linkage) -> tuple[int, ...]:
    """Where each word starts that the dictionary lacks and the linkage guessed ("wich[?].n")."""
    return tuple(linkage.word_char_start(i) for i, word in enumerate(linkage.words()) if "[?]" in word)


def lower_first(sentence: str) -> str:
    """The sentence with its first letter lower-case (but "I"): the parser reads a capitalised first
    word as a name when that links more cheaply ("People who grew up ... often says" parses cleanly with
    "People" a singular name)."""
    if re.match(r"I\b", sentence):  # "I", "I'm", "I, for one"
        return sentence
    return sentence[:1].lower() + sentence[1:]


def _load(package: Path) -> ModuleType:
    """Debian's `linkgrammar` package alone, imported under its own name."""
    if not (package / "__init__.py").exists():
        raise ModuleNotFoundError(f"no {package}")
    if "linkgrammar" in sys.modules:
        return sys.modules["linkgrammar"]
    spec = importlib.util.spec_from_file_location("linkgrammar", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["linkgrammar"] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules["linkgrammar"]
        raise
    return module


@cache
def shared() -> Parser | None:
    """The process's parser, loaded once (about 0.3 s for the dictionary)."""
    return Parser.installed()


def parse_all(sentences: list[str]) -> list[Parse | None]:
    """Each sentence's parse by this process's parser (None for all without one)."""
    parser = shared()
    return [parser.parse(s) if parser is not None else None for s in sentences]


def main(argv: list[str] | None = None) -> None:
    """Time the parser on the learner-style dev half (inputs and expected answers), and how long a
    parse in a thread stalls the main thread (the GIL).

        python -m miniserve.tutor.runtime.parser
    """
    import threading
    import time

    from miniserve import console
    from miniserve.tutor.evaluation import learner_set

    console.ArgumentParser(prog="python -m miniserve.tutor.runtime.parser", description=main.__doc__.splitlines()[0]).parse_args(argv)
    started = time.perf_counter()
    parser = shared()
    if parser is None:
        raise SystemExit("the Link Grammar parser is not installed (see the log)")
    print(f"dictionary: {(time.perf_counter() - started) * 1e3:.0f} ms once")
    sentences = sorted({s for c in learner_set.learner_cases("dev") for s in (c.sentence, c.corrected)})
    times = []
    for sentence in sentences:
        t0 = time.perf_counter()
        parser.parse(sentence)
        times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    median, p90, p99 = (times[min(len(times) - 1, int(q * len(times)))] for q in (0.5, 0.9, 0.99))
    print(f"{len(times)} sentences: median {median:.1f} ms, p90 {p90:.1f}, p99 {p99:.1f}, max {times[-1]:.1f}")
    slowest = max(sentences, key=lambda s: len(s.split()) if len(s.split()) <= MAX_WORDS else 0)
    worker = threading.Thread(target=parser.parse, args=(slowest,))
    t0 = time.perf_counter()
    gap, last = 0.0, time.perf_counter()
    worker.start()
    while worker.is_alive():
        now = time.perf_counter()
        gap, last = max(gap, now - last), now
    print(f"the longest sentence ({len(slowest.split())} words) parsed in a thread: the main thread's longest stall "
          f"{gap * 1e3:.0f} ms of the parse's {(last - t0) * 1e3:.0f} ms")


if __name__ == "__main__":
    from miniserve import console

    console.run(main)
