"""A sentence of many misbuilt forms, sent back to back: how much does it slow another client? Against a
real `miniserve serve` on 127.0.0.1: a victim sends one sentence to `/correct` every half second, each on
a fresh connection, first alone for `--alone` seconds, then for `--seconds` beside one client that sends
the 239-character "goed goed ..." (60 misbuilt forms, as long as a sentence may be) again and again.

Each such sentence is answered (withheld: not sure), but every rule and veto reads each of its 48 forms,
in Python, holding the interpreter lock the event loop needs. It prints the victim's median, p95 and slowest
milliseconds in both phases, their p95 ratio, and the crafted sentences answered per second. Bounded:
each phase's duration, each request `--timeout`.

    python -m bench.crafted --json crafted.json
"""

from __future__ import annotations

import argparse

import trio

from bench.idleflood import one_sentence, request_of, summary
from bench.loadgen import Server
from bench.provenance import publish
from miniserve import console

CRAFTED = request_of(" ".join(["goed"] * 60)[:239])


async def victim(port: int, seconds: float, timeout: float) -> list[tuple[str, float]]:
    answers, end = [], trio.current_time() + seconds
    while trio.current_time() < end:
        status, ms = await one_sentence(port, timeout)
        answers.append((status, ms))
        await trio.sleep(max(0.0, 0.5 - ms / 1000))
    return answers


async def attacker(port: int, timeout: float, answered: list, stop: trio.Event) -> None:
    while not stop.is_set():
        status, _ = await one_sentence(port, timeout, CRAFTED)
        answered.append(status)


async def measure(args: argparse.Namespace) -> dict:
    extra = ("--api-processes", str(args.api_processes)) if args.api_processes > 1 else ()
    crafted: list[str] = []
    async with Server("continuous", extra=extra) as server:
        alone = await victim(server.port, args.alone, args.timeout)
        stop = trio.Event()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(attacker, server.port, args.timeout, crafted, stop)
            beside = await victim(server.port, args.seconds, args.timeout)
            stop.set()
    alone_, beside_ = summary(alone), summary(beside)
    return {"api_processes": args.api_processes, "alone": alone_, "beside_crafted": beside_,
            "p95_ratio": round(beside_["p95_ms"] / alone_["p95_ms"], 2),
            "crafted_answered_per_s": round(sum(s == "200" for s in crafted) / args.seconds, 1),
            "crafted_statuses": sorted(set(crafted))}


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--alone", type=console.positive(float), default=8.0, help="seconds of the victim alone")
    parser.add_argument("--seconds", type=console.positive(float), default=20.0, help="seconds beside the crafted client")
    parser.add_argument("--api-processes", type=console.positive(int), default=1)
    parser.add_argument("--timeout", type=console.positive(float), default=40.0, help="seconds before a request fails")
    parser.add_argument("--json", help="also write the result here")
    args = parser.parse_args(argv)
    result = publish(trio.run(measure, args), "bench.crafted", args.json)
    print(f"victim p95 ms: alone {result['alone']['p95_ms']}, beside the crafted sentence "
          f"{result['beside_crafted']['p95_ms']} (x{result['p95_ratio']}); crafted answered/s "
          f"{result['crafted_answered_per_s']}")


if __name__ == "__main__":
    console.run(main)
