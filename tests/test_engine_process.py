"""The engine core in its own process, behind the scheduler's Worker seam, on a random model
without HTTP: the same tokens as in-process under every scheduler that has a compute thread (sync
steps inline in the handler and refuses the core process), cancellation freeing the slot in the
core, and a killed core ending every request at once."""

from __future__ import annotations

import os
import signal
from functools import partial

import pytest
import trio

from miniserve.config import Settings
from miniserve.engine import AllowedTokens, Engine, SamplingParams, Sequence
from miniserve.engine.core.client import CoreProcess
from miniserve.engine.core.remote_worker import RemoteWorker
from miniserve.engine.stop import Runaway
from miniserve.scheduler.health import Health
from miniserve.scheduler import Scheduler, StepFailed, Unavailable
from miniserve.scheduler.ticket import Ticket
from miniserve.model.weights import load_model

WORK = [  # greedy and seeded sampling, a token constraint, a stop condition, logprobs, scoring (the tutor's gate)
    ([0, 1, 2], SamplingParams(max_new_tokens=12, stop_at_end=False)),
    ([5, 6], SamplingParams(max_new_tokens=9, temperature=0.8, seed=7, stop_at_end=False, logprobs=2)),
    ([3, 4, 5, 6], SamplingParams(max_new_tokens=10, constraint=AllowedTokens([2, 9, 40, 41]), stop_at_end=False)),
    ([7], SamplingParams(max_new_tokens=15, stop=Runaway(why_id=299, limit=4), stop_at_end=False)),
    ([8, 9, 10, 11, 12], SamplingParams(max_new_tokens=20, stop_at_end=False)),
    ([13, 14, 15, 16, 17], SamplingParams(score_tokens=3)),
]


class OddConstraint:
    """A constraint the link has no description for."""

    def allowed(self, generated):
        return None


def settings(**overrides) -> Settings:
    return Settings(**{"max_batch": 4, "batch_wait": 0.01, "speculate": 1, **overrides})


async def run_work(scheduler: Scheduler, ids=None) -> list[tuple[list[int], list, str]]:
    """`ids`: the sequences' own (default: the next free ones)."""
    tickets = [Ticket(Sequence(list(prompt), params) if ids is None else Sequence(list(prompt), params, id=i))
               for (prompt, params), i in zip(WORK, ids or [None] * len(WORK))]
    async with trio.open_nursery() as nursery:
        await nursery.start(scheduler.run)
        for ticket in tickets:
            scheduler.enqueue(ticket)
        for ticket in tickets:
            await ticket.done.wait()
        scheduler.close()
    assert all(t.error is None for t in tickets)
    return [(t.tokens, [lp for lp, _ in t.logprobs], t.finish_reason) for t in tickets]


def remote_scheduler(folder, **overrides) -> Scheduler:
    s = settings(engine_process=1, **overrides)
    core = CoreProcess(s, folder)
    return Scheduler(core, s, Health(model_loaded=True, warmed_up=True), worker=partial(RemoteWorker, core))


@pytest.mark.parametrize("policy", ["continuous", "static", "async"])
async def test_the_core_process_gives_the_same_tokens_as_in_process(random_gpt2_folder, policy):
    s = settings(scheduler=policy)
    engine = Engine(*load_model(random_gpt2_folder), n_slots=4, max_step_tokens=s.step_token_budget)
    expected = await run_work(Scheduler(engine, s, Health()))
    remote = remote_scheduler(random_gpt2_folder, scheduler=policy)
    got = await run_work(remote)
    # tokens and finishes exactly; log-probabilities to the last bits (arrivals may meet other batch
    # compositions in the two processes, and a float64 sum may round its last ulp differently)
    assert [(tokens, finish) for tokens, _, finish in got] == [(tokens, finish) for tokens, _, finish in expected]
    assert all(lp == pytest.approx(ex, rel=1e-12) for (_, lp, _), (_, ex, _) in zip(got, expected))
    assert remote.engine.process.returncode == 0  # drained by close(), then exited


def test_sync_refuses_the_core_process():
    with pytest.raises(ValueError, match="sync"):
        Settings(scheduler="sync", engine_process=1)


async def test_cancelling_frees_the_slot_in_the_core(random_gpt2_folder):
    s = remote_scheduler(random_gpt2_folder)
    core = s.engine
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        # the tiny model may finish all 60 tokens before the cancellation reaches the core: a few tries
        for attempt in range(5):
            long = Ticket(Sequence([0, 1], SamplingParams(max_new_tokens=60, stop_at_end=False)), streaming=True)
            s.enqueue(long)
            while not long.tokens:  # under way in the core: it holds a slot
                await long.signal.event.wait()
            long.cancelled = True  # what a client disconnect does
            await long.done.wait()
            assert core.cache.used_slots == 0
            if len(long.tokens) < 60:
                break
        assert len(long.tokens) < 60  # cut short by the cancellation, its slot free
        odd = Ticket(Sequence([0, 2], SamplingParams(max_new_tokens=5, constraint=OddConstraint())))
        with pytest.raises(StepFailed, match="cannot rebuild a OddConstraint"):
            await s.submit(odd)  # refused before it is sent, and nobody waits for it
        after = Ticket(Sequence([0, 3], SamplingParams(max_new_tokens=5, stop_at_end=False)))
        await s.submit(after)  # the core serves on
        s.close()
    assert len(after.tokens) == 5 and s.engine.process.returncode == 0


async def test_a_killed_core_ends_every_request_at_once_and_readiness_fails(random_gpt2_folder):
    s = remote_scheduler(random_gpt2_folder)
    # ten batches' worth (4 at a time, 60 tokens each): most are still running or waiting at the kill,
    # however late this loop gets to it; one whose finish was already on its way may end normally
    tickets = [Ticket(Sequence([0, 1 + i], SamplingParams(max_new_tokens=60, stop_at_end=False)), streaming=True)
               for i in range(40)]
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        for ticket in tickets:
            s.enqueue(ticket)
        while not tickets[0].tokens:
            await tickets[0].signal.event.wait()
        os.kill(s.engine.pid, signal.SIGKILL)
        with trio.fail_after(1):
            for ticket in tickets:
                await ticket.done.wait()
    failed = [t for t in tickets if t.error is not None]
    assert all(isinstance(t.error, Unavailable) for t in failed) and len(failed) >= 20
    assert all(len(t.tokens) == 60 for t in tickets if t.error is None)
    assert not s.health.scheduler_alive and "CoreDied" in s.health.not_ready_reason()
    assert s.engine.process.returncode == -signal.SIGKILL
    with pytest.raises(Unavailable):
        s.enqueue(Ticket(Sequence([0, 1], SamplingParams())))
