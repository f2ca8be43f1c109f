"""What serving adds to an engine step: the same steps timed as served and on the engine alone.

    python -m bench.step_replay                                   # continuous and async, 3 repetitions
    python -m bench.step_replay --schedulers continuous --rate 8 --repetitions 1

For each scheduler, a fresh `miniserve serve --record-steps FILE` receives the standard mix
(bench/workload.py) as a Poisson stream at `--rate` requests/s for about `--seconds`; at its exit it
writes every sequence it was given and every step of its core loop with the step's time
(miniserve/engine/recorder.py). Then this process, with the server gone, replays every recorded step
exactly (the same sequences and seeds, the same chunks and drafts in the same order) on an engine
of its own with nothing else in the process, timing `Engine.step` where the core loop timed it.
It prints the mean step as served, alone, and their ratio, overall and by the step's rows, and
checks that every replayed step produced the tokens the served one did (a replay that diverged
would time other work; it is reported and exits 1).

The mean step is the continuous target of docs/perf.md (within 5% of the engine alone). Loopback only.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

import trio

from bench import workload
from bench.loadgen import Server, load_server, poisson_schedule
from miniserve import console

ROW_BINS = ((1, 1), (2, 4), (5, 16), (17, 64), (65, 10**9))


def replay(recording, folder: Path, n_slots: int, step_token_budget: int, paced: bool) -> tuple[list[float], int]:
    """Seconds of each recorded step replayed on a fresh engine (None where it could not be
    replayed), and the number of steps that found their sequences in another state or gave other
    tokens than the served ones. `paced`: each step starts no earlier after the first than it did
    as served (the engine sleeps through the same idle gaps), else steps run back to back."""
    from miniserve.engine.core.describe import Rebuilder
    from miniserve.engine.engine import Engine
    from miniserve.engine.plan import StepPlan
    from miniserve.engine.sequence import Sequence

    engine = Engine.from_folder(folder, n_slots=n_slots, max_step_tokens=step_token_budget)
    engine.warmup()
    rebuild = Rebuilder(folder)
    arrivals = {a.seq_id: a for a in recording.arrivals}
    live: dict[int, Sequence] = {}

    def sequence(seq_id: int) -> Sequence:
        if seq_id not in live:
            a = arrivals[seq_id]
            params = dataclasses.replace(a.params, constraint=rebuild.constraint(a.constraint), stop=rebuild.stop(a.stop))
            seq = Sequence(list(a.prompt), params, id=seq_id)
            seq.seed64 = a.seed64
            engine.admit(seq)
            live[seq_id] = seq
        return live[seq_id]

    seconds, diverged = [], 0
    first = recording.steps[0].started if recording.steps else 0.0
    origin = time.perf_counter()
    for step in recording.steps:
        for seq_id in step.left:
            if seq_id in live:
                engine.release(live.pop(seq_id))
        if not step.items:
            seconds.append(None)
            continue
        items = [(sequence(seq_id), n) for seq_id, n, _ in step.items]
        if any(seq.computed != before for (seq, _), (_, _, before) in zip(items, step.items)):
            diverged += 1
            seconds.append(None)
            continue
        plan = StepPlan(items, dict(step.drafts))
        if paced:
            time.sleep(max(0.0, origin + step.started - first - time.perf_counter()))
        started = time.perf_counter()
        outputs = engine.step(plan)
        seconds.append(time.perf_counter() - started)
        if tuple((o.seq_id, o.tokens) for o in outputs) != step.tokens:
            diverged += 1
        for out in outputs:
            if out.finish_reason is not None:
                engine.release(live.pop(out.seq_id))
    for seq in live.values():
        engine.release(seq)
    return seconds, diverged


def rows_of(step) -> int:
    return sum(n for _, n, _ in step.items) + sum(len(d) for d in step.drafts.values())


def compare(recording, alone: list, paced: list) -> list[dict]:
    """Mean step as served, alone back to back, and alone at the served pace, over the steps all
    three timed, overall and per bin of rows."""
    triples = [(rows_of(s), s.seconds, a, b) for s, a, b in zip(recording.steps, alone, paced)
               if s.items and a is not None and b is not None]
    out = []
    for lo, hi in ((1, 10**9), *ROW_BINS):
        chosen = [t[1:] for t in triples if lo <= t[0] <= hi]
        if not chosen:
            continue
        served, by_itself, at_pace = (statistics.fmean(t[i] for t in chosen) for i in range(3))
        out.append({"rows": "all" if (lo, hi) == (1, 10**9) else f"{lo}-{hi}" if hi < 10**9 else f">={lo}",
                    "steps": len(chosen), "served_ms": 1000 * served, "alone_ms": 1000 * by_itself,
                    "paced_ms": 1000 * at_pace, "ratio": served / by_itself, "paced_ratio": served / at_pace})
    return out


async def serve_and_record(scheduler: str, path: Path, args) -> dict:
    n = max(20, round(args.rate * args.seconds))
    seed = args.seed
    extra = ("--record-steps", str(path), "--engine-process", "1" if args.engine_process else "0")
    async with Server(scheduler, args.max_batch, args.max_queue, extra=extra) as server:
        result = await load_server(server, workload.make("mix", n, seed), poisson_schedule(args.rate, n, seed), args.timeout)
    return result["summary"]  # the server has exited: the recording is written


def main(argv: list[str] | None = None) -> int:
    parser = console.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schedulers", nargs="+", default=["continuous", "async"], choices=("continuous", "static", "async"))
    parser.add_argument("--rate", type=console.positive(float), default=6.0, help="requests/s of the standard mix")
    parser.add_argument("--seconds", type=console.positive(float), default=30.0, help="about this long a load")
    parser.add_argument("--repetitions", type=console.positive(int), default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-batch", type=console.positive(int), default=32, help="server --max-batch (as bench.standard)")
    parser.add_argument("--max-queue", type=console.positive(int), default=64)
    parser.add_argument("--step-token-budget", type=console.positive(int), default=256, help="the server's default")
    parser.add_argument("--timeout", type=console.positive(float), default=10.0)
    parser.add_argument("--engine-process", action="store_true", help="the server's engine core in a process of its own")
    args = parser.parse_args(argv)

    from miniserve.engine.recorder import Recording
    from miniserve.tutor import model_folder

    folder, ratios, bad = model_folder(), {s: [] for s in args.schedulers}, 0
    print("run | scheduler | requests ok | rows | steps | served ms | alone ms | served/alone | alone at the served pace ms | served/paced")
    print("--- | --- | --- | --- | --- | --- | --- | --- | --- | ---")
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(1, args.repetitions + 1):
            for scheduler in args.schedulers:
                path = Path(tmp) / f"{scheduler}-{run}.pickle"
                summary = trio.run(serve_and_record, scheduler, path, args)
                recording = Recording.load(path)
                alone, diverged = replay(recording, folder, args.max_batch, args.step_token_budget, paced=False)
                paced, diverged_paced = replay(recording, folder, args.max_batch, args.step_token_budget, paced=True)
                bad += diverged + diverged_paced
                for row in compare(recording, alone, paced):
                    print(f"{run} | {scheduler} | {summary['ok']}/{summary['requests']} | {row['rows']} | {row['steps']} | "
                          f"{row['served_ms']:.3f} | {row['alone_ms']:.3f} | {row['ratio']:.3f} | {row['paced_ms']:.3f} | "
                          f"{row['paced_ratio']:.3f}", flush=True)
                    if row["rows"] == "all":
                        ratios[scheduler].append((row["ratio"], row["paced_ratio"]))
                if diverged or diverged_paced:
                    print(f"error: {diverged} + {diverged_paced} replayed steps diverged from the served ones", file=sys.stderr)
    for scheduler, values in ratios.items():
        for k, against in enumerate(("alone", "alone at the served pace")):
            r = [v[k] for v in values]
            print(f"{scheduler}: mean step served / {against}: worst {max(r):.3f}, median {statistics.median(r):.3f}, "
                  f"best {min(r):.3f} ({len(r)} runs)")
    return 1 if bad else 0


if __name__ == "__main__":
    console.run(main)
