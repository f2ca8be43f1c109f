"""Word pools for the corpus, and which pool each word belongs to (train or held-out test)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

TEST_SHARE = 8  # one word in 8 (by a stable hash) is held out for the test split


def held_out(key: str) -> bool:
    """True for the words and frames that only the test split may use. Stable across runs."""
    return zlib.crc32(key.encode("utf-8")) % TEST_SHARE == 0


def _lines(name: str) -> list[str]:
    text = resources.files("miniserve.tutor").joinpath("data", "lexicon", name).read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip()]


def _pairs(name: str) -> list[tuple[str, str]]:
    return [tuple(line.split("\t")) for line in _lines(name)]  # type: ignore[misc]


@dataclass(frozen=True)
class Noun:
    singular: str
    plural: str


@dataclass(frozen=True)
class Pools:
    """Everything one split may draw from."""

    names: tuple[str, ...]
    people: tuple[Noun, ...]
    things: tuple[Noun, ...]
    mass: tuple[str, ...]
    adjectives: tuple[str, ...]
    places: tuple[str, ...]
    time_past: tuple[str, ...]
    time_present: tuple[str, ...]
    time_future: tuple[str, ...]
    time_perfect: tuple[str, ...]
    want_verbs: tuple[tuple[str, str, str], ...]  # (base, third, past)


def _split(items, key, test: bool):
    return tuple(item for item in items if held_out(key(item)) == test)


@cache
def pools(test: bool) -> Pools:
    """Subjects (names, people) and objects (things, mass nouns) are disjoint between the splits;
    the rest (adjectives, places, time phrases) is shared."""
    people = [Noun(*pair) for pair in _pairs("person_nouns.tsv")]
    things = [Noun(*pair) for pair in _pairs("thing_nouns.tsv")]
    return Pools(
        names=_split(_lines("names.txt"), str, test),
        people=_split(people, lambda n: n.singular, test),
        things=_split(things, lambda n: n.singular, test),
        mass=_split(_lines("mass_nouns.txt"), str, test),
        adjectives=tuple(_lines("adjectives.txt")),
        places=tuple(_lines("places.txt")),
        time_past=tuple(_lines("time_past.txt")),
        time_present=tuple(_lines("time_present.txt")),
        time_future=tuple(_lines("time_future.txt")),
        time_perfect=tuple(_lines("time_perfect.txt")),
        want_verbs=tuple(_pairs("want_verbs.tsv")),  # type: ignore[arg-type]
    )
