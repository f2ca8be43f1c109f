"""Princeton WordNet's usage examples: real, edited English sentences, read from the database files
that Debian's `wordnet-base` installs (`apt-get install wordnet-base`). Nothing is downloaded.

Each synset line of `data.noun|verb|adj|adv` ends with a gloss: `| definition; "example"; "example"`.
The quoted examples are what the corpus uses; `words(pos)` gives the lemmas of one part of speech
(which words can be nouns, verbs, adjectives), the injector's evidence about ambiguous words.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

DEFAULT_DIR = "/usr/share/wordnet"
PARTS = ("noun", "verb", "adj", "adv")
_QUOTED = re.compile(r'"([^"]+)"')
_PLAIN = re.compile(r"[A-Za-z0-9 ,.;:!?'\-]+")
MIN_WORDS, MAX_WORDS = 3, 40


def directory() -> Path:
    """WORDNET_DIR, else Debian's place; a clear error when the package is missing."""
    path = Path(os.environ.get("WORDNET_DIR", DEFAULT_DIR))
    if not (path / "data.verb").exists():
        raise FileNotFoundError(f"WordNet's database is not in {path}: `apt-get install wordnet-base` "
                                "(or set WORDNET_DIR to a folder holding data.noun, data.verb, ...)")
    return path


def _data_lines(part: str):
    with open(directory() / f"data.{part}", encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.startswith("  "):  # the licence header lines start with two spaces
                yield line


def _clean(example: str) -> str | None:
    """One example as a sentence, or None when it is no plain English sentence of 3-40 words."""
    text = " ".join(example.split()).strip(" ;,")
    if not _PLAIN.fullmatch(text) or "--" in text or " - " in text or ".." in text:
        return None  # quotations with attributions, brackets, formulas, foreign letters
    if not MIN_WORDS <= len(text.split()) <= MAX_WORDS or text.count("'") > 2:
        return None
    return text


@cache
def examples() -> tuple[str, ...]:
    """Every usable example, once, in the database's order (stable across runs)."""
    seen: dict[str, str] = {}  # lower case -> as written
    for part in PARTS:
        for line in _data_lines(part):
            gloss = line.split(" | ", 1)[1] if " | " in line else ""
            for quoted in _QUOTED.findall(gloss):
                text = _clean(quoted)
                if text and text.lower() not in seen:
                    seen[text.lower()] = text
    return tuple(seen.values())


@cache
def words(part: str) -> frozenset[str]:
    """The single-word lemmas WordNet lists for a part of speech ("noun", "verb", "adj", "adv")."""
    with open(directory() / f"index.{part}", encoding="utf-8", errors="replace") as f:
        return frozenset(line.split(" ", 1)[0] for line in f if not line.startswith(" ") and "_" not in line.split(" ", 1)[0])
