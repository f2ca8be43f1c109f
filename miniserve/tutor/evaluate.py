"""Evaluate the tutor: exact match of `corrected` per kind, whether the explanation names the right
form(s), and what the service would show after the guard, on four sets:

- `test_split`: the widened corpus's held-out test split (corpus2.py, --n sentences);
- `old_test_split`: the first corpus's held-out test split (corpus.py, --n sentences);
- `handwritten`: tests/data/handwritten.tsv (85 sentences, the first tutor's bar);
- `dev_v2`: tests/data/dev_v2.tsv (hand-written for tutor v2 before training);
- `learner_v3`: tests/data/learner_v3.tsv, one half (`--half dev`; `test` is opened once, at the end),
  reported as learner_set.py says: error-free sentences unchanged, verb-only errors exact, per class.

    python -m miniserve.tutor.evaluate --n 2000 [--model FOLDER] [--json out.json] [--decode both]
    python -m miniserve.tutor.evaluate --sets learner_v3 --half dev --decode constrained

`--decode free` is plain greedy; `constrained` masks every token the edit constraint
(constraint.py) does not allow; `both` runs each set both ways. Generation is batched greedy with
transformers (greedy.py); `--engine numba` uses the project's engine instead (constrained only
once the engine takes SamplingParams(constraint=...)).
"""

from __future__ import annotations

import argparse
import csv
import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from miniserve.tutor import corpus, corpus2, learner_set
from miniserve.tutor.guard import review
from miniserve.tutor.prompt import Completion, TutorPrompt

HANDWRITTEN = Path(__file__).resolve().parents[2] / "tests" / "data" / "handwritten.tsv"
DEV = Path(__file__).resolve().parents[2] / "tests" / "data" / "dev_v2.tsv"
UNCHANGED_KINDS = ("correct", "out_of_scope")


@dataclass(frozen=True)
class Case:
    sentence: str
    corrected: str
    kind: str
    target: str  # the form(s) the explanation must name, comma-separated ("" for correct sentences)


def handwritten_cases(path: Path = HANDWRITTEN) -> list[Case]:
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))
    return [Case(r["sentence"], r["corrected"], r["kind"], r.get("target", "")) for r in rows]


def dev_cases(path: Path = DEV) -> list[Case]:
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))
    return [Case(r["input"], r["corrected"], r["kind"], r["keywords"]) for r in rows]


def corpus_cases(n: int, seed: int = 0) -> list[Case]:
    """The first corpus's test split (the first tutor's numbers)."""
    return [Case(ex.sentence, ex.corrected, ex.kind, ex.target) for ex in corpus.generate("test", n, seed=seed)]


def corpus2_cases(n: int, seed: int = 0) -> list[Case]:
    """The widened corpus's test split."""
    return [Case(ex.sentence, ex.corrected, ex.kind, ex.target) for ex in corpus2.generate("test", n, seed=seed)]


class EngineGenerator:
    """Batched greedy generation with miniserve's engine (continuous batching, 64 slots); with
    `constrained`, each sentence's EditConstraint goes in SamplingParams(constraint=...) (the engine
    of branch `spec` takes it)."""

    def __init__(self, folder: Path, constrained: bool = False):
        from miniserve.engine import Engine
        from miniserve.tutor.constraint import EditConstraints

        self.engine = Engine.from_folder(folder, n_slots=64, max_step_tokens=1024)
        self.prompt = TutorPrompt.from_folder(folder)
        self.constraints = EditConstraints.for_prompt(self.prompt) if constrained else None

    def complete(self, sentences: list[str]) -> list[Completion]:
        from miniserve.engine import SamplingParams

        requests = [self.prompt.request(s, self.engine.config.n_positions) for s in sentences]
        params = [SamplingParams(max_new_tokens=b, constraint=self.constraints(s)) if self.constraints
                  else SamplingParams(max_new_tokens=b) for s, (_, b) in zip(sentences, requests)]
        seqs = self.engine.generate([ids for ids, _ in requests], params)
        return [self.prompt.parse(seq.generated) for seq in seqs]


class HFGenerator:
    """Batched greedy generation with transformers (left padding)."""

    def __init__(self, folder: Path, batch_size: int = 64):
        import torch
        from transformers import GPT2LMHeadModel

        self.torch = torch
        self.model = GPT2LMHeadModel.from_pretrained(folder).eval()
        self.prompt = TutorPrompt.from_folder(folder)
        self.n_positions = self.model.config.n_positions
        self.batch_size = batch_size

    def complete(self, sentences: list[str]) -> list[Completion]:
        torch, results = self.torch, []
        for start in range(0, len(sentences), self.batch_size):
            requests = [self.prompt.request(s, self.n_positions) for s in sentences[start:start + self.batch_size]]
            width = max(len(ids) for ids, _ in requests)
            ids = torch.full((len(requests), width), self.prompt.end_id, dtype=torch.long)
            mask = torch.zeros_like(ids)
            for row, (prompt_ids, _) in enumerate(requests):
                ids[row, width - len(prompt_ids):] = torch.tensor(prompt_ids)
                mask[row, width - len(prompt_ids):] = 1
            budget = min(max(b for _, b in requests), self.n_positions - width)
            with torch.no_grad():
                out = self.model.generate(
                    input_ids=ids, attention_mask=mask, max_new_tokens=budget, do_sample=False,
                    eos_token_id=self.prompt.end_id, pad_token_id=self.prompt.end_id,
                )
            results += [self.prompt.parse(row[width:].tolist()) for row in out]
        return results


