"""The scheduler on a random model, without HTTP: the static batch wait, and shutdown."""

from __future__ import annotations

import gc

import pytest
import trio

from miniserve.config import Settings
from miniserve.engine import Engine, SamplingParams, Sequence
from miniserve.scheduler.health import Health
from miniserve.scheduler import Overloaded, Scheduler, Unavailable
from miniserve.scheduler.ticket import Ticket
from miniserve.model.weights import load_model
from engines import CountingEngine, SlowEngine

PARAMS = SamplingParams(max_new_tokens=6, stop_at_end=False)


@pytest.fixture(scope="module")
def model(random_gpt2_folder):
    return load_model(random_gpt2_folder)


async def poll(predicate, seconds=20.0):
    with trio.fail_after(seconds):
        while not predicate():
            await trio.sleep(0.002)


def scheduler(model, engine_class=Engine, **settings) -> Scheduler:
    engine = engine_class(*model, n_slots=4, max_step_tokens=64)
    return Scheduler(engine, Settings(**{"max_batch": 4, **settings}), Health())


async def test_static_waits_for_a_full_batch(model):
    s = scheduler(model, scheduler="static", max_batch=2, batch_wait=60)
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        first, second = Ticket(Sequence([0, 1, 2], PARAMS)), Ticket(Sequence([0, 3], PARAMS))
        s.enqueue(first)
        await poll(lambda: s.worker.phase == "filling")  # the compute thread holds the batch open
        assert s.steps == 0
        await s.submit(second)  # the batch is full: it starts at once, not after 60 s
        await first.done.wait()
        s.close()
    assert {seq_id for seq_id, _, _ in s.records[0].items} == {first.seq.id, second.seq.id}


async def test_static_waits_at_most_batch_wait(model):
    s = scheduler(model, scheduler="static", max_batch=4, batch_wait=0.2)
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        ticket = Ticket(Sequence([0, 1, 2], PARAMS))
        await s.submit(ticket)
        s.close()
    assert ticket.queue_seconds >= 0.2 and len(ticket.tokens) == PARAMS.max_new_tokens


async def test_shutdown_joins_the_compute_thread_and_answers_everyone(model):
    s = scheduler(model, SlowEngine)
    s.engine.delay = 0.005
    tickets = [Ticket(Sequence([0, 1 + i], SamplingParams(max_new_tokens=40, stop_at_end=False))) for i in range(6)]
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            await nursery.start(s.run)
            for ticket in tickets:
                s.enqueue(ticket)
            await poll(lambda: s.steps >= 2)
            nursery.cancel_scope.cancel()  # the lifespan ends mid-batch
    assert s.worker.phase == "idle" and not s.health.scheduler_alive
    assert all(t.done.is_set() for t in tickets)
    assert all(isinstance(t.error, Unavailable) for t in tickets[4:])  # never admitted (4 slots)
    with pytest.raises(Unavailable):
        s.enqueue(Ticket(Sequence([0, 1], PARAMS)))


async def test_close_drains_every_request(model):
    s = scheduler(model)
    tickets = [Ticket(Sequence([0, 1 + i], PARAMS)) for i in range(7)]
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        for ticket in tickets:
            s.enqueue(ticket)
        s.close()
    assert all(t.error is None and len(t.tokens) == PARAMS.max_new_tokens for t in tickets)
    assert s.engine.cache.used_slots == 0 and s.n_running == s.n_waiting == 0


