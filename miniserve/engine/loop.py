"""The one synchronous core loop: schedule -> run -> postprocess. The scheduler's compute thread,
the sync baseline and `Engine.generate` all step this, so there is one place where sequences are
admitted, planned, stepped, finished and freed.

Ownership: a CoreLoop, its sequences and the KV slots belong to the one thread that calls `step`
(the compute thread in the server). Other threads talk to it only through the scheduler's inbox."""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from miniserve.engine.output import StepOutput
from miniserve.engine.plan import StepPlan
from miniserve.engine.sequence import Sequence, Status
from miniserve.engine.waiting import Waiting

if TYPE_CHECKING:
    from miniserve.engine.engine import Engine
    from miniserve.engine.recorder import StepRecorder


SHORT_PROMPT = 64  # prompt tokens a light step may compute for a sequence (a sentence's, not a paragraph's scoring)


@dataclass(frozen=True, slots=True)
class StepResult:
    """What one pass of the loop did, as plain values (safe to hand to another thread)."""

    left: tuple[int, ...]  # cancelled sequences that gave their slot back before admission
    admitted: tuple[int, ...]  # sequences that took a KV slot this pass
    refused: tuple[tuple[int, Exception], ...]  # (sequence id, error): admitting it raised; it alone failed and was freed
    items: tuple[tuple[int, int, int], ...]  # (sequence id, tokens computed now, tokens computed before)
    n_tokens: int  # rows the step computed: the items' tokens plus speculative drafts
    outputs: tuple[StepOutput, ...]
    error: Exception | None  # planning or the step raised: every sequence in `items` failed and was freed
    seconds: float  # the engine step alone
    waiting: int  # sequences still waiting after admission
    at: float  # time.perf_counter() when the pass ended: tokens and admissions happened then


