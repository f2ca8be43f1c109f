"""Tutor v3's corpus: real English as the ground (issue 20), mixed with the template corpus.

    python -m miniserve.tutor.corpus.v3 --out runs/data        # writes train.tsv, valid.tsv, stats.json
    python -m miniserve.tutor.training.train --corpus v3 --out runs/v3 ...   # trains on the same mix, made in memory

Real sentences are WordNet's usage examples (wordnet.py). Half of the real part is kept unchanged
as "no error" examples, drawn with extra weight on the kinds a tutor damages (inject.classes); the
other half carries learner-like verb errors (inject.py) in real learners' shares of tense, verb form,
agreement and inflection errors, as far as the sentences offer them. Every injected error passes the
service's guard (a verb-only edit). The rest of the mix comes from corpus2.py as it was. No
sentence of the dev sets (tests/data/*.tsv) is ever output. Same (split, n, seed): same list.
"""

from __future__ import annotations

import argparse
import json
import random
import zlib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from miniserve.tutor.corpus import v1 as corpus

from miniserve.tutor.corpus import v2 as corpus2

from miniserve.tutor.corpus import inject

from miniserve.tutor.corpus import wordnet
from miniserve.tutor.runtime.guard import verb_edit_only
from miniserve.tutor.runtime.inflect import forms, is_form
from miniserve.tutor.corpus.inject import Edit
from miniserve import console

REAL_SHARE = 0.5  # of the whole mix; the rest is corpus2
UNCHANGED_SHARE = 0.5  # of the real part, at least (more when a large mix runs out of distinct errors)
TWO_ERROR_SHARE = 0.1  # of the real sentences with an error: a second one where the sentence has it
MAX_REUSE = 4  # no (sentence, error) drawn more often than this on average: a rare kind stays rare
CEILING = 2  # nor any category above twice its learners' share: a common kind does not crowd out the rest
# Real learners' verb errors (shared LEARNER_ERRORS counts): tense, verb form, agreement, inflection.
CATEGORY_SHARES = {"tense": 3096, "form": 1655, "agreement": 804, "inflection": 359}
DAMAGE_WEIGHT = 2  # extra draws of an unchanged sentence per damage class it has
PAST_PHRASES = ("yesterday", "last week", "last night", "two days ago", "last summer", "a year ago", "in 2019")
NOT_PAST = frozenset(("now", "today", "tomorrow", "will", "would", "always", "usually", "often", "every", "soon",
                      "next", "currently", "never", "ever", "sometimes", "shall", "last", "then", "before",
                      "after", "since", "when", "while", "until", "already", "recently", "once"))
# States, not events: "She loved her students a year ago" reads oddly; no time phrase for these.
STATIVE = frozenset(("be", "love", "like", "know", "believe", "own", "recognize", "recognise", "seem", "want",
                     "hate", "understand", "mean", "belong", "contain", "consist", "resemble", "deserve"))
MAX_TIMED_WORDS = 14
FRAGMENT_WEIGHT = 0.25  # a verbless phrase ("A man of advanced age") kept unchanged: fewer of those
CORRECT = corpus.EXPLANATIONS["correct"]
EXPLANATIONS = {
    **{k: corpus2.EXPLANATIONS[k] for k in ("agreement", "plural_s", "aux_agreement", "base", "modal_to",
                                            "participle", "passive", "past_marker", "past")},
    "gerund": corpus2.EXPLANATIONS["progressive"],
    "if_past": "In an 'if' clause about something unreal, use the past tense '{right}', not '{wrong}'.",
    "spelling": "The {trigger} of '{base}' is spelled '{right}', not '{wrong}'.",
}
DEV_SETS = Path(__file__).resolve().parents[3] / "tests" / "data"
# the sets the published corpora were built against; sets written later (learner_v5, learner_v6, the
# look-alikes) are not read, so that adding one cannot change a published corpus (tests/test_corpus_frozen.py)
EXCLUDED_SETS = ("dev_v2.tsv", "handwritten.tsv", "learner_v3.tsv", "learner_v4.tsv")


@dataclass(frozen=True)
class Ground:
    sentence: str
    edits: tuple[Edit, ...]  # each passes the guard
    classes: frozenset[str]


def split_of(example: str) -> str:
    """test for one example in 8, valid for another 1 in 8, by a stable hash of the WordNet text."""
    bucket = zlib.crc32(f"real|{example.lower()}".encode()) % 8
    return "test" if bucket == 0 else "valid" if bucket == 1 else "train"


