"""One replica alone against two behind HAProxy (deploy/haproxy/haproxy.cfg), under the same
open-loop load (bench.loadgen), on this machine's loopback. It shows what a two-core machine can and
cannot say about scaling out: the replicas, HAProxy and the load generator share the same cores.

    python -m bench.balanced --rates 100 200 --seconds 6 --json docs/results/balanced.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import trio

from bench.loadgen import LOOPBACK, Server, free_port, poisson_schedule, run_load, sample_sentences, summarize
from miniserve import console

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "haproxy" / "haproxy.cfg"


class Balancer:
    """HAProxy with the deploy config in front of two replicas; waits until both are UP."""

    def __init__(self, replicas: list[Server], max_batch: int, max_queue: int):
        self.port = free_port()
        self.url = f"http://{LOOPBACK}:{self.port}"
        self.folder = Path(tempfile.mkdtemp(prefix="miniserve-balanced-"))
        self.env = dict(os.environ, MINISERVE_LB_BIND=f"{LOOPBACK}:{self.port}",
                        MINISERVE_LB_STATS=str(self.folder / "haproxy.sock"),
                        MINISERVE_REPLICA_1=f"{LOOPBACK}:{replicas[0].port}",
                        MINISERVE_REPLICA_2=f"{LOOPBACK}:{replicas[1].port}",
                        MINISERVE_REPLICA_MAXCONN=str(max_batch + max_queue))

    async def __aenter__(self) -> "Balancer":
        self.log = open(self.folder / "haproxy.log", "w")
        self.process = subprocess.Popen([shutil.which("haproxy") or "/usr/sbin/haproxy", "-db", "-f", str(CONFIG)],
                                        env=self.env, stdout=self.log, stderr=self.log)
        with trio.fail_after(30):  # both replicas pass two health checks (rise 2, inter 1 s)
            while await self.up() < 2:
                await trio.sleep(0.2)
        return self

    async def up(self) -> int:
        try:
            stream = await trio.open_unix_socket(str(self.folder / "haproxy.sock"))
        except OSError:
            return 0
        async with stream:
            await stream.send_all(b"show stat\n")
            text = b""
            while chunk := await stream.receive_some():
                text += chunk
        return sum(line.startswith("replicas,r") and ",UP," in line for line in text.decode().splitlines())

    async def __aexit__(self, *exc) -> None:
        self.process.kill()
        self.process.wait(10)
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


async def one_run(replicas: int, rate: float, seconds: float, max_batch: int, max_queue: int) -> dict:
    n = int(rate * seconds)
    offsets, sentences = poisson_schedule(rate, n, seed=0), sample_sentences(n, seed=0)
    if replicas == 1:
        async with Server("continuous", max_batch, max_queue) as server:
            records = await run_load(server.url, sentences, offsets)
    else:
        async with Server("continuous", max_batch, max_queue) as a, Server("continuous", max_batch, max_queue) as b:
            async with Balancer([a, b], max_batch, max_queue) as balancer:
                records = await run_load(balancer.url, sentences, offsets)
    return {"replicas": replicas, "rate": rate, "summary": summarize(records)}


async def run(args) -> list[dict]:
    results = []
    for rate in args.rates:
        for replicas in (1, 2):
            result = await one_run(replicas, rate, args.seconds, args.max_batch, args.max_queue)
            s = result["summary"]
            print(f"{replicas} replica(s) @ {rate:g}/s: {s['ok']}/{s['requests']} answered, {s['throughput_rps']} req/s, "
                  f"p50 {s['latency_s']['p50']} s, p95 {s['latency_s']['p95']} s, errors {s['errors']}")
            results.append(result)
    return results


def main(argv: list[str] | None = None) -> None:
    p = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rates", type=console.positive(float), nargs="+", default=[100.0, 200.0])
    p.add_argument("--seconds", type=console.positive(float), default=6.0)
    p.add_argument("--max-batch", type=console.positive(int), default=32)
    p.add_argument("--max-queue", type=int, default=64)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    started = time.time()
    results = trio.run(run, args)
    if args.json:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        model = ROOT / "miniserve" / "tutor" / "model" / "model.safetensors"
        args.json.write_text(json.dumps({
            "command": "python -m bench.balanced " + " ".join(argv if argv is not None else sys.argv[1:]),
            "commit": commit, "model_sha256": hashlib.sha256(model.read_bytes()).hexdigest(),
            "machine": f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.platform()}",
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)), "seconds": round(time.time() - started, 1),
            "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    console.run(main)
