"""The engine core process's end of the link. The compute thread (the Worker, unchanged) steps the
core loop as it does in-process; a reader thread feeds its inbox from the socket; step results go
back coalesced: each urgent result (see Worker._urgent) sends, in one frame, every result since the
last one.

Ownership: the reader thread only calls the Worker's inbox methods (put, cancel, close, stop) and
the Rebuilder; the compute thread owns the loop, the sequences and the KV slots, and `_pending`.
Sends from either thread go through `_send` (one lock), so frames never interleave."""

from __future__ import annotations

import logging
import threading
import time

from miniserve.engine.core.describe import Rebuilder
from miniserve.engine.core.wire import Add, Cancel, Close, Closed, Link, Output, Ready, Step
from miniserve.engine.loop import CoreLoop, StepResult
from miniserve.engine.sampling import SamplingParams
from miniserve.engine.core.worker import Worker
from miniserve.engine.sequence import Sequence

log = logging.getLogger("miniserve.engine.core")


def error_text(error: BaseException) -> tuple[str, str]:
    return type(error).__name__, str(error)


class CoreServer:
    def __init__(self, loop: CoreLoop, link: Link, rebuild: Rebuilder):
        self.loop, self.link, self.rebuild = loop, link, rebuild
        self.worker = Worker(loop, self._publish)
        self._pending: list[Step] = []
        self._send_lock = threading.Lock()

    def serve(self) -> int:
        """Answer until the API side drains, stops or goes; the exit code (1: the loop died of a bug)."""
        cache = self.loop.engine.cache
        self._send([Ready(cache.n_slots, cache.nbytes)])
        threading.Thread(target=self._read, name="core-link-reader", daemon=True).start()
        error = self.worker.run()
        if error is not None:
            log.error("the engine core loop died", exc_info=error)
        self._send(self._pending + [Closed(None if error is None else error_text(error))])
        return 0 if error is None else 1

    # -- the reader thread ---------------------------------------------------------------------
    def _read(self) -> None:
        while (messages := self.link.receive()) is not None:
            for message in messages:
                if isinstance(message, Add):
                    self._add(message)
                elif isinstance(message, Cancel):
                    self.worker.cancel(message.seq_id)
                elif isinstance(message, Close):
                    self.worker.close()
                else:
                    self.worker.stop()
        # The API process is gone: its sequences end with this step, and this process with them.
        self.worker.stop()

    def _add(self, m: Add) -> None:
        seqs = []
        for new in m.seqs:
            p = new.params
            try:
                params = SamplingParams(p.max_new_tokens, p.temperature, p.top_k, p.top_p, p.seed, p.stop_at_end,
                                        p.logprobs, self.rebuild.constraint(p.constraint), self.rebuild.stop(p.stop),
                                        score_tokens=p.score_tokens)
            except Exception as error:  # the API side checked it: a bug, failed like a step so nobody waits
                log.exception("cannot rebuild sequence %d", new.seq_id)
                self._send([Step((), (), (), ((new.seq_id, 0, 0),), 0, (), error_text(error), 0.0, 0,
                                 time.perf_counter(), self.loop.engine.cache.used_slots)])
                continue
            seq = Sequence(new.prompt, params, id=new.seq_id)
            seq.seed64 = new.seed64
            seqs.append(seq)
        if seqs:
            self.worker.put(seqs, m.streaming)

    # -- the compute thread --------------------------------------------------------------------
    def _publish(self, result: StepResult, urgent: bool) -> None:
        outputs = tuple(Output(o.seq_id, o.tokens, o.logprobs, o.finish_reason, o.drafted, o.accepted)
                        for o in result.outputs)
        error = None if result.error is None else error_text(result.error)
        refused = tuple((seq_id, error_text(e)) for seq_id, e in result.refused)
        self._pending.append(Step(result.left, result.admitted, refused, result.items, result.n_tokens, outputs, error,
                                  result.seconds, result.waiting, result.at, self.loop.engine.cache.used_slots))
        if urgent:
            frame, self._pending = self._pending, []
            self._send(frame)

    def _send(self, messages: list) -> None:
        try:
            with self._send_lock:
                self.link.send(messages)
        except OSError:  # the API process is gone: the reader sees it too and stops the worker
            self.worker.stop()
