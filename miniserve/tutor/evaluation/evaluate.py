"""Evaluate the tutor as it is served: every sentence goes through the service's tutoring flow
(miniserve/service/tutoring.py: edit-constrained decoding, guard, confidence gate) on the Numba engine,
batched. Exact match of `corrected` per kind, of the raw model and of what is shown; whether the
explanation names the right form(s); on four sets:

- `test_split`: the widened corpus's held-out test split (corpus2.py, --n sentences);
- `old_test_split`: the first corpus's held-out test split (corpus.py, --n sentences);
- `handwritten`: tests/data/handwritten.tsv (85 sentences, the first tutor's bar);
- `dev_v2`: tests/data/dev_v2.tsv (hand-written for tutor v2 before training);
- `learner_v3`: tests/data/learner_v3.tsv, one half (`--half dev`; `test` is opened once, at the end),
  reported as learner_set.py says: error-free sentences unchanged, verb-only errors exact, per class.

    python -m miniserve.tutor.evaluation.evaluate --n 2000 [--model FOLDER] [--json out.json] [--decode both]
    python -m miniserve.tutor.evaluation.evaluate --sets learner_v3 --half dev --decode constrained

`--decode free` decodes without the edit constraint; `constrained` (as served) with it; `both`
runs each set both ways. `--gate-threshold` sets the gate (default: the service's), `--no-gate`
turns it off.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from miniserve.config import Settings
from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.corpus import v2 as corpus2
from miniserve.tutor.evaluation import learner_set
from miniserve.tutor.evaluation.devsets import Case, dev_cases, handwritten_cases
from miniserve.service.tutoring import Turn, Tutor, run_sync
from miniserve import console

UNCHANGED_KINDS = ("correct", "out_of_scope")
__all__ = ["Case", "dev_cases", "handwritten_cases", "corpus_cases", "corpus2_cases", "answer", "score"]


def corpus_cases(n: int, seed: int = 0) -> list[Case]:
    """The first corpus's test split (the first tutor's numbers)."""
    return [Case(ex.sentence, ex.corrected, ex.kind, ex.target) for ex in corpus.generate("test", n, seed=seed)]


def corpus2_cases(n: int, seed: int = 0) -> list[Case]:
    """The widened corpus's test split."""
    return [Case(ex.sentence, ex.corrected, ex.kind, ex.target) for ex in corpus2.generate("test", n, seed=seed)]


def engine_tutor(folder: Path, constrained: bool = True, threshold: float | None = None, batch: int = 64,
                 reuse_prefixes: bool = True):
    """The served flow's Tutor and a `run` for it on the Numba engine (`threshold`: None = no gate;
    `reuse_prefixes`: Engine's)."""
    from miniserve.engine import Engine
    from miniserve.tutor.runtime.prompt import TutorPrompt

    engine = Engine.from_folder(folder, n_slots=batch, max_step_tokens=1024, reuse_prefixes=reuse_prefixes)
    settings = Settings(edit_constraint=constrained, gate=threshold is not None,
                        gate_threshold=Settings().gate_threshold if threshold is None else threshold)
    tutor = Tutor.configured(settings, TutorPrompt.from_folder(folder), engine.config.n_positions)
    return tutor, engine.run


def answer(tutor: Tutor, run, sentences: list[str], chunk: int = 512) -> list[Turn]:
    """Each sentence through the flow (its `sentence` form), in batches."""
    turns = [tutor.plan(s, paragraph=False).turns[0] for s in sentences]
    for start in range(0, len(turns), chunk):
        run_sync(turns[start:start + chunk], run)
    return turns


def names_targets(case: Case, explanation: str) -> bool:
    """Does the explanation name every form the case expects (in quotes, any case)?"""
    said = explanation.lower()
    return all(f"'{form.lower()}'" in said for form in case.target.split(",") if form)


def score(cases: list[Case], turns: list[Turn]) -> dict:
    """Exact match of the model's corrected sentence, and of what the service shows (after the
    guard and the gate)."""
    exact, shown, named, withheld, errors = defaultdict(list), defaultdict(list), [], [], []
    rewritten = []  # of the changes shown: was the model's explanation untrue of its edit?
    for case, turn in zip(cases, turns):
        got = turn.completion
        ok = got.corrected == case.corrected
        exact[case.kind].append(ok)
        shown[case.kind].append(turn.review.corrected == case.corrected)
        withheld.append(turn.review.withheld)
        if turn.review.changed:
            rewritten.append(turn.review.explanation != got.explanation.strip())
        if case.kind not in UNCHANGED_KINDS and case.target:
            named.append(names_targets(case, got.explanation))
        if turn.review.corrected != case.corrected:
            errors.append({"kind": case.kind, "sentence": case.sentence, "expected": case.corrected,
                           "model": got.corrected, "shown": turn.review.corrected, "margins": turn.margins,
                           "explanation": got.explanation})
    everything = [v for values in exact.values() for v in values]
    shown_all = [v for values in shown.values() for v in values]
    unchanged = [v for k in UNCHANGED_KINDS for v in shown.get(k, [])]
    return {
        "n": len(cases),
        "exact_match": sum(everything) / len(everything),
        "exact_match_by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(exact.items())},
        "explanation_names_target": sum(named) / len(named) if named else None,
        "shown_exact_match": sum(shown_all) / len(shown_all),
        "shown_by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(shown.items())},
        "correct_unchanged_shown": sum(unchanged) / len(unchanged) if unchanged else None,
        "withheld": sum(withheld) / len(withheld),
        "explanation_rewritten": sum(rewritten) / len(rewritten) if rewritten else None,
        "failures": errors[:40],
    }


