"""What the engine core process's link costs: one round trip, measured two ways in one run.

    python -m bench.link [--n 2000] [--requests 300]

1. The link alone: an Add message (a 26-token prompt, sampling parameters) goes through a unix
   socket pair to a thread that decodes it and answers one Step (one token, as a decode step
   reports it), which is decoded: encode, send, wake, decode, both ways. Microseconds per round trip.
2. Through the engine: one-token requests (the shipped tutor, greedy), one at a time, from `put`
   to the published result, with the compute thread in this process (the Worker) and in the engine
   core process (RemoteWorker), alternating one request each. The median of each, their ratio and
   their difference: what a request pays for the second process, engine step included in both.
"""

from __future__ import annotations

import socket
import statistics
import threading
import time
from pathlib import Path

from miniserve.config import Settings
from miniserve.engine import SamplingParams, Sequence
from miniserve.engine.core.wire import Add, Link, Output, Params, Step, ToApi, ToCore
from miniserve import console

PROMPT = list(range(100, 126))


def link_round_trip_us(n: int) -> float:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    api, core = Link(ours, ToApi), Link(theirs, ToCore)

    def echo():
        while (messages := core.receive()) is not None:
            seq_id = messages[0].seq_id
            core.send([Step((), (), ((seq_id, 1, 26),), 1, (Output(seq_id, (7,), None, None, 0, 0),), None,
                            0.0005, 0, time.perf_counter(), 1)])

    threading.Thread(target=echo, daemon=True).start()
    params = Params(64, 0.0, 0, 1.0, None, True, None, None, None, 0)
    for i in range(50):  # warm-up
        api.send([Add(i, PROMPT, params, i, False)])
        api.receive()
    started = time.perf_counter()
    for i in range(n):
        api.send([Add(i, PROMPT, params, i, False)])
        api.receive()
    elapsed = time.perf_counter() - started
    ours.close()
    return elapsed / n * 1e6


class Timed:
    """One compute side (a Worker or a RemoteWorker) on its own thread, timing one request at a time."""

    def __init__(self, make_worker):
        self.done = threading.Event()
        self.worker = make_worker(self._publish)
        self.thread = threading.Thread(target=self.worker.run, daemon=True)
        self.thread.start()
        self.latencies: list[float] = []

    def _publish(self, result, urgent):
        if any(o.finish_reason for o in result.outputs):
            self.done.set()

    def request(self, keep: bool) -> None:
        """Seconds from put to the published finish of a one-token request."""
        self.done.clear()
        started = time.perf_counter()
        self.worker.put(Sequence(list(PROMPT), SamplingParams(max_new_tokens=1, stop_at_end=False)))
        self.done.wait()
        if keep:
            self.latencies.append(time.perf_counter() - started)

    def close(self) -> None:
        self.worker.close()
        self.thread.join()


def main(argv: list[str] | None = None) -> None:
    parser = console.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=console.positive(int), default=2000, help="link-alone round trips")
    parser.add_argument("--requests", type=console.positive(int), default=300, help="one-token requests per mode")
    args = parser.parse_args(argv)
    from miniserve.engine.core.build import build_engine, build_loop
    from miniserve.engine.core.client import CoreProcess
    from miniserve.engine.core.remote_worker import RemoteWorker
    from miniserve.engine.core.worker import Worker
    from miniserve.tutor import model_folder

    folder: Path = model_folder()
    settings = Settings(max_batch=1, speculate=0)
    print(f"link alone: {link_round_trip_us(args.n):.1f} us per round trip (Add out, Step back), n={args.n}")
    engine = build_engine(settings, folder)
    engine.warmup()
    inside = Timed(lambda publish: Worker(build_loop(engine, settings), publish))
    core = CoreProcess(Settings(max_batch=1, speculate=0, engine_process=1), folder)
    outside = Timed(lambda publish: RemoteWorker(core, publish))
    for i in range(args.requests + 20):  # alternated, so that both see the same neighbours; 20 to warm up
        inside.request(keep=i >= 20)
        outside.request(keep=i >= 20)
    inside.close()
    outside.close()
    a, b = statistics.median(inside.latencies) * 1e6, statistics.median(outside.latencies) * 1e6
    print(f"one-token request, put -> finish, median of {args.requests} each, alternated: in-process {a:.0f} us, "
          f"core process {b:.0f} us, ratio {b / a:.2f}, difference {b - a:.0f} us")

if __name__ == "__main__":
    console.run(main)
