"""Fairness: do paragraphs crowd out single sentences? Against a real `miniserve serve` on 127.0.0.1
(default settings), two phases of `--seconds` each, in one run:

1. alone: `--singles` closed-loop clients each send one sentence to `/correct`, again and again;
2. beside paragraphs: the same, while `--paragraphs` closed-loop clients each send a 64-sentence
   `text` (within the 2,000-character limit), waiting one second (the least Retry-After) after a 503.

It prints the single sentences answered per second in both phases and their ratio (target >= 0.5),
the single sentences refused (target 0: they are far below capacity), and the paragraphs answered
and refused. Bounded: each phase `--seconds` (+1 s warm-up), each request `--timeout`.

    python -m bench.fairness --json fairness.json
"""

from __future__ import annotations

import argparse
import json

import trio

from bench.http1 import Pool
from bench.loadgen import LOOPBACK, Server, sample_sentences
from bench.provenance import publish
from bench.workload import MAX_TEXT_CHARS
from miniserve.service.paragraph import sentences as split
from miniserve import console

PARAGRAPH_SENTENCES = 64


def paragraph_text(sentences: list[str], n: int = PARAGRAPH_SENTENCES) -> str:
    """`n` of the shortest sentences, each ending in a stop, joined within the paragraph limit; one
    that the server's splitter would join to the one before (after "fed.", say) is skipped."""
    chosen = []
    for sentence in sorted({s if s[-1] in ".!?" else s + "." for s in sentences}, key=lambda s: (len(s), s)):
        if len(chosen) == n:
            break
        if len(split(" ".join([*chosen, sentence]))) == len(chosen) + 1:
            chosen.append(sentence)
    text = " ".join(chosen)
    if len(chosen) < n or len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"no {n} sentences fit {MAX_TEXT_CHARS} characters")
    return text


async def closed_loop(pool: Pool, path: str, bodies: list[bytes], clients: int, seconds: float, timeout: float,
                      pause_after_503: float = 0.0) -> dict[str, int]:
    """`clients` clients sending `bodies` in turn for 1 + `seconds` s; outcomes (status or error) of
    the requests that ended in the last `seconds` (the first second warms up)."""
    outcomes: dict[str, int] = {}
    start = trio.current_time()

    async def client(i: int):
        n = i
        while trio.current_time() - start < seconds + 1:
            outcome = "timeout"
            with trio.move_on_after(timeout):
                try:
                    outcome = str((await pool.post(path, bodies[n % len(bodies)])).status)
                except (OSError, trio.BrokenResourceError, ValueError) as error:
                    outcome = type(error).__name__
            if trio.current_time() - start >= 1:
                outcomes[outcome] = outcomes.get(outcome, 0) + 1
            if outcome == "503" and pause_after_503:
                await trio.sleep(pause_after_503)
            n += clients

    with trio.fail_after(seconds + timeout + 30):
        async with trio.open_nursery() as nursery:
            for i in range(clients):
                nursery.start_soon(client, i)
    return outcomes


async def measure(args: argparse.Namespace) -> dict:
    sentences = sample_sentences(512, seed=1)
    singles = [json.dumps({"sentence": s}).encode() for s in sentences]
    paragraph = json.dumps({"text": paragraph_text(sentences)}).encode()
    async with Server("continuous") as server:
        pool = Pool(LOOPBACK, server.port)
        alone = await closed_loop(pool, "/correct", singles, args.singles, args.seconds, args.timeout)
        await server.idle()
        async with trio.open_nursery() as nursery:
            beside, paragraphs = {}, {}

            async def paragraph_clients():
                own_pool = Pool(LOOPBACK, server.port)
                paragraphs.update(await closed_loop(own_pool, "/correct", [paragraph], args.paragraphs, args.seconds,
                                                    args.timeout, pause_after_503=1.0))
            nursery.start_soon(paragraph_clients)
            beside.update(await closed_loop(pool, "/correct", singles, args.singles, args.seconds, args.timeout))
    rate = lambda outcomes: round(outcomes.get("200", 0) / args.seconds, 1)  # noqa: E731
    return {"seconds": args.seconds, "singles": args.singles, "paragraph_clients": args.paragraphs,
            "paragraph_sentences": PARAGRAPH_SENTENCES,
            "alone": {"outcomes": alone, "answered_per_s": rate(alone)},
            "beside_paragraphs": {"outcomes": beside, "answered_per_s": rate(beside)},
            "paragraphs": {"outcomes": paragraphs, "answered_per_s": rate(paragraphs)},
            "ratio": round(rate(beside) / max(rate(alone), 1e-9), 3),
            "singles_refused": beside.get("503", 0)}


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--singles", type=console.positive(int), default=16, help="closed-loop single-sentence clients")
    parser.add_argument("--paragraphs", type=console.positive(int), default=4, help="closed-loop paragraph clients")
    parser.add_argument("--seconds", type=console.positive(float), default=10.0, help="length of each phase")
    parser.add_argument("--timeout", type=console.positive(float), default=30.0, help="seconds before a request counts as timed out")
    parser.add_argument("--json", help="also write the result here")
    args = parser.parse_args(argv)
    result = publish(trio.run(measure, args), "bench.fairness", args.json)
    print(f"single sentences answered/s: alone {result['alone']['answered_per_s']}, beside {args.paragraphs} paragraph "
          f"clients {result['beside_paragraphs']['answered_per_s']} (ratio {result['ratio']}, target >= 0.5); "
          f"singles refused {result['singles_refused']} (target 0); paragraphs answered "
          f"{result['paragraphs']['outcomes'].get('200', 0)}, refused {result['paragraphs']['outcomes'].get('503', 0)}")


if __name__ == "__main__":
    console.run(main)
