"""The engine core process's end of the links. The compute thread (the Worker, unchanged) steps the
core loop as it does in-process; one reader thread per link feeds its inbox from the socket; step
results go back coalesced: each urgent result (see Worker._urgent) sends, on every link, every
result for it since the last one.

Links. The `owner` (the process that started the core) may drain it (Close) or stop it (Stop, or
its end of the socket going away). With `--api-processes N`, the owner is the supervisor and sends
no work; the N API processes connect to a listening unix socket, and each such link is a client:
its Close waits for its own sequences only, and its end (the API process died) cancels them, so
their KV slots are free before the next step. Each link numbers its sequences from 0: the core
keeps them apart as `link index << ID_BITS | the link's id` and hands each result to its link.

Ownership: the reader threads only call the Worker's inbox methods and the Rebuilder; the compute
thread owns the loop, the sequences and the KV slots; a link's `pending` and `live` are shared
under its lock, which every send holds too, so frames never interleave."""

from __future__ import annotations

import itertools
import logging
import socket
import threading
import time
from dataclasses import dataclass, field

from miniserve.engine.core.describe import Rebuilder
from miniserve.engine.core.wire import Add, Cancel, Close, Closed, Link, Output, Ready, Step, ToCore
from miniserve.engine.loop import CoreLoop, StepResult
from miniserve.engine.sampling import SamplingParams
from miniserve.engine.core.worker import Worker
from miniserve.engine.sequence import Sequence

log = logging.getLogger("miniserve.engine.core")

ID_BITS = 40  # an API process's sequence ids stay below 2**40 (a trillion sequences)
ID_MASK = (1 << ID_BITS) - 1


def error_text(error: BaseException) -> tuple[str, str]:
    return type(error).__name__, str(error)


@dataclass(eq=False)
class Peer:
    """One link, as the core sees it."""

    index: int
    link: Link
    owner: bool
    lock: threading.Lock = field(default_factory=threading.Lock)
    live: set[int] = field(default_factory=set)  # core ids sent and not finished (under `lock`)
    pending: list[Step] = field(default_factory=list)  # results not sent yet (under `lock`)
    closing: bool = False  # a client's Close: Closed once `live` is empty
    gone: bool = False
    heard_used: int | None = None  # the KV slots in use as this link last heard; None: it never had a sequence
    # (the supervisor's link reads no steps: sent to it, they would fill its socket and block the compute thread)

    def append(self, step: Step) -> None:
        with self.lock:
            self.pending.append(step)

    def flush(self, *last) -> bool:
        """Send what is pending (then `last`) in one frame; False if the other side has gone."""
        with self.lock:
            frame, self.pending = self.pending + list(last), []
            if self.gone or not frame:
                return not self.gone
            try:
                self.link.send(frame)
                return True
            except OSError:
                self.gone = True
                return False