async def test_follow_up_work_is_taken_when_new_requests_are_not_and_takes_no_room(model):
    """The tutor's gate scores an admitted request's corrections: that follow-up is refused neither
    by a full engine nor by a drain (the request would fail halfway), and it takes no room from new
    requests (`has_room` counts requests' own sequences; a follow-up is part of one already in)."""
    s = scheduler(model, SlowEngine, max_queue=2)  # room for 4 running + 2 waiting
    s.engine.delay = 0.005
    long = SamplingParams(max_new_tokens=40, stop_at_end=False)
    admitted = [Ticket(Sequence([0, 1 + i], long)) for i in range(5)]
    follow_up = [Ticket(Sequence([0, 1, 2, 3 + i], SamplingParams(score_tokens=2))) for i in range(3)]
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        for ticket in admitted:
            s.enqueue(ticket)
        with pytest.raises(Overloaded):  # 5 + 2 > 6
            s.enqueue(Ticket(Sequence([0, 9], PARAMS)), Ticket(Sequence([0, 10], PARAMS)))
        s.health.draining = True
        s.enqueue(*follow_up, follow_up=True)
        assert len(s.tickets) == 8 and s.has_room(1) and not s.has_room(2)  # as before the follow-ups
        with pytest.raises(Unavailable):
            s.enqueue(Ticket(Sequence([0, 9], PARAMS)))
        for ticket in admitted + follow_up:
            await ticket.done.wait()
        assert s.has_room(2) and not s.tickets and not s._several and not s._follow_ups
        s.close()
    assert all(t.error is None for t in admitted + follow_up)
    assert all(len(t.logprobs) == 2 and not t.tokens for t in follow_up)


async def test_the_compute_thread_steps_on_while_the_event_loop_is_busy(model):
    s = scheduler(model, CountingEngine)
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        await s.submit(Ticket(Sequence([0, 1], PARAMS)))  # the compute thread is up
        s.engine.target = s.engine.n_steps + 20
        ticket = Ticket(Sequence([0, 1, 2], SamplingParams(max_new_tokens=30, stop_at_end=False)))
        s.enqueue(ticket)
        # Block the event loop (no checkpoint): 20 steps happen anyway, with no hop back per step.
        assert s.engine.reached.wait(20)
        await ticket.done.wait()
        s.close()
    assert len(ticket.tokens) == 30 and s.steps == s.engine.n_steps == PARAMS.max_new_tokens + 30


async def test_a_non_streaming_request_wakes_the_event_loop_a_few_times_not_per_token(model):
    s = scheduler(model)
    flushes = []
    flush = s._flush
    s._flush = lambda: (flushes.append(1), flush())
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        ticket = Ticket(Sequence([0, 1, 2], SamplingParams(max_new_tokens=40, stop_at_end=False)))
        await s.submit(ticket)
        s.close()
    assert len(ticket.tokens) == 40 and s.steps == 40
    assert len(flushes) < 20  # the finish, and one per 20 ms of silence at most


async def test_a_request_larger_than_a_processes_share_is_taken_when_the_process_is_idle(model):
    """With two API processes each admits half of `max_queue` of several-sequence requests; a
    paragraph larger than that half (but within `max_queue`, which the 400 bounds) must not get a
    503 for ever: it is taken when its process holds nothing else."""
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    s = Scheduler(engine, Settings(max_batch=4, max_queue=8), Health(), share=2)
    assert s.max_several == 4
    assert s.has_room(8) and not s.has_room(9)  # larger than max_queue: the 400's case
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        s.enqueue(Ticket(Sequence([0, 1], PARAMS)))
        assert not s.has_room(6) and s.has_room(4)  # busy: back to its share
        s.close()


async def test_kept_steps_are_not_tracked_by_the_garbage_collector(model):
    """10,000 kept steps must not lengthen the full collections that stop every thread."""
    s = scheduler(model)
    async with trio.open_nursery() as nursery:
        await nursery.start(s.run)
        ticket = Ticket(Sequence([0, 1, 2], PARAMS))
        await s.submit(ticket)
        await ticket.done.wait()
        s.close()
    assert len(s.records) == 6 and s.records[0].items[0][0] == ticket.seq.id
    for _ in range(3):  # a tuple is untracked once its items are: one level of nesting per collection
        gc.collect()
    assert s._kept_steps and not any(gc.is_tracked(kept) for kept in s._kept_steps)
