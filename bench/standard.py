"""The standard load test: goodput per scheduler, latency at 25/50/75% of static's
goodput, five repetitions, PASS/FAIL per target. Regenerates a results folder in one command:

    python -m bench.standard --out docs/results --overwrite     # the committed results (quiet machine)
    python -m bench.standard                                     # the same, into runs/standard
    python -m bench.standard --from-raw --out docs/results       # redraw summary and plots, run nothing

Each repetition (its own seed) runs both workloads of bench/workload.py, the tutor-only one and the
mix, always reported together. For each workload: a fresh continuous server answers requests one at
a time (unloaded) and each class's objective is SLO_FACTOR x its unloaded p50 (printed); then, for
each scheduler on a fresh server, a bounded goodput search (bench/goodput.py: bracket, then bisect,
each probe bounded in time); then, on fresh servers again, every scheduler at 25%, 50% and 75% of
static's goodput on one arrival schedule per point. Raw per-request records (gzip JSON lines) go to
<out>/raw so that `--from-raw` redraws everything; summary.json records the command, commit, dirty
flag, model sha256, every setting and the machine.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import time
from dataclasses import asdict
from pathlib import Path

import trio

from bench import analysis, rawstore, workload
from bench.goodput import Probe, checks, meets, search
from bench.http1 import Pool
from bench.loadgen import LOOPBACK, Record, Server, cpu_list, load_server, pin, poisson_schedule, summarize
from bench.provenance import provenance
from miniserve import console

SCHEDULERS = ("continuous", "static", "async", "sync")
CLIENT_FIELDS = ("client_cpu_s", "client_cpu_share", "server_cpu_s")
FRACTIONS = (0.25, 0.5, 0.75)


def options(argv: list[str] | None) -> argparse.Namespace:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a = p.add_argument
    a("--out", type=Path, default=Path("runs/standard"), help="results folder (default runs/standard; "
      "docs/results only when asked, with --overwrite if it holds results)")
    a("--overwrite", action="store_true", help="replace the results already in --out")
    a("--from-raw", action="store_true", help="recompute summary.json, summary.md and every plot from <out>/raw; run nothing")
    a("--repetitions", type=console.positive(int), default=5, help="repetitions of the whole test, each with fresh servers and its own seed")
    a("--seed", type=int, default=0, help="seed of repetition 0; repetition k uses seed + 1000 k")
    a("--schedulers", nargs="+", default=list(SCHEDULERS), choices=SCHEDULERS, help="schedulers to measure")
    a("--workloads", nargs="+", default=["tutor", "mix"], choices=sorted(workload.MIXES), help="workloads (bench/workload.py)")
    a("--mix", type=shares, default=workload.MIXES["mix"],
      help="shares of the mix as kind=share,... (default tutor=0.7,paragraph=0.1,api=0.2)")
    a("--slo-factor", type=console.positive(float), default=4.0, help="objective = this x the unloaded continuous p50 of each class")
    a("--slo", choices=("relative", "human"), default="relative", help="relative: --slo-factor x the unloaded p50; "
      "human: tutor sentence p95 <= 300 ms, paragraph <= 1 s, API TTFT <= 500 ms and <= 50 ms per output token")
    a("--unloaded-requests", type=console.positive(int), default=40, help="requests per class sent one at a time for the unloaded p50")
    a("--start-rate", type=console.positive(float), default=20.0, help="first probe of every goodput search (requests/s)")
    a("--floor", type=console.positive(float), default=0.5, help="lowest rate a search probes (requests/s)")
    a("--ceiling", type=console.positive(float), default=400.0, help="highest rate a search probes (requests/s)")
    a("--tolerance", type=float, default=0.1, help="bisect until (missed - met) / met is below this")
    a("--max-probes", type=console.positive(int), default=9, help="probes per goodput search at most")
    a("--probe-seconds", type=console.positive(float), default=8.0, help="seconds of arrivals per probe")
    a("--point-seconds", type=console.positive(float), default=15.0, help="seconds of arrivals per load point (25/50/75%%)")
    a("--min-requests", type=console.positive(int), default=40, help="requests per probe or point at least (a p95 needs a few dozen)")
    a("--longest-seconds", type=console.positive(float), default=30.0, help="cap on the arrivals' span of one probe or point (s), "
      "whatever --min-requests asks (at least 10 requests)")
    a("--fractions", type=float, nargs="+", default=list(FRACTIONS), help="load points, as fractions of static's goodput")
    a("--timeout", type=console.positive(float), default=10.0, help="seconds before a request counts as never answered")
    a("--max-batch", type=console.positive(int), default=32, help="server --max-batch")
    a("--max-queue", type=int, default=64, help="server --max-queue")
    a("--client-cpus", type=cpu_list, help="pin the load generator to these CPUs (e.g. 1); default: not pinned")
    a("--server-cpus", type=cpu_list, help="pin each server to these CPUs (e.g. 0); default: not pinned")
    a("--client-nice", type=int, default=-10, help="niceness of the load generator (root only; servers keep 0): its "
      "short wake-ups then preempt the server and send on time; pass 0 to switch off")
    a("--no-plots", action="store_true", help="skip the plots (matplotlib)")
    return p.parse_args(argv)


def shares(text: str) -> dict[str, float]:
    out = {}
    for part in text.split(","):
        kind, _, share = part.partition("=")
        if kind not in workload.MAKERS:
            raise argparse.ArgumentTypeError(f"unknown class {kind!r}; classes: {sorted(workload.MAKERS)}")
        out[kind] = float(share)
    return out


def mix_of(args, name: str) -> dict[str, float]:
    return args.mix if name == "mix" else workload.MIXES[name]


def requests_for(rate: float, seconds: float, least: int, longest: float) -> int:
    """Requests for `seconds` of arrivals, at least `least` (a p95 needs a few dozen), but never more
    than `longest` seconds of them (slow schedulers are probed at low rates), and at least 10."""
    return min(max(least, math.ceil(rate * seconds)), max(10, math.ceil(rate * longest)))


class Runner:
    """Runs and records; every run is written to <out>/raw as soon as it ends."""

    def __init__(self, args):
        self.args, self.runs = args, []

    def keep(self, meta: dict, result: dict) -> dict:
        run = {**meta, "summary": result["summary"], "server": result["server"]}
        where = f"{meta['fraction']:g}x" if meta["role"] == "point" else f"{meta['rate']:g}"
        name = f"rep{meta['rep']}-{meta['workload']}-{meta['scheduler']}-{meta['role']}-{where}.jsonl.gz"
        client = {k: result["summary"].get(k) for k in CLIENT_FIELDS}  # measured live, not from the records
        rawstore.write(self.args.out / "raw" / name, {**meta, "server": result["server"], "client": client,
                                                       "in_system": result["in_system"]}, result["records"])
        run["file"] = name
        self.runs.append(run)
        return run

    async def unloaded(self, rep: int, seed: int, name: str) -> dict:
        """Each class of the workload, one request at a time (closed loop) on a fresh continuous server."""
        args = self.args
        requests = [r for kind in sorted(mix_of(args, name)) if mix_of(args, name)[kind] > 0
                    for r in workload.make({kind: 1.0}, args.unloaded_requests, seed)]
        async with Server("continuous", args.max_batch, args.max_queue, cpus=args.server_cpus) as server:
            await check_paragraphs(server, requests)
            pool, records, start = Pool(LOOPBACK, server.port), [], trio.current_time()
            for i, request in enumerate(requests):
                planned = trio.current_time() - start
                first, end, status, error, tokens, seconds = await load_one(pool, request, start, args.timeout)
                records.append(Record(i, planned, planned, first, end, status, error, tokens, request.kind,
                                      request.sequences, *seconds))
            await pool.aclose()
        result = {"summary": summarize(records), "server": {}, "in_system": [], "records": [asdict(r) for r in records]}
        run = self.keep({"rep": rep, "seed": seed, "workload": name, "scheduler": "continuous", "role": "unloaded",
                         "rate": 0.0, "fraction": None}, result)
        objective = analysis.objectives(run, args.slo_factor, args.slo)
        source = "human SLOs" if args.slo == "human" else f"unloaded continuous p50 x {args.slo_factor:g}"
        print(f"[rep {rep} {name}] {source} -> objectives: "
              + ", ".join(f"{k} p95 {m} <= {v:.4g}" for k, o in objective.items() for m, v in checks(o)), flush=True)
        return objective

    async def goodput(self, rep: int, seed: int, name: str, scheduler: str, objective: dict) -> float:
        args = self.args
        async with Server(scheduler, args.max_batch, args.max_queue, cpus=args.server_cpus) as server:
            async def probe(rate: float) -> Probe:
                await server.idle()
                n = requests_for(rate, args.probe_seconds, args.min_requests, args.longest_seconds)
                probe_seed = seed + 1 + round(rate * 1000)
                result = await load_server(server, workload.make(mix_of(args, name), n, probe_seed),
                                           poisson_schedule(rate, n, probe_seed), args.timeout)
                met, detail = meets(result["summary"]["classes"], objective)
                self.keep({"rep": rep, "seed": probe_seed, "workload": name, "scheduler": scheduler, "role": "probe",
                           "rate": rate, "fraction": None, "met": met}, result)
                lag = result["summary"]["send_lag"]
                print(f"[rep {rep} {name} {scheduler}] probe {rate:.3g}/s: {'met' if met else 'missed'} "
                      + ", ".join(f"{k} p95 {d['p95']:.4g} (<= {d['limit']:.4g}, {d['failed']} failed)" for k, d in detail.items())
                      + f"; send lag p99 {lag['p99_ms']} ms, client CPU {result['summary']['client_cpu_share']:.0%}", flush=True)
                return Probe(rate, met, detail)

            found = await search(probe, min(max(args.start_rate, args.floor), args.ceiling), args.floor, args.ceiling,
                                 args.tolerance, args.max_probes)
        print(f"[rep {rep} {name} {scheduler}] goodput {found.goodput:.3g} requests/s "
              f"({len(found.probes)} probes{'' if found.bracketed else ', at a bound of the search'})", flush=True)
        return found.goodput

    async def points(self, rep: int, seed: int, name: str, base: float, basis: str = "static") -> None:
        """Every scheduler at each fraction of `base`, the same arrivals for all at one point."""
        args = self.args
        for scheduler in args.schedulers:
            async with Server(scheduler, args.max_batch, args.max_queue, cpus=args.server_cpus) as server:
                for k, fraction in enumerate(args.fractions):
                    rate = max(args.floor, fraction * base)
                    n = requests_for(rate, args.point_seconds, args.min_requests, args.longest_seconds)
                    point_seed = seed + 500 + k
                    await server.idle()
                    result = await load_server(server, workload.make(mix_of(args, name), n, point_seed),
                                               poisson_schedule(rate, n, point_seed), args.timeout)
                    self.keep({"rep": rep, "seed": point_seed, "workload": name, "scheduler": scheduler, "role": "point",
                               "rate": rate, "fraction": fraction, "basis": basis}, result)
                    s = result["summary"]
                    print(f"[rep {rep} {name} {scheduler}] {fraction:.0%} ({rate:.3g}/s): p50 {s['latency_s']['p50']} "
                          f"p95 {s['latency_s']['p95']} p99 {s['latency_s']['p99']} s, failed {s['requests'] - s['ok']}, "
                          f"send lag p99 {s['send_lag']['p99_ms']} ms, Little {s['littles_law']['relative_error']}", flush=True)

    async def run(self) -> None:
        args = self.args
        for rep in range(args.repetitions):
            seed = args.seed + 1000 * rep
            for name in args.workloads:
                objective = await self.unloaded(rep, seed, name)
                found = {s: await self.goodput(rep, seed, name, s, objective) for s in args.schedulers}
                # The points sit at fractions of static's goodput. If static met the objective at no rate,
                # they fall back to continuous's goodput (then the floor), and the summary says so.
                basis = next((s for s in ("static", "continuous") if found.get(s, 0) > 0), "floor")
                base = found[basis] if basis != "floor" else args.floor
                if basis != "static":
                    print(f"[rep {rep} {name}] static met the objective at no probed rate: points at fractions of "
                          f"{basis}'s {base:g}/s", flush=True)
                await self.points(rep, seed, name, base, basis)


async def load_one(pool: Pool, request, start: float, timeout: float) -> tuple:
    """(first_byte, end, status, error, tokens, (server seconds, sequence-seconds)) of one request sent now."""
    from bench.loadgen import parse_answer

    first, status, error, tokens, seconds = None, 0, "", 0, (None, None)
    try:
        with trio.fail_after(timeout):
            response = await pool.post(request.path, request.body)
        status = response.status
        first = None if response.first_byte is None else response.first_byte - start
        error, tokens, *seconds = parse_answer(status, response.body)
    except trio.TooSlowError:
        error = "timeout"
    except Exception as exc:  # noqa: BLE001: any failure is a request never answered
        error = type(exc).__name__
    return first, trio.current_time() - start, status, error, tokens, tuple(seconds)


async def check_paragraphs(server: Server, requests: list) -> None:
    """Fail at once, and say why, if the workload holds paragraphs and the server lacks their form."""
    if not any(r.kind == "paragraph" for r in requests):
        return
    pool = Pool(LOOPBACK, server.port)
    response = await pool.post("/correct", json.dumps({"text": "He go home. She have a cat."}).encode())
    await pool.aclose()
    if response.status != 200:
        raise SystemExit(f"this server answers {response.status} to the paragraph form of /correct "
                         "({\"text\": ...}, the paragraph form): merge it, or leave paragraphs out of the mix "
                         "with --mix tutor=0.78,api=0.22")


def finite(value):
    """JSON without Infinity/NaN: a never-answered percentile is written "inf"."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def load_raw(out: Path) -> tuple[list[dict], dict[str, list[dict]]]:
    """Every run in <out>/raw, its summary recomputed from its records."""
    from bench.loadgen import littles_law

    runs, records = [], {}
    for path in sorted((out / "raw").glob("*.jsonl.gz")):
        header, rows = rawstore.read(path)
        recs = [Record(**r) for r in rows]
        summary = summarize(recs)
        summary["littles_law"] = littles_law(recs, header.get("in_system", []), poll_ok=header.get("scheduler") != "sync")
        summary.update(header.get("client", {}))
        run = {k: v for k, v in header.items() if k not in ("in_system", "client")} | {"summary": summary, "file": path.name}
        runs.append(run)
        records[path.name] = rows
    return runs, records