class CoreServer:
    def __init__(self, loop: CoreLoop, rebuild: Rebuilder, metrics=None):
        """`metrics`: a Metrics the core observes its steps and KV slots into (with several API
        processes, in prometheus-client's multiprocess directory); None: the API side counts them."""
        self.loop, self.rebuild, self.metrics = loop, rebuild, metrics
        self.worker = Worker(loop, self._publish)
        self._peers: dict[int, Peer] = {}
        self._peers_lock = threading.Lock()
        self._indices = itertools.count()

    def serve(self, owner: Link, listener: socket.socket | None = None) -> int:
        """Answer until the owner drains, stops or goes; the exit code (1: the loop died of a bug).
        `listener`: a listening unix socket where API processes connect (after warm-up: now)."""
        self._join(owner, owner=True)
        if listener is not None:
            threading.Thread(target=self._accept, args=(listener,), name="core-accept", daemon=True).start()
        error = self.worker.run()
        if error is not None:
            log.error("the engine core loop died", exc_info=error)
        closed = Closed(None if error is None else error_text(error))
        for peer in self._all_peers():
            peer.flush(closed)
        return 0 if error is None else 1

    def _all_peers(self) -> list[Peer]:
        with self._peers_lock:
            return list(self._peers.values())

    def _join(self, link: Link, owner: bool) -> None:
        peer = Peer(next(self._indices), link, owner)
        with self._peers_lock:
            self._peers[peer.index] = peer
        cache = self.loop.engine.cache
        peer.flush(Ready(cache.n_slots, cache.nbytes))
        threading.Thread(target=self._read, args=(peer,), name=f"core-link-{peer.index}", daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                sock, _ = listener.accept()
            except OSError:
                return
            self._join(Link(sock, ToCore), owner=False)

    # -- the reader threads ----------------------------------------------------------------------
    def _read(self, peer: Peer) -> None:
        while (messages := peer.link.receive()) is not None:
            for message in messages:
                if isinstance(message, Add):
                    self._add(peer, message)
                elif isinstance(message, Cancel):
                    self.worker.cancel(peer.index << ID_BITS | message.seq_id)
                elif peer.owner:
                    self.worker.close() if isinstance(message, Close) else self.worker.stop()
                elif isinstance(message, Close):
                    with peer.lock:
                        peer.closing = True
                    self._closed_if_done(peer)
                else:  # a client's Stop: its sequences leave; it has stopped reading
                    self._drop(peer)
        if peer.owner:  # the process that started the core is gone: so is the core, after this step
            self.worker.stop()
        else:  # the API process is gone: its sequences leave before the next step
            self._drop(peer)

    def _drop(self, peer: Peer) -> None:
        with peer.lock:
            peer.gone = True
            live, peer.live = peer.live, set()
        with self._peers_lock:
            self._peers.pop(peer.index, None)
        for core_id in live:
            self.worker.cancel(core_id)
        if live:
            log.info("link %d ended: %d sequences cancelled", peer.index, len(live))

    def _add(self, peer: Peer, m: Add) -> None:
        seqs = []
        for new in m.seqs:
            p = new.params
            try:
                params = SamplingParams(p.max_new_tokens, p.temperature, p.top_k, p.top_p, p.seed, p.stop_at_end,
                                        p.logprobs, self.rebuild.constraint(p.constraint), self.rebuild.stop(p.stop),
                                        score_tokens=p.score_tokens)
            except Exception as error:  # the API side checked it: a bug, failed like a step so nobody waits
                log.exception("cannot rebuild sequence %d", new.seq_id)
                peer.flush(Step((), (), (), ((new.seq_id, 0, 0),), 0, (), error_text(error), 0.0, 0,
                                time.perf_counter(), self.loop.engine.cache.used_slots))
                continue
            seq = Sequence(new.prompt, params, id=peer.index << ID_BITS | new.seq_id)
            seq.seed64 = new.seed64
            seqs.append(seq)
        if seqs:
            with peer.lock:
                peer.live.update(seq.id for seq in seqs)
            self.worker.put(seqs, m.streaming)

    def _closed_if_done(self, peer: Peer) -> None:
        with peer.lock:
            if not (peer.closing and not peer.live and not peer.gone):
                return
            peer.closing = False  # Closed goes once
        peer.flush(Closed())
        self._drop(peer)

    # -- the compute thread ----------------------------------------------------------------------
    def _publish(self, result: StepResult, urgent: bool) -> None:
        if self.metrics is not None:
            self._observe(result)
        used = self.loop.engine.cache.used_slots
        error = None if result.error is None else error_text(result.error)
        parts = split(result)
        for peer in self._all_peers():
            if peer.index not in parts and peer.heard_used not in (None, used):  # its gauge of slots, true when idle
                peer.heard_used = used
                peer.append(Step((), (), (), (), 0, (), None, result.seconds, result.waiting, result.at, used))
        for index, part in parts.items():
            peer = self._peers.get(index)
            if peer is None:  # its link has ended: what it would have read goes nowhere
                continue
            peer.heard_used = used
            left, admitted, refused, items, outputs = part
            peer.append(Step(left, admitted, refused, items, result.n_tokens, outputs,
                             error if items else None, result.seconds, result.waiting, result.at, used))
            ended = {*left, *(i for i, _ in refused), *(o.seq_id for o in outputs if o.finish_reason is not None),
                     *(i for i, _, _ in items if error is not None)}
            if ended:
                with peer.lock:
                    peer.live.difference_update(index << ID_BITS | i for i in ended)
        if urgent:
            for peer in self._all_peers():
                if not peer.flush() and peer.owner:
                    self.worker.stop()
                if peer.closing:
                    self._closed_if_done(peer)

    def _observe(self, result: StepResult) -> None:
        m, cache = self.metrics, self.loop.engine.cache
        m.kv_slots_used.set(cache.used_slots)
        m.kv_usage.set(cache.used_slots / cache.n_slots)
        if result.error is not None:
            m.step_failures.inc()
        elif result.items:
            m.step_duration.observe(result.seconds)
            m.batch_size.observe(len(result.items))
            m.step_tokens.observe(result.n_tokens)


Part = tuple[tuple[int, ...], tuple[int, ...], tuple, tuple, tuple[Output, ...]]


def split(result: StepResult) -> dict[int, Part]:
    """The result by link (`core id >> ID_BITS`), in each link's own ids."""
    parts: dict[int, tuple[list, list, list, list, list]] = {}

    def part(core_id: int) -> tuple[list, list, list, list, list]:
        index = core_id >> ID_BITS
        if index not in parts:
            parts[index] = ([], [], [], [], [])
        return parts[index]

    for i in result.left:
        part(i)[0].append(i & ID_MASK)
    for i in result.admitted:
        part(i)[1].append(i & ID_MASK)
    for i, e in result.refused:
        part(i)[2].append((i & ID_MASK, error_text(e)))
    for i, now, before in result.items:
        part(i)[3].append((i & ID_MASK, now, before))
    for o in result.outputs:
        part(o.seq_id)[4].append(Output(o.seq_id & ID_MASK, o.tokens, o.logprobs, o.finish_reason, o.drafted, o.accepted))
    return {index: tuple(tuple(x) for x in p) for index, p in parts.items()}