def names_targets(case: Case, explanation: str) -> bool:
    """Does the explanation name every form the case expects (in quotes, any case)?"""
    said = explanation.lower()
    return all(f"'{form.lower()}'" in said for form in case.target.split(",") if form)


def score(cases: list[Case], completions: list[Completion]) -> dict:
    """Exact match of the model's corrected sentence, and of what the guard lets the service show."""
    exact, guarded, named, withheld, errors = defaultdict(list), defaultdict(list), [], [], []
    rewritten = []  # of the changes shown: was the model's explanation untrue of its edit?
    for case, got in zip(cases, completions):
        ok = got.corrected == case.corrected
        exact[case.kind].append(ok)
        shown = review(case.sentence, got.corrected, got.explanation)
        guarded[case.kind].append(shown.corrected == case.corrected)
        withheld.append(shown.withheld)
        if shown.changed:
            rewritten.append(shown.explanation != got.explanation.strip())
        if case.kind not in UNCHANGED_KINDS and case.target:
            named.append(names_targets(case, got.explanation))
        if not ok:
            errors.append({"kind": case.kind, "sentence": case.sentence, "expected": case.corrected,
                           "got": got.corrected, "explanation": got.explanation})
    everything = [v for values in exact.values() for v in values]
    shown_all = [v for values in guarded.values() for v in values]
    unchanged = [v for k in UNCHANGED_KINDS for v in guarded.get(k, [])]
    return {
        "n": len(cases),
        "exact_match": sum(everything) / len(everything),
        "exact_match_by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(exact.items())},
        "explanation_names_target": sum(named) / len(named) if named else None,
        "after_guard_exact_match": sum(shown_all) / len(shown_all),
        "after_guard_by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(guarded.items())},
        "correct_unchanged_after_guard": sum(unchanged) / len(unchanged) if unchanged else None,
        "withheld": sum(withheld) / len(withheld),
        "explanation_rewritten": sum(rewritten) / len(rewritten) if rewritten else None,
        "failures": errors[:40],
    }


def learner_report(generator, half: str, mode: str) -> dict:
    """learner_v3's report on one half, printed as a table with the first failures."""
    cases = learner_set.learner_cases(half)
    result = learner_set.report(cases, generator.complete([c.sentence for c in cases]))
    print(f"learner_v3/{half}/{mode} ({len(cases)} sentences)\n{learner_set.table(result)}", flush=True)
    for failure in result["failures"][:12]:
        print("   ", json.dumps(failure, ensure_ascii=False))
    return result


def main(argv: list[str] | None = None) -> None:
    from miniserve.tutor import model_folder as default_model_folder

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", type=Path, default=None)
    p.add_argument("--n", type=int, default=2000, help="test-split examples (each corpus)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", type=Path, help="write the results here")
    p.add_argument("--engine", choices=("torch", "numba", "hf"), default="torch")
    p.add_argument("--decode", choices=("free", "constrained", "both"), default="both")
    p.add_argument("--sets", default="dev_v2,handwritten,test_split,old_test_split", help="comma-separated; also learner_v3")
    p.add_argument("--half", choices=learner_set.HALVES, default="dev", help="learner_v3's half")
    p.add_argument("--threads", type=int, default=2)
    args = p.parse_args(argv)
    folder = args.model or default_model_folder()
    sets = {
        "dev_v2": dev_cases, "handwritten": handwritten_cases,
        "test_split": lambda: corpus2_cases(args.n, args.seed), "old_test_split": lambda: corpus_cases(args.n, args.seed),
    }
    modes = ("free", "constrained") if args.decode == "both" else (args.decode,)
    results: dict = {"model": str(folder)}
    for mode in modes:
        if args.engine == "torch":
            from miniserve.tutor.greedy import GreedyGenerator

            generator = GreedyGenerator(folder, constrained=mode == "constrained", threads=args.threads)
        elif args.engine == "numba":  # constrained: needs the engine that takes SamplingParams(constraint=)
            generator = EngineGenerator(folder, constrained=mode == "constrained")
        elif mode == "constrained":
            raise SystemExit("--engine hf decodes without the constraint; use --engine torch")
        else:
            generator = HFGenerator(folder)
        for name in args.sets.split(","):
            if name == "learner_v3":
                results[f"{name}/{args.half}/{mode}"] = learner_report(generator, args.half, mode)
                if args.json:
                    args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
                continue
            cases = sets[name]()
            result = score(cases, generator.complete([c.sentence for c in cases]))
            results[f"{name}/{mode}"] = result
            summary = {k: v for k, v in result.items() if k != "failures"}
            print(f"{name}/{mode}", json.dumps(summary), flush=True)
            for failure in result["failures"][:8]:
                print("   ", json.dumps(failure, ensure_ascii=False))
            if args.json:
                args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
