"""Learner-style sentences with every verb right, written for the project, as ground.

WordNet's examples are real English but not the English of exam essays: letters, stories and opinions
with a learner's article, preposition and spelling slips around correct verbs. The tutor damaged such
sentences with confident edits of its own. Here most of them are kept unchanged as "no error", and
the rest carry learner verb errors put in by inject.py, as corpus v3 does with WordNet's. The
sentences were written blind (their writers read only the learners' error counts, never the dev
sets); none that any set in tests/data holds, word for word, is used, nor any injected error that
one holds. Split by a stable hash: one in eight test, one in eight valid. Same (split, n, seed): same list.

Three texts: `written` (data/written.txt, stage 14's), `written2` (data/written2.txt, stage 15's:
sentences built around the kinds the tutor still damaged, such as nouns that can be verbs, "like" as a
preposition, imperatives and coordinated verbs) and `written3` (data/written3.txt, stage 16's: long
subjects, shares and collectives, compound nouns, phrasal pasts, bare infinitives, questions and clauses,
the kinds stage 15 still damaged or left wrong) and `written4` (data/written4.txt, stage 18's: right verbs
that stage 17 flipped at first looks, in second clauses with subjects of their own, after fronted phrases
without a comma, with collectives and place nouns, after adverbs and in joined verbs) and `written5`
(data/written5.txt, stage 19's: tense that differs between clauses and is right, imperatives after a
comma or a fronted clause, "do" questions with long or gerund subjects, subjects joined by "and",
gerunds and irregular forms used rightly).
"""

from __future__ import annotations

import zlib
from functools import cache
from pathlib import Path

from miniserve.tutor.corpus import inject, v3
from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.runtime.guard import verb_edit_only

DATA = Path(__file__).resolve().parents[1] / "data"
SOURCES = {"written": DATA / "written.txt", "written2": DATA / "written2.txt", "written3": DATA / "written3.txt",
           "written4": DATA / "written4.txt", "written5": DATA / "written5.txt"}
UNCHANGED_SHARE = 0.6  # more than WordNet's half: leaving a learner's sentence alone is what this part teaches
# the third text's kinds are where agreement errors hide (long subjects, shares, clauses): more of it carries
# one, so that it teaches fixing them there as well as leaving them alone
# the fourth is built around right verbs the tutor flips (second clauses, fronted phrases, collectives):
# mostly kept as written, since leaving them alone is its lesson; the fifth (tense across clauses,
# imperatives mid-sentence, "do" questions) likewise
UNCHANGED_SHARES = {"written3": 0.3, "written4": 0.7, "written5": 0.7}


def split_of(sentence: str, source: str = "written") -> str:
    bucket = zlib.crc32(f"{source}|{sentence.lower()}".encode()) % 8
    return "test" if bucket == 0 else "valid" if bucket == 1 else "train"


@cache
def sentences(source: str = "written") -> tuple[str, ...]:
    lines = (line.strip() for line in SOURCES[source].read_text(encoding="utf-8").splitlines())
    return tuple(dict.fromkeys(line for line in lines if line and not line.startswith("#")))


@cache
def excluded() -> frozenset[str]:
    """Every sentence of every set in tests/data (any field of 3+ words), normalised."""
    found = set()
    for path in sorted(v3.DEV_SETS.glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                found |= {v3.normal(f) for f in line.split("\t") if len(f.split()) >= 3}
    return frozenset(found)


@cache
def ground(split: str, source: str = "written") -> tuple[v3.Ground, ...]:
    out = []
    for sentence in sentences(source):
        if split_of(sentence, source) != split or v3.normal(sentence) in excluded():
            continue
        edits = tuple(e for e in inject.edits(sentence)
                      if v3.normal(inject.apply(sentence, [e])) not in excluded()
                      and verb_edit_only(inject.apply(sentence, [e]), sentence))
        out.append(v3.Ground(sentence, edits, inject.classes(sentence)))
    return tuple(out)


def generate(split: str, n: int, seed: int = 0, source: str = "written") -> list[corpus.Example]:
    return v3.real(split, n, seed, pool=ground(split, source), unchanged_share=UNCHANGED_SHARES.get(source, UNCHANGED_SHARE),
                   frame=source)
