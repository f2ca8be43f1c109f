"""Clients that send a paragraph and leave at once: do they starve the others? Against a real
`miniserve serve` on 127.0.0.1, one "victim" sends a sentence to `/correct` every `--interval`
seconds through three phases of `--seconds` each:

1. alone;
2. beside `--leavers` connections, each sending a 2,000-character paragraph to `/correct` and closing
   its socket at once, again and again (5 ms apart), as a flood of impatient or hostile clients would;
3. after them.

It prints the victim's latency (p50, p95, max) in each phase, how many paragraphs were sent, how
many the server logged as 499 (its client left first) and how many sequences the engine was handed
during the flood (from /metrics: what the paragraphs of clients who had gone still cost it).
Bounded: each phase `--seconds`, each request `--timeout`, each leaver at most `--most` paragraphs.

    python -m bench.leavers --json leavers.json
"""

from __future__ import annotations

import argparse
import json

import trio

from bench.http1 import Pool
from bench.loadgen import LOOPBACK, Server, percentile
from bench.provenance import publish
from miniserve import console

# Three long sentences, each with several verb errors: much for the plan, the engine and the parser.
HARD = ["The teachers who has been working at the school which my brother attend since he were young says that the "
        "students that goes there doesn't knows why the books they has readed was took away.",
        "If he would have knew that the manager who run the shop were going to closed it, he would has telled his "
        "friends, who was waiting outside and who hasn't ate anything since they arrived.",
        "My sister, whose friends has always believed that she don't like the city where we was born, have decided "
        "to moved there next year because the job that she were offered pay more than the one she have now."]
PARAGRAPH = " ".join(HARD * 6)[:2000].rsplit(".", 1)[0] + "."
VICTIM = json.dumps({"sentence": "He goed to school."}).encode()
LEFT = 'miniserve_requests_total{route="/correct",status="499"}'
HANDED = "miniserve_queue_time_seconds_count"  # every sequence the engine was handed


async def victim(pool: Pool, seconds: float, interval: float, timeout: float) -> dict:
    """One request every `interval` s for `seconds`: its latencies (s) and outcomes."""
    latencies, outcomes = [], {}
    start = trio.current_time()
    while (sent := trio.current_time()) - start < seconds:
        outcome = "timeout"
        with trio.move_on_after(timeout):
            try:
                outcome = str((await pool.post("/correct", VICTIM)).status)
            except (OSError, trio.BrokenResourceError, ValueError) as error:
                outcome = type(error).__name__
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if outcome == "200":
            latencies.append(trio.current_time() - sent)
        await trio.sleep_until(sent + interval)  # pacing: an open-loop client, not a wait for a signal
    ms = lambda q: round(1000 * percentile(latencies, q), 1) if latencies else None  # noqa: E731
    return {"outcomes": outcomes, "p50_ms": ms(50), "p95_ms": ms(95), "max_ms": ms(100)}


async def leaver(port: int, until: float, most: int, sent: list) -> None:
    request = (b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
               % (len(body := json.dumps({"text": PARAGRAPH}).encode()), body))
    for _ in range(most):
        if trio.current_time() >= until:
            return
        with trio.move_on_after(max(until - trio.current_time(), 0)):
            try:
                stream = await trio.open_tcp_stream(LOOPBACK, port)
                await stream.send_all(request)
                await stream.aclose()
                sent.append(1)
            except OSError:
                pass
        await trio.sleep(0.005)


async def scrape(pool: Pool) -> dict[str, float]:
    text = (await pool.get("/metrics")).body.decode()
    pick = lambda name: sum(float(l.split()[-1]) for l in text.splitlines() if l.startswith(name))  # noqa: E731,E741
    return {"left": pick(LEFT), "handed": pick(HANDED)}


async def measure(args: argparse.Namespace) -> dict:
    sent: list[int] = []
    async with Server("continuous") as server:
        pool = Pool(LOOPBACK, server.port)
        alone = await victim(pool, args.seconds, args.interval, args.timeout)
        before = await scrape(pool)
        until = trio.current_time() + args.seconds
        async with trio.open_nursery() as nursery:
            for _ in range(args.leavers):
                nursery.start_soon(leaver, server.port, until, args.most, sent)
            beside = await victim(pool, args.seconds, args.interval, args.timeout)
        during = await scrape(pool)
        after = await victim(pool, args.seconds, args.interval, args.timeout)
        await pool.aclose()
    return {"seconds": args.seconds, "interval": args.interval, "leavers": args.leavers,
            "paragraph_chars": len(PARAGRAPH), "alone": alone, "beside_leavers": beside, "after": after,
            "paragraphs_sent": len(sent), "server_logged_499": int(during["left"] - before["left"]),
            "sequences_handed_during_flood": int(during["handed"] - before["handed"])}


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--leavers", type=console.positive(int), default=8, help="connections sending and leaving")
    parser.add_argument("--seconds", type=console.positive(float), default=20.0, help="length of each phase")
    parser.add_argument("--interval", type=console.positive(float), default=0.5, help="seconds between victim requests")
    parser.add_argument("--most", type=console.positive(int), default=5000, help="paragraphs per leaver at most")
    parser.add_argument("--timeout", type=console.positive(float), default=30.0, help="seconds before a request counts as timed out")
    parser.add_argument("--json", help="also write the result here")
    args = parser.parse_args(argv)
    result = publish(trio.run(measure, args), "bench.leavers", args.json)
    print(" | ".join(f"{phase}: victim p50 {result[phase]['p50_ms']} ms, p95 {result[phase]['p95_ms']} ms"
                     for phase in ("alone", "beside_leavers", "after"))
          + f" | paragraphs sent {result['paragraphs_sent']}, logged 499 {result['server_logged_499']}, "
            f"engine sequences handed during the flood {result['sequences_handed_during_flood']}")


if __name__ == "__main__":
    console.run(main)
