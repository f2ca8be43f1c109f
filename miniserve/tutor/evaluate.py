"""Evaluate the tutor: exact match of `corrected` per kind on the held-out test split, whether the
explanation names the right form, and exact match on the hand-written set in tests/data/.

    python -m miniserve.tutor.evaluate --n 2000 [--model FOLDER] [--json out.json]

Generation is greedy, in batches, with the project's own Numba engine (or `--engine hf`:
Hugging Face `transformers`, from the `train` extra, as a cross-check).
"""

from __future__ import annotations

import argparse
import csv
import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from miniserve.tutor import corpus
from miniserve.tutor.prompt import Completion, TutorPrompt

HANDWRITTEN = Path(__file__).resolve().parents[2] / "tests" / "data" / "handwritten.tsv"


@dataclass(frozen=True)
class Case:
    sentence: str
    corrected: str
    kind: str
    target: str  # the form the explanation must name ("" for correct sentences)


def handwritten_cases(path: Path = HANDWRITTEN) -> list[Case]:
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))
    return [Case(r["sentence"], r["corrected"], r["kind"], r.get("target", "")) for r in rows]


def corpus_cases(n: int, seed: int = 0) -> list[Case]:
    return [Case(ex.sentence, ex.corrected, ex.kind, ex.target) for ex in corpus.generate("test", n, seed=seed)]


class EngineGenerator:
    """Batched greedy generation with miniserve's engine (continuous batching, 64 slots)."""

    def __init__(self, folder: Path):
        from miniserve.engine import Engine

        self.engine = Engine.from_folder(folder, n_slots=64, max_step_tokens=1024)
        self.prompt = TutorPrompt.from_folder(folder)

    def complete(self, sentences: list[str]) -> list[Completion]:
        from miniserve.engine import SamplingParams

        requests = [self.prompt.request(s, self.engine.config.n_positions) for s in sentences]
        seqs = self.engine.generate([ids for ids, _ in requests], [SamplingParams(max_new_tokens=b) for _, b in requests])
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


def score(cases: list[Case], completions: list[Completion]) -> dict:
    exact, named, errors = defaultdict(list), [], []
    for case, got in zip(cases, completions):
        ok = got.corrected == case.corrected
        exact[case.kind].append(ok)
        if case.kind != "correct" and case.target:
            named.append(f"'{case.target}'" in got.explanation)
        if not ok:
            errors.append({"sentence": case.sentence, "expected": case.corrected, "got": got.corrected})
    everything = [v for values in exact.values() for v in values]
    return {
        "n": len(cases),
        "exact_match": sum(everything) / len(everything),
        "exact_match_by_kind": {k: round(sum(v) / len(v), 4) for k, v in sorted(exact.items())},
        "explanation_names_target": sum(named) / len(named) if named else None,
        "failures": errors[:20],
    }


def main(argv: list[str] | None = None) -> None:
    from miniserve.tutor import model_folder as default_model_folder

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", type=Path, default=None)
    p.add_argument("--n", type=int, default=2000, help="test-split examples")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", type=Path, help="write the results here")
    p.add_argument("--engine", choices=("numba", "hf"), default="numba")
    args = p.parse_args(argv)
    folder = args.model or default_model_folder()
    generator = EngineGenerator(folder) if args.engine == "numba" else HFGenerator(folder)
    results = {}
    for name, cases in (("test_split", corpus_cases(args.n, args.seed)), ("handwritten", handwritten_cases())):
        results[name] = score(cases, generator.complete([c.sentence for c in cases]))
        summary = {k: v for k, v in results[name].items() if k != "failures"}
        print(name, json.dumps(summary))
        for failure in results[name]["failures"][:10]:
            print("   ", json.dumps(failure, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