def learner_report(tutor: Tutor, run, half: str, mode: str, name: str = "learner_v3") -> dict:
    """A learner-style set's report on one half (what the served flow shows), printed as a table with
    the first failures."""
    cases = learner_set.learner_cases(half, learner_set.LEARNER_SETS[name])
    turns = answer(tutor, run, [c.sentence for c in cases])
    result = learner_set.report(cases, [t.completion for t in turns], [t.review for t in turns])
    print(f"{name}/{half}/{mode} ({len(cases)} sentences)\n{learner_set.table(result)}", flush=True)
    for failure in result["failures"][:12]:
        print("   ", json.dumps(failure, ensure_ascii=False))
    return result


SETS = ("dev_v2", "handwritten", "test_split", "old_test_split", *learner_set.LEARNER_SETS, "wordnet")


def wordnet_report(tutor: Tutor, run, n: int, seed: int, mode: str) -> dict:
    """Edited English through the served flow: `n` of WordNet's usage examples (sentences of six words
    or more that open with a capital), drawn with `seed`. Every change is listed: most are damage, a few
    fix WordNet's own slips ("he did climbed"), which the reader tells apart."""
    import random

    from miniserve.tutor.corpus.wordnet import examples

    sentences = [s for s in examples() if s[:1].isupper() and len(s.split()) >= 6]
    random.Random(seed).shuffle(sentences)
    sentences = sentences[:n]
    turns = answer(tutor, run, sentences)
    changed = [{"input": s, "shown": t.review.corrected} for s, t in zip(sentences, turns)
               if t.review.corrected.strip() != s.strip()]
    print(f"wordnet/{mode} ({len(sentences)} sentences, seed {seed}): {len(changed)} changed "
          f"({100 * len(changed) / max(1, len(sentences)):.2f}%)", flush=True)
    for change in changed:
        print("   ", json.dumps(change, ensure_ascii=False))
    return {"n": len(sentences), "seed": seed, "changed": changed}


def set_names(text: str) -> list[str]:
    names = text.split(",")
    unknown = [name for name in names if name not in SETS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no set named {', '.join(unknown)}; the sets: {', '.join(SETS)}")
    return names


def main(argv: list[str] | None = None) -> None:
    from miniserve.tutor import model_folder as default_model_folder

    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", type=Path, default=None)
    p.add_argument("--n", type=console.positive(int), default=2000, help="test-split examples (each corpus); WordNet examples")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", type=Path, help="write the results here")
    p.add_argument("--decode", choices=("free", "constrained", "both"), default="both")
    p.add_argument("--gate-threshold", type=float, default=Settings().gate_threshold)
    p.add_argument("--no-gate", action="store_true")
    p.add_argument("--sets", type=set_names, default="dev_v2,handwritten,test_split,old_test_split",
                   help=f"comma-separated, of {', '.join(SETS)}")
    p.add_argument("--half", choices=learner_set.HALVES, default="dev", help="the learner sets' half")
    args = p.parse_args(argv)
    folder = args.model or default_model_folder()
    sets = {
        "dev_v2": dev_cases, "handwritten": handwritten_cases,
        "test_split": lambda: corpus2_cases(args.n, args.seed), "old_test_split": lambda: corpus_cases(args.n, args.seed),
    }
    modes = ("free", "constrained") if args.decode == "both" else (args.decode,)
    results: dict = {"model": str(folder), "gate_threshold": None if args.no_gate else args.gate_threshold}
    for mode in modes:
        tutor, run = engine_tutor(folder, mode == "constrained", None if args.no_gate else args.gate_threshold)
        for name in args.sets:
            if name == "wordnet":
                results[f"wordnet/{mode}"] = wordnet_report(tutor, run, args.n, args.seed, mode)
                if args.json:
                    args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
                continue
            if name in learner_set.LEARNER_SETS:
                results[f"{name}/{args.half}/{mode}"] = learner_report(tutor, run, args.half, mode, name)
                if args.json:
                    args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
                continue
            cases = sets[name]()
            result = score(cases, answer(tutor, run, [c.sentence for c in cases]))
            results[f"{name}/{mode}"] = result
            summary = {k: v for k, v in result.items() if k != "failures"}
            print(f"{name}/{mode}", json.dumps(summary), flush=True)
            for failure in result["failures"][:8]:
                print("   ", json.dumps(failure, ensure_ascii=False))
            if args.json:
                args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    console.run(main)
