"""The learner-style sets' dev halves as ground: sentences in the style of exam essays, with the verb errors
their writers made and fixed, and as many with every verb right.

Every set in tests/data from learner_v5 to learner_v347 was written blind by a helper who read only the
learners' error counts (LEARNER_ERRORS.md), and split into a dev and a test half before any run. Their dev
halves (about 53,000 rows) are the nearest text the project has to what the tutor meets: long sentences
with a learner's other slips left in, errors whose fix the sentence itself shows (a time phrase, a
condition, a story's past), and right verbs beside words that look like verbs. Here each dev-half row is
one example: an error-free row kept unchanged, an error row with its fix and the explanation the guard
writes for that fix (`guard.review`); rows whose fix the guard would not show are left out. The test
halves are never read for training: the "test" split is them, so a model trained on this part is
compared on rows it never saw. learner_v3 and learner_v4 (the first dev and test sets of tutor v3) and
the sets after LAST_SET stay out, so that a set added later changes nothing here
(tests/test_corpus_frozen.py). Same (split, n, seed): same list.
"""

from __future__ import annotations

import difflib
import random
import zlib
from functools import cache

from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.evaluation.learner_set import LEARNER, learner_cases
from miniserve.tutor.runtime.guard import review

FIRST_SET, LAST_SET = 5, 347
# rows whose fix the guard came to show after stage 20 was trained on this part (a "to" after "how", from the fixed
# pattern of learner_v380's round): left out, so that the part is rebuilt as stage 20 read it
SHOWN_LATER = frozenset(("v43|AO188", "v115|DM036"))
CORRECT = corpus.EXPLANATIONS["correct"]


def split_of(set_half: str, row_id: str) -> str:
    """A test-half row is "test"; of the dev half, one row in eight is "valid" by a stable hash."""
    if set_half == "test":
        return "test"
    return "valid" if zlib.crc32(row_id.encode()) % 8 == 0 else "train"


def _target(sentence: str, corrected: str) -> str:
    """The right forms the fix puts in, in order (the words of `corrected` that `sentence` lacks there)."""
    before, after = sentence.split(), corrected.split()
    blocks = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    return ",".join(" ".join(after[j1:j2]).strip(".,!?;:\"'") for tag, _, _, j1, j2 in blocks if tag != "equal")


@cache
def pool(split: str) -> tuple[corpus.Example, ...]:
    examples = []
    for n in range(FIRST_SET, LAST_SET + 1):
        for case in learner_cases(None, LEARNER.with_name(f"learner_v{n}.tsv")):
            if split_of(case.half, f"v{n}|{case.id}") != split or f"v{n}|{case.id}" in SHOWN_LATER:
                continue
            if case.kind == "correct":
                examples.append(corpus.Example(case.sentence, case.sentence, CORRECT, "correct", "sets|correct", ""))
                continue
            shown = review(case.sentence, case.corrected, "-")
            if shown.changed and shown.corrected == case.corrected:
                examples.append(corpus.Example(case.sentence, case.corrected, shown.explanation, case.kind,
                                               f"sets|{case.kind}", _target(case.sentence, case.corrected)))
    return tuple(examples)


def generate(split: str, n: int, seed: int = 0) -> list[corpus.Example]:
    """n of the split's rows: each once while they last (in a seeded order), then again."""
    rows = list(pool(split))
    rng = random.Random(f"sets:{split}:{seed}")
    out: list[corpus.Example] = []
    while len(out) < n and rows:
        rng.shuffle(rows)
        out += rows[:n - len(out)]
    return out
