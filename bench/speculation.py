"""Prompt-lookup speculation on the tutor workload, with and without, in one process (no HTTP).

    python -m bench.speculation [--model FOLDER] [--requests 64] [--repeat 3] [--k 1] [--ngram 3] [--history 64] [--rows 16]
    python -m bench.speculation --correct-url http://127.0.0.1:8000 [--requests 64]   # /correct, HTTP

Tutor prompts from the held-out test split go through `Engine.generate` (the server's core loop,
greedy, the server's per-request token limit): one at a time (concurrency 1: latency per request,
tokens a sequence gets per step) and 64 at a time (throughput). Before each timed run the drafter
is new and its history holds answers to *other* sentences (another seed), as on a server that has
been up a while: never answers to the sentences being timed.
Greedy output with speculation is checked to be identical to output without it. Each repeat runs
both modes back to back; the table shows the median over repeats and the spread (min..max).
With `--correct-url` it instead sends the same sentences to a running server's `POST /correct`
one at a time (closed loop, concurrency 1, after 16 untimed requests) and prints the p50 latency:
start the server with `--speculate 0` and `--speculate 1` (or an older version) and compare.
Run it under `python -m bench.quiet`: the machine is shared.
"""

from __future__ import annotations

import statistics
import time

from miniserve.engine import Engine, PromptLookup, SamplingParams
from miniserve.tutor import model_folder
from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve import console


class Counted(Engine):
    """Counts steps, so that tokens per step can be reported."""

    steps = 0

    def step(self, plan):
        self.steps += 1
        return super().step(plan)


def workload(folder, n: int, seed: int, n_positions: int):
    prompt = TutorPrompt.from_folder(folder)
    requests = [prompt.request(ex.sentence, n_positions) for ex in corpus.generate("test", n, seed=seed)]
    return [ids for ids, _ in requests], [SamplingParams(max_new_tokens=b) for _, b in requests]


def one_at_a_time(engine: Counted, prompts, params):
    latencies, tokens, outputs = [], 0, []
    steps = engine.steps
    for ids, p in zip(prompts, params):
        started = time.perf_counter()
        seq = engine.generate([ids], p)[0]
        latencies.append(time.perf_counter() - started)
        tokens += len(seq.generated)
        outputs.append(seq.generated)
    return statistics.median(latencies), tokens / (engine.steps - steps), outputs


def batched(engine: Counted, prompts, params, batch: int):
    started, tokens = time.perf_counter(), 0
    for i in range(0, len(prompts), batch):
        tokens += sum(len(s.generated) for s in engine.generate(prompts[i:i + batch], params[i:i + batch]))
    return tokens / (time.perf_counter() - started)


def spread(values, fmt):
    return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}..{fmt.format(max(values))})"


def correct_p50(url: str, n: int) -> None:
    import httpx

    sentences = [ex.sentence for ex in corpus.generate("test", n, seed=7)]
    warm = [ex.sentence for ex in corpus.generate("test", 16, seed=1234)]
    latencies = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for i, sentence in enumerate(warm + sentences):
            started = time.perf_counter()
            client.post("/correct", json={"sentence": sentence}).raise_for_status()
            if i >= len(warm):
                latencies.append(time.perf_counter() - started)
    print(f"POST /correct at concurrency 1, {n} requests: p50 {statistics.median(latencies) * 1e3:.2f} ms, "
          f"mean {statistics.mean(latencies) * 1e3:.2f} ms")


def main(argv: list[str] | None = None) -> None:
    ap = console.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default=str(model_folder()))
    ap.add_argument("--requests", type=console.positive(int), default=64)
    ap.add_argument("--batch", type=console.positive(int), default=64)
    ap.add_argument("--repeat", type=console.positive(int), default=3)
    ap.add_argument("--k", type=console.positive(int), default=1)
    ap.add_argument("--ngram", type=console.positive(int), default=3)
    ap.add_argument("--history", type=console.positive(int), default=64)
    ap.add_argument("--rows", type=console.positive(int), default=16, help="drafts fill a step up to this many tokens")
    ap.add_argument("--budget", type=console.positive(int), default=256, help="step token budget (the server's default)")
    ap.add_argument("--correct-url", help="time POST /correct on this running server instead (loopback only)")
    args = ap.parse_args(argv)
    if args.correct_url:
        if not args.correct_url.startswith("http://127.0.0.1:"):
            raise SystemExit("loopback URLs only (http://127.0.0.1:PORT)")
        return correct_p50(args.correct_url, args.requests)

    engine = Counted.from_folder(args.model, n_slots=args.batch, max_step_tokens=args.budget)
    engine.warmup()
    prompts, params = workload(args.model, args.requests, 7, engine.config.n_positions)
    warm_prompts, warm_params = workload(args.model, 64, 1234, engine.config.n_positions)

    def drafter(mode: str):
        """None, or a new drafter whose history holds answers to other sentences only."""
        if mode == "off":
            return None
        engine.drafter = PromptLookup(k=args.k, n=args.ngram, history=args.history, max_rows=args.rows)
        engine.generate(warm_prompts, warm_params)
        return engine.drafter

    rows = {"off": [], "on": []}
    for _ in range(args.repeat):
        for mode in ("off", "on"):
            engine.drafter = drafter(mode)
            engine.drafted = engine.accepted = 0
            p50, per_step, outputs = one_at_a_time(engine, prompts, params)
            accept = engine.accepted / max(1, engine.drafted)
            engine.drafter = drafter(mode)
            rate = batched(engine, prompts, params, args.batch)
            rows[mode].append((p50, per_step, rate, accept, outputs))
    if any(r[4] != rows["off"][0][4] for r in rows["on"] + rows["off"]):
        raise SystemExit("speculation changed greedy output")
    print(f"{args.requests} tutor requests, {PromptLookup(k=args.k, n=args.ngram, history=args.history, max_rows=args.rows)}, step budget {args.budget}, {args.repeat} repeats: median (min..max)")
    print(f"{'':>4} {'c=1 p50 ms':>24} {'tokens/step c=1':>22} {'draft accepted':>20} {'c=' + str(args.batch) + ' tok/s':>26}")
    for mode, r in rows.items():
        print(f"{mode:>4} {spread([x[0] * 1e3 for x in r], '{:.2f}'):>24} {spread([x[1] for x in r], '{:.2f}'):>22} "
              f"{spread([x[3] for x in r], '{:.2f}'):>20} {spread([x[2] for x in r], '{:.0f}'):>26}")
    latency = [on[0] / off[0] for on, off in zip(rows["on"], rows["off"])]
    throughput = [on[2] / off[2] for on, off in zip(rows["on"], rows["off"])]
    print(f"on/off: c=1 p50 latency {spread(latency, '{:.2f}')}, c={args.batch} throughput {spread(throughput, '{:.2f}')}")


if __name__ == "__main__":
    console.run(main)
