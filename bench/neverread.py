"""Clients that never read: do they lock the others out? Against a real `miniserve serve` on
127.0.0.1 (default settings), two phases of `--seconds` each, in one run:

1. alone: `--singles` closed-loop clients each send one sentence to `/correct`, again and again;
2. beside never-reading streams: the same, while up to `--streams` raw sockets (SO_RCVBUF 4 KiB)
   each send a `/v1/completions` stream (n=8, logprobs=5, 160 tokens, ignore_eos), read its status
   line and then nothing more (a 503 is closed and tried again a little later, as an attacker would).

It prints the single sentences answered per second in both phases and their ratio, the singles
refused, how many streams were accepted, and how many of their connections the server had closed
by the end (its write deadline). Bounded: each phase `--seconds` (+1 s warm-up), each request
`--timeout`, at most `--streams` accepted streams.

    python -m bench.neverread --json neverread.json
"""

from __future__ import annotations

import argparse
import json
import socket

import trio

from bench.fairness import closed_loop
from bench.http1 import Pool
from bench.loadgen import LOOPBACK, Server, sample_sentences
from bench.provenance import publish
from miniserve import console

STREAM = {"model": "miniserve-tutor", "prompt": "He goed to school", "n": 8, "logprobs": 5, "max_tokens": 160,
          "ignore_eos": True, "stream": True}


async def never_reading(port: int) -> tuple[int, trio.socket.SocketType]:
    """Open a connection with a small receive buffer, send the stream request, read only its status."""
    sock = trio.socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    await sock.connect((LOOPBACK, port))
    body = json.dumps(STREAM).encode()
    await sock.send(b"POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    status = await sock.recv(12)  # "HTTP/1.1 200"
    return int(status[9:12]) if len(status) == 12 else 0, sock


async def attack(port: int, streams: int, seconds: float, held: list, tries: list) -> None:
    """Accept up to `streams` never-read streams within `seconds`, retrying refusals every 0.1 s."""
    with trio.move_on_after(seconds):
        while len(held) < streams:
            status, sock = await never_reading(port)
            tries.append(status)
            if status == 200:
                held.append(sock)
            else:
                sock.close()
                await trio.sleep(0.1)


async def closed_by_server(sock, closed: list) -> None:
    """Has the server closed this connection (its write deadline)? Reading now ends or fails then;
    an open one answers the rest of its stream and then stays quiet for a second."""
    try:
        with trio.move_on_after(1.0):
            while await sock.recv(1 << 20):
                pass
            closed.append(sock)
    except OSError:
        closed.append(sock)


async def measure(args: argparse.Namespace) -> dict:
    singles = [json.dumps({"sentence": s}).encode() for s in sample_sentences(512, seed=1)]
    held, tries = [], []
    async with Server("continuous") as server:
        pool = Pool(LOOPBACK, server.port)
        alone = await closed_loop(pool, "/correct", singles, args.singles, args.seconds, args.timeout)
        await server.idle()
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(attack, server.port, args.streams, args.seconds + 1, held, tries)
                beside = await closed_loop(pool, "/correct", singles, args.singles, args.seconds, args.timeout)
            closed = []
            async with trio.open_nursery() as nursery:
                for sock in held:
                    nursery.start_soon(closed_by_server, sock, closed)
        finally:
            for sock in held:
                sock.close()
    rate = lambda outcomes: round(outcomes.get("200", 0) / args.seconds, 1)  # noqa: E731
    return {"seconds": args.seconds, "singles": args.singles, "stream": STREAM,
            "alone": {"outcomes": alone, "answered_per_s": rate(alone)},
            "beside_never_read": {"outcomes": beside, "answered_per_s": rate(beside)},
            "ratio": round(rate(beside) / max(rate(alone), 1e-9), 3), "singles_refused": beside.get("503", 0),
            "streams_accepted": len(held), "stream_tries_refused": sum(s != 200 for s in tries),
            "streams_closed_by_server_at_end": len(closed)}


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--singles", type=console.positive(int), default=16, help="closed-loop single-sentence clients")
    parser.add_argument("--streams", type=console.positive(int), default=96, help="never-read streams to hold at most")
    parser.add_argument("--seconds", type=console.positive(float), default=20.0, help="length of each phase")
    parser.add_argument("--timeout", type=console.positive(float), default=30.0, help="seconds before a request counts as timed out")
    parser.add_argument("--json", help="also write the result here")
    args = parser.parse_args(argv)
    result = publish(trio.run(measure, args), "bench.neverread", args.json)
    print(f"single sentences answered/s: alone {result['alone']['answered_per_s']}, beside never-read streams "
          f"{result['beside_never_read']['answered_per_s']} (ratio {result['ratio']}); "
          f"refused {result['singles_refused']}; "
          f"streams accepted {result['streams_accepted']}, closed by the server by the end "
          f"{result['streams_closed_by_server_at_end']}")


if __name__ == "__main__":
    console.run(main)