class CoreLoop:
    def __init__(self, engine: "Engine", policy, step_token_budget: int, max_batch: int):
        self.engine, self.policy = engine, policy
        self.step_token_budget, self.max_batch = step_token_budget, max_batch
        self.waiting = Waiting()  # round robin by request
        self.running: list[Sequence] = []
        self._cancelled: set[int] = set()
        self._by_id: dict[int, Sequence] = {}
        self._request_of: dict[int, Hashable] = {}  # sequence id -> its request
        self._generating: dict[Hashable, int] = {}  # request -> its generating sequences, waiting or running
        self.recorder: StepRecorder | None = None  # `--record-steps`: every arrival and step, for bench/step_replay.py
        self.owed = 0.0  # seconds of light steps owed to short work (decodes, short prompts) since the last heavy step
        self.short_prompt = SHORT_PROMPT

    @property
    def busy(self) -> bool:
        return bool(self.running or self.waiting)

    def add(self, seq: Sequence, request: Hashable = None) -> None:
        """Wait for a slot, taking turns with other requests (`request`: None = a request of its own)."""
        request = seq.id if request is None else request
        self.waiting.add(seq, request)
        self._by_id[seq.id] = seq
        self._request_of[seq.id] = request
        if not seq.scoring:
            self._generating[request] = self._generating.get(request, 0) + 1
        if self.recorder is not None:
            self.recorder.added(seq)

    def cancel(self, seq_id: int) -> None:
        """Leaves before the next admission (ignored if it already finished)."""
        if seq_id in self._by_id:
            self._cancelled.add(seq_id)

    def step(self) -> StepResult:
        left = self._drop_cancelled()  # first, so a freed slot is reused in this very step
        admitted, refused = self._admit()
        light = self.owed > 0 and any(0 < s.uncomputed <= self.short_prompt for s in self.running)
        try:
            plan = self._plan(light)
            if light and not plan.items:  # the short work does not fit this step's budget: a full step
                light, self.owed = False, 0.0
                plan = self._plan(light)
        except Exception as error:  # planning is part of the step, and cannot say which sequence it failed on
            items = tuple((s.id, 0, s.computed) for s in self.running)
            for seq in list(self.running):
                self._leave(seq)
            return StepResult(left, admitted, refused, items, 0, (), error, 0.0, len(self.waiting), time.perf_counter())
        if not plan.items:
            if left and self.recorder is not None:
                self.recorder.stepped(left, (), {}, time.perf_counter(), 0.0)
            return StepResult(left, admitted, refused, (), 0, (), None, 0.0, len(self.waiting), time.perf_counter())
        items = tuple((s.id, n, s.computed) for s, n in plan.items)
        started = time.perf_counter()
        try:
            outputs = self.engine.step(plan)
        except Exception as error:  # only this step's sequences fail; the loop goes on
            for seq, _ in plan.items:
                self._leave(seq)
            now = time.perf_counter()
            return StepResult(left, admitted, refused, items, plan.n_tokens, (), error, now - started, len(self.waiting), now)
        now = time.perf_counter()
        self._share_time(plan, now - started, light)
        if self.recorder is not None:
            self.recorder.stepped(left, items, plan.drafts, started, now - started, outputs)
        for out in outputs:  # postprocess: finished sequences give their slot back
            if out.finish_reason is not None:
                self._leave(self._by_id[out.seq_id])
        if len(self.running) > self.max_batch:  # round robin, so no running sequence starves
            planned = {s.id for s, _ in plan.items}
            self.running.sort(key=lambda s: s.id in planned)
        return StepResult(left, admitted, refused, items, plan.n_tokens, tuple(outputs), None, now - started,
                          len(self.waiting), now)

    def _plan(self, light: bool) -> StepPlan:
        return StepPlan.within(self.running, self.step_token_budget, self.max_batch, drafter=self.engine.drafter,
                               n_positions=self.engine.config.n_positions,
                               longest_prompt=self.short_prompt if light else None)

    def _share_time(self, plan: StepPlan, seconds: float, light: bool) -> None:
        """A step that computed a chunk of a long prompt (a heavy step: 20-45 ms for 256 tokens on
        two cores) is followed, while short work waits (a decode, a prompt of at most `short_prompt`
        tokens), by light steps that compute only that (about a millisecond each) until they have had
        as much time as it took. A sentence beside a paragraph's scoring is then prefilled and decoded
        between the paragraph's chunks, not one token per chunk behind them (its 21 tokens took
        0.5-1.1 s), and the long prompts still get at least half of the time."""
        if light:
            self.owed -= seconds
        elif any(n > self.short_prompt for _, n in plan.items):
            self.owed = seconds

    def _drop_cancelled(self) -> tuple[int, ...]:
        if not self._cancelled:
            return ()
        gone = tuple(self._cancelled)
        for seq_id in gone:
            self._leave(self._by_id[seq_id])
        self._cancelled.clear()
        return gone

    def _admit(self) -> tuple[tuple[int, ...], tuple[tuple[int, Exception], ...]]:
        """Admit from the front of the queue while the policy and the cache allow. A sequence whose
        admission raises fails alone, as a failing step fails only its own sequences."""
        room = self.policy.room(len(self.running))
        n_slots = self.engine.cache.n_slots
        reserved = self.policy.reserved(n_slots)
        admitted, refused = [], []
        while self.waiting and len(admitted) < room:
            held = sum(self._of_several(s) for s in self.running)
            # requests of several hold at most all but the reserved slots; once they hold half, the last free
            # reserved ones go to requests of one first (so a sentence does not wait behind their long
            # sequences), and below half they take turns with everyone (so they never wait for ever)
            full = reserved and (held >= n_slots - reserved or held >= n_slots // 2 and self.engine.cache.free_slots <= reserved)
            seq = self.waiting.first(lambda s: not (full and self._of_several(s)))
            if seq is None:
                break
            try:
                if not self.engine.can_admit(seq):
                    break
                self.engine.admit(seq)
            except Exception as error:
                self._leave(seq)  # gives back a slot that admit took before it raised
                refused.append((seq.id, error))
                continue
            self.waiting.take(seq)
            self.running.append(seq)
            admitted.append(seq.id)
        return tuple(admitted), tuple(refused)

    def _of_several(self, seq: Sequence) -> bool:
        """Is `seq` a generating sequence of a request that has several (paragraphs, n > 1)? `_admit` keeps
        `policy.reserved` slots from them (above). Scoring sequences, which leave after one step, never count."""
        return not seq.scoring and self._generating.get(self._request_of[seq.id], 0) > 1

    def _leave(self, seq: Sequence) -> None:
        """Free the slot (finished, cancelled or failed) and forget the sequence."""
        if seq in self.running:
            self.running.remove(seq)
        elif seq in self.waiting:
            self.waiting.remove(seq)
        self.engine.release(seq, Status.ABORTED, "abort")
        self._by_id.pop(seq.id, None)
        request = self._request_of.pop(seq.id, None)
        if request is not None and not seq.scoring:
            left = self._generating[request] - 1
            if left:
                self._generating[request] = left
            else:
                del self._generating[request]
        self._cancelled.discard(seq.id)