def normal(text: str) -> str:
    return " ".join(text.lower().split()).rstrip(" .!?")


@cache
def exclusions(folder: Path = DEV_SETS) -> frozenset[str]:
    """Every sentence of the dev sets (any tab-separated field of 3+ words), normalised."""
    found = set()
    for path in sorted(folder / name for name in EXCLUDED_SETS if (folder / name).is_file()):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#"):
                found |= {normal(f) for f in line.split("\t") if len(f.split()) >= 3}
    return frozenset(found)


def _sentence(example: str) -> str:
    return example[0].upper() + example[1:]


def with_past_time(sentence: str) -> str | None:
    """The sentence with a past time phrase added, when its first clause is a subject and a simple
    past verb and nothing in it speaks of another time: evidence for a tense error to be put in."""
    r = inject.Reading(sentence)
    first = next(iter(r.subjects()), None)
    k = r.verb_after(first) if first and first.start == 0 else None
    if (k is None or inject.PAST_TIME.search(r.text) or NOT_PAST & set(r.words) or "," in sentence
            or len(r.words) > MAX_TIMED_WORDS):
        return None
    lemma = is_form(r.words[k], "VBD")
    f = forms(lemma) if lemma else None
    if not f or f.past == f.base or f.base in STATIVE:
        return None
    phrase = PAST_PHRASES[zlib.crc32(sentence.encode()) % len(PAST_PHRASES)]
    return f"{sentence.rstrip('.!?')} {phrase}"


@cache
def ground(split: str, limit: int | None = None, excluded: frozenset[str] | None = None) -> tuple[Ground, ...]:
    """The split's real sentences (the first `limit` WordNet examples when given), analysed once;
    none whose text or injected error is in `excluded` (the dev sets' sentences by default)."""
    excluded = exclusions() if excluded is None else excluded
    out = []
    for example in wordnet.examples()[:limit]:
        if split_of(example) != split:
            continue
        sentence = _sentence(example)
        for text in filter(None, (sentence, with_past_time(sentence))):
            if normal(text) in excluded:
                continue
            # dictionary=False: the guard as stage 9's corpus was built with, so this output stays the same
            edits = tuple(e for e in inject.edits(text)
                          if normal(inject.apply(text, [e])) not in excluded and verb_edit_only(inject.apply(text, [e]), text, dictionary=False))
            out.append(Ground(text, edits, inject.classes(text)))
    return tuple(out)


def allocate(n: int, available: dict[str, int]) -> dict[str, int]:
    """Up to n errors over the categories in learners' shares. A category takes at most MAX_REUSE x
    the errors it has and CEILING x its share; what a capped category cannot take goes to the
    others in their shares, and what none can take is left (the caller keeps those unchanged)."""
    total_share = sum(CATEGORY_SHARES.values())
    caps = {c: min(MAX_REUSE * available.get(c, 0), round(CEILING * n * s / total_share))
            for c, s in CATEGORY_SHARES.items()}
    counts = {c: 0 for c in CATEGORY_SHARES}
    left, open_ = n, [c for c in CATEGORY_SHARES if caps[c] > 0]
    while left > 0 and open_:
        shares = sum(CATEGORY_SHARES[c] for c in open_)
        give = {c: max(1, round(left * CATEGORY_SHARES[c] / shares)) for c in open_}
        for c in open_:
            take = min(give[c], caps[c] - counts[c], left)
            counts[c] += take
            left -= take
        open_ = [c for c in open_ if counts[c] < caps[c]]
    return counts


def _style(rng: random.Random, sentence: str, corrected: str) -> tuple[str, str]:
    """As users type: a final full stop three times in four, a lower-case start now and then."""
    if sentence[-1] not in ".!?" and rng.random() < 0.75:
        sentence, corrected = sentence + ".", corrected + "."
    if rng.random() < 0.08 and not sentence.startswith("I "):
        sentence, corrected = sentence[0].lower() + sentence[1:], corrected[0].lower() + corrected[1:]
    return sentence, corrected


def _explain(e: Edit) -> str:
    wrong = e.wrong.removeprefix("to ") if e.kind == "modal_to" else e.wrong
    return EXPLANATIONS[e.kind].format(right=e.right, wrong=wrong, base=e.base, trigger=e.trigger)


