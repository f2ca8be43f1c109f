"""The Worker's interface (put, cancel, close, stop, run; see worker.py) on the API side, with the
compute thread in the engine core process. The Scheduler cannot tell the two apart.

`run` is the scheduler's thread (it runs in `trio.to_thread.run_sync` as Worker.run does): it reads
the core's frames and publishes each step result, the last of a frame as urgent (the core sends a
frame when the result is urgent, so the ones before it ride along, as in-process). The other
methods are called from the event loop and only send (under `_lock`, so frames never interleave)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

from miniserve.engine.core.client import CoreDied, CoreHandle
from miniserve.engine.core.describe import describe_constraint, describe_stop
from miniserve.engine.core.wire import Add, Cancel, Close, Closed, NewSequence, Params, Step, Stop
from miniserve.engine.loop import StepResult
from miniserve.engine.output import StepOutput
from miniserve.engine.sequence import Sequence


def remote_error(name: str, message: str) -> Exception:
    """The core's exception as one of the same type name (the scheduler reports `type: message`)."""
    return type(name, (Exception,), {})(message)


def step_result(m: Step) -> StepResult:
    outputs = tuple(StepOutput(o.seq_id, o.tokens, o.logprobs, o.finish_reason, o.drafted, o.accepted)
                    for o in m.outputs)
    error = None if m.error is None else remote_error(*m.error)
    refused = tuple((seq_id, remote_error(*e)) for seq_id, e in m.refused)
    return StepResult(m.left, m.admitted, refused, m.items, m.n_tokens, outputs, error, m.seconds, m.waiting, m.at)


class RemoteWorker:
    phase = "remote"  # the in-process Worker's idle | filling | stepping happens in the core

    def __init__(self, core: CoreHandle, publish: Callable[[StepResult, bool], None]):
        self.core, self.publish = core, publish
        self._lock = threading.Lock()
        self._stopping = False

    def put(self, seqs: list[Sequence], streaming: bool = False) -> None:
        """One request's sequences, in one message (they take turns with other requests' in the core)."""
        new = []
        for seq in seqs:
            p = seq.params
            try:
                params = Params(p.max_new_tokens, p.temperature, p.top_k, p.top_p, p.seed, p.stop_at_end, p.logprobs,
                                describe_constraint(p.constraint), describe_stop(p.stop), p.score_tokens)
            except ValueError as error:  # a kind the core cannot rebuild: this sequence fails, as a failed step
                self.publish(StepResult((), (), (), ((seq.id, 0, 0),), 0, (), error, 0.0, 0, time.perf_counter()), True)
                continue
            new.append(NewSequence(seq.id, seq.prompt, params, seq.seed64))
        if new:
            self._send(Add(tuple(new), streaming))

    def cancel(self, seq_id: int) -> None:
        self._send(Cancel(seq_id))

    def close(self) -> None:
        self._send(Close())

    def stop(self) -> None:
        """The core stops after its current step; `run` returns now (the scheduler fails the rest)."""
        self._stopping = True
        self._send(Stop())
        try:
            self.core.link.sock.shutdown(socket.SHUT_RD)  # wakes `run` from its receive
        except OSError:
            pass

    def _send(self, message) -> None:
        try:
            with self._lock:
                self.core.link.send([message])
        except OSError:  # the core is gone: `run` sees the end of the stream and says so
            pass

    def run(self) -> Exception | None:
        """Until the core says Closed (drained: None, or the error that killed its loop), or stop()
        is called (None); CoreDied if the stream ends first. The core process is reaped either way."""
        try:
            while (messages := self.core.link.receive()) is not None:
                last = len(messages) - 1
                for i, message in enumerate(messages):
                    if isinstance(message, Step):
                        self.core.cache.used_slots = message.used_slots
                        self.publish(step_result(message), i == last)
                    elif isinstance(message, Closed):
                        return None if message.error is None else remote_error(*message.error)
            if self._stopping:
                return None
            return CoreDied(f"the engine core process {self.core.describe_exit(1.0)}")
        finally:
            self.core.reap()
