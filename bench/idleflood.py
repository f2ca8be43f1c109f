"""Connections that send nothing: do they cost the server, or its other clients? Against a real
`miniserve serve` on 127.0.0.1: a victim sends one sentence to `/correct` every half second, each on a
fresh connection (`Connection: close`), while one address opens `--connections` TCP connections that
send no byte (as fast as it can, for at most `--open-seconds`; with `--first-line` each sends the first
line of a request and never the rest), holds them `--hold` seconds, and closes them all at once.

It prints the victim's answers by phase (alone, while the connections arrive, while they are held,
after they close: slowest and median milliseconds, statuses) and the server process's descriptors and
resident memory before, held and after. Bounded: each phase's duration, each victim request
`--timeout`, at most `--connections` sockets (capped by this process's descriptor limit).

    python -m bench.idleflood --json idleflood.json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import time

import trio

from bench.loadgen import LOOPBACK, Server, percentile
from bench.provenance import publish
from miniserve import console



def server_state(pid: int) -> dict:
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    return {"descriptors": len(os.listdir(f"/proc/{pid}/fd")), "rss_mb": rss // 1024}


def request_of(sentence: str) -> bytes:
    """A `/correct` request for `sentence` that closes its connection."""
    body = json.dumps({"sentence": sentence}).encode()
    return (b"POST /correct HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body))


REQUEST = request_of("He goed to school.")


async def one_sentence(port: int, timeout: float, request: bytes = REQUEST) -> tuple[str, float]:
    """(status, milliseconds) of one request (a sentence) on a fresh connection; the status is the error's
    name if it failed ("timeout", "closed" for a close without an answer, or the OSError's)."""
    start = time.monotonic()
    data, status = b"", "timeout"
    with trio.move_on_after(timeout):
        try:
            stream = await trio.open_tcp_stream(LOOPBACK, port)
            async with stream:
                await stream.send_all(request)
                while chunk := await stream.receive_some(65536):
                    data += chunk
            status = data[9:12].decode() if data.startswith(b"HTTP/1.1 ") and len(data) >= 12 else "closed"
        except OSError as error:
            status = type(error).__name__ + (f" {error.errno}" if error.errno else "")
    return status, (time.monotonic() - start) * 1000


async def victim(port: int, timeout: float, phase: list, answers: dict, stop: trio.Event) -> None:
    """One sentence every half second (or right after a slower one), filed under the phase it began in."""
    while not stop.is_set():
        began = phase[0]
        status, ms = await one_sentence(port, timeout)
        answers.setdefault(began, []).append((status, round(ms, 1)))
        with trio.move_on_after(max(0.0, 0.5 - ms / 1000)):
            await stop.wait()


def open_idle(port: int, count: int, seconds: float, first_line: bytes = b"") -> tuple[list[socket.socket], int]:
    """Up to `count` connections that send nothing (or only `first_line`), opened without waiting for
    each handshake; with how many sent their first line."""
    socks, deadline = [], time.monotonic() + seconds
    while len(socks) < count and time.monotonic() < deadline:
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.connect((LOOPBACK, port))
        except BlockingIOError:
            pass
        except OSError:  # the local ports or the backlog ran out: stop here
            sock.close()
            break
        socks.append(sock)
    sent = 0
    for sock in socks if first_line else ():  # once connected: a request's first line, and never the rest
        try:
            sent += sock.send(first_line) == len(first_line)
        except OSError:  # not connected yet (or refused): it stays silent
            pass
    return socks, sent


def summary(answers: list[tuple[str, float]]) -> dict:
    """A victim's answers (status, milliseconds): how many, by status, and their median, p95 and slowest."""
    ms = [m for _, m in answers]
    statuses: dict[str, int] = {}
    for status, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    if not ms:
        return {"answers": 0, "statuses": statuses, "median_ms": None, "p95_ms": None, "slowest_ms": None}
    return {"answers": len(ms), "statuses": statuses, "median_ms": round(statistics.median(ms), 1),
            "p95_ms": round(percentile(ms, 95), 1), "slowest_ms": round(max(ms), 1)}


async def measure(args: argparse.Namespace) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    count = min(args.connections, hard - 64)
    extra = ("--api-processes", str(args.api_processes)) if args.api_processes > 1 else ()
    phase, answers, states, stop = ["alone"], {}, {}, trio.Event()
    async with Server("continuous", extra=extra) as server:
        pid = server.process.pid
        states["before"] = server_state(pid)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(victim, server.port, args.timeout, phase, answers, stop)
            await trio.sleep(args.alone)
            phase[0] = "arriving"
            first_line = b"GET /healthz HTTP/1.1\r\n" if args.first_line else b""
            socks, sent = await trio.to_thread.run_sync(open_idle, server.port, count, args.open_seconds, first_line)
            phase[0] = "held"
            opened = len(socks)
            await trio.sleep(args.hold)
            states["held"] = server_state(pid)
            phase[0] = "closing"
            for sock in socks:
                sock.close()
            await trio.sleep(args.after)
            states["after"] = server_state(pid)
            stop.set()
        metrics = await one_metrics(server.port)
    return {"connections_opened": opened, "first_lines_sent": sent, "api_processes": args.api_processes, "server": states,
            "victim": {name: summary(answers.get(name, [])) for name in ("alone", "arriving", "held", "closing")},
            "closed_idle": metrics}


async def one_metrics(port: int) -> dict:
    stream = await trio.open_tcp_stream(LOOPBACK, port)
    data = b""
    async with stream:
        await stream.send_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        with trio.move_on_after(10):
            while chunk := await stream.receive_some(65536):
                data += chunk
    counts = {}
    for line in data.decode("latin-1").splitlines():
        if line.startswith("miniserve_connections_closed_idle_total{"):
            counts[line.split('reason="')[1].split('"')[0]] = float(line.split()[-1])
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=console.positive(int), default=19_900, help="idle connections to open at most")
    parser.add_argument("--open-seconds", type=console.positive(float), default=15.0, help="time to open them in, at most")
    parser.add_argument("--hold", type=console.positive(float), default=8.0, help="seconds to hold them open")
    parser.add_argument("--alone", type=console.positive(float), default=3.0, help="seconds of the victim alone first")
    parser.add_argument("--after", type=console.positive(float), default=6.0, help="seconds measured after the close")
    parser.add_argument("--first-line", action="store_true",
                        help="each connection sends a request's first line and nothing more (slowloris)")
    parser.add_argument("--api-processes", type=console.positive(int), default=1)
    parser.add_argument("--timeout", type=console.positive(float), default=40.0, help="seconds before a victim request fails")
    parser.add_argument("--json", help="also write the result here")
    args = parser.parse_args(argv)
    result = publish(trio.run(measure, args), "bench.idleflood", args.json)
    print("victim slowest ms: " + ", ".join(f"{name} {v['slowest_ms']}" for name, v in result["victim"].items())
          + f"; server held {result['server']['held']}")


if __name__ == "__main__":
    console.run(main)