def _with_error(rng: random.Random, g: Ground, first: Edit, frame: str = "real") -> corpus.Example:
    chosen = [first]
    others = [e for e in g.edits if e.index != first.index]
    if others and rng.random() < TWO_ERROR_SHARE:
        chosen.append(rng.choice(others))
    chosen.sort(key=lambda e: e.index)
    sentence, corrected = _style(rng, inject.apply(g.sentence, chosen), g.sentence)
    label = "two" if len(chosen) == 2 else first.kind
    targets = ",".join(e.base if e.kind == "modal_to" else e.right for e in chosen)
    return corpus.Example(sentence, corrected, " ".join(_explain(e) for e in chosen), label, f"{frame}|{first.kind}", targets)


def real(split: str, n: int, seed: int = 0, limit: int | None = None, pool: tuple[Ground, ...] | None = None,
         unchanged_share: float = UNCHANGED_SHARE, frame: str = "real") -> list[corpus.Example]:
    """n examples on real sentences (WordNet's, or `pool`): `unchanged_share` unchanged, the rest with
    learner errors; `frame` names the source in each example's frame."""
    rng = random.Random(f"corpus3:{split}:{seed}" if frame == "real" else f"{frame}:{split}:{seed}")
    pool = ground(split, limit) if pool is None else pool
    by_category: dict[str, list[tuple[Ground, Edit]]] = {c: [] for c in CATEGORY_SHARES}
    for g in pool:
        for e in g.edits:
            by_category[e.category].append((g, e))
    counts = allocate(n - round(n * unchanged_share), {c: len(v) for c, v in by_category.items()})
    n_unchanged = n - sum(counts.values())  # at least unchanged_share; more where errors run out
    weights = [(1 + DAMAGE_WEIGHT * len(g.classes - {"clause"})) * (1 if g.edits or "clause" in g.classes else FRAGMENT_WEIGHT)
               for g in pool]
    examples = []
    for g in rng.choices(pool, weights, k=n_unchanged):
        sentence, corrected = _style(rng, g.sentence, g.sentence)
        examples.append(corpus.Example(sentence, corrected, CORRECT, "correct", f"{frame}|" + "+".join(sorted(g.classes)), ""))
    for category, count in counts.items():
        for g, e in rng.choices(by_category[category], k=count) if count else ():
            examples.append(_with_error(rng, g, e, frame))
    rng.shuffle(examples)
    return examples


def generate(split: str, n: int, seed: int = 0, real_share: float = REAL_SHARE, limit: int | None = None) -> list[corpus.Example]:
    """The training mix: real-ground examples and corpus2's templates, shuffled together."""
    n_real = round(n * real_share)
    excluded = exclusions()
    templates = [ex for ex in corpus2.generate(split, n - n_real + n // 50 + 10, seed)
                 if normal(ex.sentence) not in excluded and normal(ex.corrected) not in excluded][:n - n_real]
    mix = real(split, n_real, seed, limit) + templates
    random.Random(f"mix:{split}:{seed}").shuffle(mix)
    return mix


def stats(examples: list[corpus.Example]) -> dict:
    real_part = [ex for ex in examples if ex.frame.startswith("real|")]
    kinds = Counter(ex.kind for ex in real_part)
    categories = Counter(inject.CATEGORY.get(ex.kind, ex.kind) for ex in real_part)
    return {"examples": len(examples), "real": len(real_part),
            "real_unchanged_share": round(kinds["correct"] / max(1, len(real_part)), 3),
            "real_kinds": dict(kinds.most_common()), "real_categories": dict(categories.most_common())}


def main(argv: list[str] | None = None) -> None:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--examples", type=console.positive(int), default=240_000)
    p.add_argument("--valid-examples", type=console.positive(int), default=2000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--real-share", type=float, default=REAL_SHARE)
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    summary = {}
    for split, n in (("train", args.examples), ("valid", args.valid_examples)):
        examples = generate(split, n, args.seed, args.real_share)
        with open(args.out / f"{split}.tsv", "w", encoding="utf-8") as f:
            f.write("sentence\tcorrected\texplanation\tkind\tsource\n")
            for ex in examples:
                source = "real" if ex.frame.startswith("real|") else "template"
                f.write(f"{ex.sentence}\t{ex.corrected}\t{ex.explanation}\t{ex.kind}\t{source}\n")
        summary[split] = stats(examples)
    (args.out / "stats.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary))


if __name__ == "__main__":
    console.run(main)
