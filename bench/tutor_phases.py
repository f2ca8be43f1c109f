"""Where one tutor answer's time goes, unloaded: decoding, the parser's rounds, the gate's scoring.

    python -m bench.tutor_phases [--requests 120] [--seed 0]

One process, one sentence at a time (batch 1, nothing else running: what a request costs before
any queueing), over the standard load test's tutor sentences (bench/workload.py). For each it
times, in the served flow's order: the model's decode of the answer (Numba engine), the tutoring
flow's own Python (what the server runs on its event loop: the guard, the gate's word rules and
offers, weighing), the parser's rounds (Link Grammar in this process, as its worker process does),
and the gate's scoring of the answers (teacher-forced; offers scored after). It
prints each phase's p50 / p95 / mean in ms and its share of the whole, by sentence length, and first
the cost of the first answer in a fresh process (the engine warmed, the tutoring flow's tables not).
The machine is shared: read the shares, not the milliseconds.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from miniserve import console
from miniserve.engine import Sequence

PHASES = ("decode", "rules", "parser", "scoring")
SECOND = "second"  # of the whole: the second reading of a changed sentence (its phases are counted in theirs too)


def timed_answer(tutor, run, sentence: str) -> dict[str, float]:
    """The flow of `tutoring.run_sync` for one sentence, each phase timed: "rules" is the Python the
    server runs on its event loop (planning, the guard, the gate's word rules and offers, weighing
    parses and scores), "parser" the parser's own calls, "decode" and "scoring" the engine's runs;
    `SECOND` is how much of it all the second reading took (Turn.again)."""
    took = dict.fromkeys(PHASES + (SECOND,), 0.0)

    def timed(phase, call, *args):
        start = time.perf_counter()
        try:
            return call(*args)
        finally:
            took[phase] += time.perf_counter() - start

    turn = timed("rules", lambda: tutor.plan(sentence, paragraph=False).turns[0])
    through(turn, run, timed)
    second = timed("rules", turn.again)
    if second is not None:
        start = time.perf_counter()
        through(second, run, timed)
        timed("rules", turn.absorb, second)
        took[SECOND] = time.perf_counter() - start
    return took


def through(turn, run, timed) -> None:
    """One reading of a sentence: decode, the parser's rounds, the gate's scoring, as `run_sync` does."""
    ids, params = turn.decode
    [seq] = timed("decode", run, [Sequence(list(ids), params)])
    timed("rules", turn.decoded, seq.generated, seq.finish_reason)
    while turn.review is None:
        while turn.review is None and timed("rules", lambda: turn.questions):
            questions = timed("rules", lambda: turn.questions)
            timed("rules", turn.weigh, timed("parser", turn.tutor.parser.parse_all, questions))
        if turn.review is not None:
            break
        seqs = timed("scoring", run, [Sequence(list(i), p) for i, p in timed("rules", lambda: turn.scoring)])
        timed("rules", turn.scored, [[lp for lp, _ in s.logprobs] for s in seqs])


def main(argv: list[str] | None = None) -> dict:
    from bench.workload import tutor_request
    from miniserve.tutor import model_folder
    from miniserve.config import Settings
    from miniserve.tutor.evaluation.evaluate import engine_tutor

    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--requests", type=console.positive(int), default=120)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--model", type=Path, default=None)
    p.add_argument("--no-prefix-reuse", action="store_true",
                   help="compute every prompt whole (the engine's reuse of a prompt's start that a KV slot holds, off)")
    args = p.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    sentences = [json.loads(tutor_request(rng).body)["sentence"] for _ in range(args.requests)]
    gated, run = engine_tutor(args.model or model_folder(), constrained=True, threshold=Settings().gate_threshold, batch=8,
                             reuse_prefixes=not args.no_prefix_reuse)
    if gated.parser is None:
        raise SystemExit("the Link Grammar parser is not installed (python3-link-grammar): nothing to measure")
    ids, params = gated.plan("He go home.", paragraph=False).turns[0].decode
    run([Sequence(list(ids), params)])  # the engine's kernels, as Engine.warmup before a server is ready
    first = timed_answer(gated, run, sentences[0])
    print(f"first answer in this process (its tables built on first use): {sum(first[ph] for ph in PHASES) * 1e3:.0f} ms ("
          + ", ".join(f"{k} {v * 1e3:.0f}" for k, v in first.items()) + ")")
    sentences = sentences[1:]
    rows = [timed_answer(gated, run, s) for s in sentences]
    words = np.array([len(s.split()) for s in sentences])
    total = np.array([sum(r[ph] for ph in PHASES) for r in rows])
    print(f"{len(rows)} tutor sentences, one at a time (words p50 {np.median(words):.0f}, max {words.max()})")
    print(f"{'phase':10} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8} {'share':>7}")
    report = {}
    for phase in PHASES + (SECOND, "whole"):
        ms = (total if phase == "whole" else np.array([r[phase] for r in rows])) * 1e3
        share = ms.sum() / (total.sum() * 1e3)
        report[phase] = {"p50_ms": float(np.median(ms)), "p95_ms": float(np.percentile(ms, 95)),
                         "mean_ms": float(ms.mean()), "share": float(share)}
        print(f"{phase:10} {np.median(ms):8.1f} {np.percentile(ms, 95):8.1f} {ms.mean():8.1f} {share:7.1%}")
    print(f"read a second time: {sum(r[SECOND] > 0 for r in rows)} of {len(rows)} sentences")
    for lo, hi in ((0, 15), (15, 30), (30, 1000)):
        mask = (words >= lo) & (words < hi)
        if mask.any():
            shares = {ph: sum(r[ph] for r, m in zip(rows, mask) if m) / total[mask].sum() for ph in PHASES}
            print(f"  {lo}-{hi if hi < 1000 else ''} words ({mask.sum()}): whole mean {total[mask].mean() * 1e3:.1f} ms; "
                  + ", ".join(f"{ph} {v:.0%}" for ph, v in shares.items()))
    return report


if __name__ == "__main__":
    console.run(main)