def write_results(args, meta: dict, runs: list[dict]) -> dict:
    slo = getattr(args, "slo", "relative")  # results written before --slo existed are relative
    reps = analysis.per_repetition(runs, args.slo_factor, slo)
    spreads = analysis.spread(reps)
    verdicts = analysis.verdicts(spreads, args.repetitions, slo)
    summary = {**meta, "settings": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
               "workload": {name: workload.describe(workload.make(mix_of(args, name), 2000, args.seed))
                            for name in args.workloads},
               "note": "latency runs from the planned send time; a refused, failed or timed-out request counts as "
                       "never answered (inf) in every percentile; ratios are static / continuous (higher: continuous better)",
               "repetitions": reps, "spread": spreads, "targets": verdicts,
               "runs": [{k: v for k, v in r.items()} for r in runs]}
    (args.out / "summary.json").write_text(json.dumps(finite(summary), indent=1, default=str) + "\n")
    from bench.report import markdown

    (args.out / "summary.md").write_text(markdown(summary))
    return summary


def main(argv: list[str] | None = None) -> dict:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = options(argv)
    if args.from_raw:
        old = json.loads((args.out / "summary.json").read_text())
        meta = {k: old[k] for k in ("command", "commit", "dirty", "model_sha256", "machine", "executable", "date", "seconds")
                if k in old}
        meta["redrawn_by"] = provenance(argv)["command"]
        for key, value in old.get("settings", {}).items():  # what the run used, not today's defaults
            if key not in ("out", "no_plots"):
                setattr(args, key, value)
        runs, records = load_raw(args.out)
    else:
        raw = args.out / "raw"
        # before the old results are removed: committed raw files deleted would read as a dirty tree
        meta = provenance(argv) | {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
        if (args.out / "summary.json").exists() or (raw.exists() and any(raw.iterdir())):
            if not args.overwrite:
                raise SystemExit(f"{args.out} already holds results; pass --overwrite to replace them")
            shutil.rmtree(raw, ignore_errors=True)
        args.out.mkdir(parents=True, exist_ok=True)
        pin(args.client_cpus, args.client_nice)
        started = time.time()
        runner = Runner(args)
        trio.run(runner.run)
        meta["seconds"] = round(time.time() - started, 1)
        runs, records = load_raw(args.out)  # the summary is always the one --from-raw recomputes
    summary = write_results(args, meta, runs)
    if not args.no_plots:
        from bench import plots

        plots.draw(summary, records, args.out)
    print()
    for v in summary["targets"]:
        print(f"{v['verdict']}  {v['what']}: {v['rule']}, measured {v['value']:.3g} over {v['n']} runs")
    return summary


if __name__ == "__main__":
    console.run(main)
