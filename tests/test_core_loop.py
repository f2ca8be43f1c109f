"""The core loop (schedule -> run -> postprocess) on a random model: chunked prefill, the compute
batch apart from KV slots, cancellation before admission, a failing step. No torch, no trio."""

from __future__ import annotations

import pytest

from engines import FailingDrafter, FailingEngine, RefusingEngine
from miniserve.engine import Engine, SamplingParams, Sequence
from miniserve.engine.loop import CoreLoop
from miniserve.engine.policy import Async, Continuous, Static, policy_for
from miniserve.model.weights import load_model

PROMPTS = [[0, 5, 9, 14, 3, 3, 8], [0, 17, 3, 8, 2, 44, 19, 21, 22, 5, 6], [0, 99], [0, 7, 7, 7, 7, 1, 2, 3]]
GREEDY = SamplingParams(max_new_tokens=9, stop_at_end=False)
SAMPLED = [SamplingParams(max_new_tokens=9, temperature=0.9, top_p=0.9, seed=s, stop_at_end=False) for s in range(4)]


@pytest.fixture(scope="module")
def model(random_gpt2_folder):
    return load_model(random_gpt2_folder)


@pytest.fixture(scope="module")
def whole(model):
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    return [s.generated for s in engine.generate(PROMPTS, GREEDY)], [s.generated for s in engine.generate(PROMPTS, SAMPLED)]


@pytest.mark.parametrize("budget", [1, 2, 3, 5, 11])
def test_chunked_prefill_gives_the_tokens_of_whole_prefill(model, whole, budget):
    engine = Engine(*model, n_slots=4, max_step_tokens=budget)
    assert [s.generated for s in engine.generate(PROMPTS, GREEDY)] == whole[0]
    assert [s.generated for s in engine.generate(PROMPTS, SAMPLED)] == whole[1]


def test_the_compute_batch_is_smaller_than_the_slots(model, whole):
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    loop = CoreLoop(engine, Continuous(), 64, max_batch=2)
    seqs = [Sequence(list(p), sp) for p, sp in zip(PROMPTS, SAMPLED)]
    for seq in seqs:
        loop.add(seq)
    first = loop.step()
    assert len(first.admitted) == 4 and len(first.items) == 2  # four slots taken, two computed
    while loop.busy:
        assert len(loop.step().items) <= 2
    assert [s.generated for s in seqs] == whole[1]  # round robin: everyone finished, same tokens
    assert engine.cache.used_slots == 0


def test_a_cancelled_sequence_frees_its_slot_for_a_newcomer_in_the_same_step(model):
    engine = Engine(*model, n_slots=1, max_step_tokens=64)
    loop = CoreLoop(engine, Continuous(), 64, max_batch=1)
    a, b = Sequence(PROMPTS[0], GREEDY), Sequence(PROMPTS[1], GREEDY)
    loop.add(a)
    assert loop.step().admitted == (a.id,)
    loop.add(b)
    assert loop.step().admitted == ()  # no free slot
    loop.cancel(a.id)
    result = loop.step()
    assert result.left == (a.id,) and result.admitted == (b.id,) and result.items[0][0] == b.id
    assert a.finish_reason == "abort"


def test_a_failing_step_fails_only_its_sequences(model):
    engine = FailingEngine(*model, n_slots=2, max_step_tokens=64)
    loop = CoreLoop(engine, Continuous(), 64, max_batch=2)
    a, b, c = (Sequence(p, GREEDY) for p in PROMPTS[:3])
    for seq in (a, b, c):
        loop.add(seq)
    engine.failures = 1
    failed = loop.step()
    assert isinstance(failed.error, RuntimeError) and {i for i, _, _ in failed.items} == {a.id, b.id}
    assert engine.cache.used_slots == 0 and list(loop.waiting) == [c]
    while loop.busy:
        assert loop.step().error is None
    assert len(c.generated) == GREEDY.max_new_tokens and not a.generated


def test_a_failing_admission_fails_only_its_sequence(model):
    engine = RefusingEngine(*model, n_slots=2, max_step_tokens=64)
    loop = CoreLoop(engine, Continuous(), 64, max_batch=2)
    a, b, c = (Sequence(p, GREEDY) for p in PROMPTS[:3])
    for seq in (a, b, c):
        loop.add(seq)
    engine.refusals = 1
    first = loop.step()
    assert [(i, type(e)) for i, e in first.refused] == [(a.id, OverflowError)]
    assert first.admitted == (b.id, c.id) and first.error is None  # a's slot went straight to c
    assert a.finish_reason == "abort" and a.slot == -1
    while loop.busy:
        result = loop.step()
        assert result.error is None and not result.refused
    assert [len(s.generated) for s in (b, c)] == [GREEDY.max_new_tokens] * 2 and not a.generated
    assert engine.cache.used_slots == 0


def test_a_failing_plan_fails_the_running_sequences_and_the_loop_goes_on(model):
    drafter = FailingDrafter()
    engine = Engine(*model, n_slots=2, max_step_tokens=64, drafter=drafter)
    loop = CoreLoop(engine, Continuous(), 64, max_batch=2)
    a, b, c = (Sequence(p, GREEDY) for p in PROMPTS[:3])
    for seq in (a, b, c):
        loop.add(seq)
    assert loop.step().admitted == (a.id, b.id)  # prefill: nothing to draft yet
    drafter.failures = 1
    failed = loop.step()  # decodes: the drafter is asked, and raises
    assert isinstance(failed.error, RuntimeError) and {i for i, _, _ in failed.items} == {a.id, b.id}
    assert engine.cache.used_slots == 0 and a.finish_reason == b.finish_reason == "abort"
    while loop.busy:
        assert loop.step().error is None
    assert len(c.generated) == GREEDY.max_new_tokens


def test_policies_have_one_admission_rule_each():
    assert Continuous().room(5) > 1000
    assert (Static(4).room(0), Static(4).room(1)) == (4, 0)
    assert (Async().room(0), Async().room(1), Async().batch_wait) == (1, 0, 0.0)
    assert policy_for("sync", 8, 0.1).inline and not policy_for("static", 8, 0.1).inline
    assert policy_for("static", 8, 0.1) == Static(8, 0.1)


def test_requests_of_many_sequences_leave_the_reserved_slots_to_single_ones(model):
    """With 8 slots, one is reserved (`Continuous.reserved`): a 12-sequence request takes 7, a sentence
    that arrives meanwhile takes the eighth at once instead of waiting for a long sequence to finish,
    and scoring sequences (which leave after one step) never count as a request of several."""
    engine = Engine(*model, n_slots=8, max_step_tokens=512)
    loop = CoreLoop(engine, Continuous(), 512, max_batch=8)
    long = SamplingParams(max_new_tokens=40, stop_at_end=False)
    many = [Sequence(list(PROMPTS[k % 4]), long) for k in range(12)]
    for seq in many:
        loop.add(seq, request="paragraph")
    assert len(loop.step().admitted) == 7 and engine.cache.free_slots == 1
    assert loop.step().admitted == ()  # the reserved slot stays free though five of its sequences wait
    sentence = Sequence(list(PROMPTS[2]), GREEDY)
    loop.add(sentence, request="sentence")
    assert loop.step().admitted == (sentence.id,)
    while not sentence.done:
        loop.step()
    scoring = [Sequence(list(PROMPTS[1]), SamplingParams(score_tokens=3)) for _ in range(2)]
    for seq in scoring:  # a gate's scoring of the sentence (no generating sequence): none is held back
        loop.add(seq, request="sentence")
    assert loop.step().admitted == (scoring[0].id,) and loop.step().admitted == (scoring[1].id,)
    while loop.busy:
        loop.step()
    assert all(len(s.generated) == 40 for s in many) and engine.cache.free_slots == 8


def test_with_one_request_in_the_loop_nothing_is_reserved_below_eight_slots(model):
    engine = Engine(*model, n_slots=4, max_step_tokens=512)
    loop = CoreLoop(engine, Continuous(), 512, max_batch=4)
    for k in range(6):
        loop.add(Sequence(list(PROMPTS[k % 4]), GREEDY), request="paragraph")
    assert len(loop.step().admitted) == 4  # 4 // 8 = 0 reserved: small test servers keep every slot


def test_requests_of_many_sequences_still_take_turns_beside_a_stream_of_sentences(model):
    """The kept slots cap what requests of several hold; they are no priority: with every slot held by
    sentences that finish one a step, and a new sentence arriving at every step, a waiting paragraph takes
    its turn as slots free (a strict priority for sentences would keep it waiting for ever)."""
    engine = Engine(*model, n_slots=8, max_step_tokens=512)
    loop = CoreLoop(engine, Continuous(), 512, max_batch=8)
    for k in range(8):  # staggered: one finishes at every step
        loop.add(Sequence(list(PROMPTS[k % 4]), SamplingParams(max_new_tokens=2 + k, stop_at_end=False)), request=f"s{k}")
    assert len(loop.step().admitted) == 8
    paragraph = [Sequence(list(PROMPTS[k % 4]), SamplingParams(max_new_tokens=3, stop_at_end=False)) for k in range(3)]
    for seq in paragraph:
        loop.add(seq, request="paragraph")
    for k in range(8, 24):  # one more sentence every step, as long as the longest running one
        loop.add(Sequence(list(PROMPTS[k % 4]), SamplingParams(max_new_tokens=8, stop_at_end=False)), request=f"s{k}")
        loop.step()
    assert all(seq.done for seq in paragraph)


def test_after_a_chunk_of_a_long_prompt_short_work_gets_light_steps_and_the_same_tokens(model):
    """A step that computed a chunk of a long prompt is followed by light steps (decodes and short
    prompts only) for as long as it took, while such work waits; the long prompt then goes on, and
    every sequence's tokens are those it gets alone."""
    long_prompt = [0] + [(7 * i) % 290 + 3 for i in range(44)]  # 45 tokens: chunks of more than 8
    alone = [Engine(*model, n_slots=4, max_step_tokens=64).generate([p], GREEDY)[0].generated
             for p in (PROMPTS[0], long_prompt, PROMPTS[2])]
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    loop = CoreLoop(engine, Continuous(), 32, max_batch=4)
    loop.short_prompt = 8
    decoding, long, short = (Sequence(list(p), GREEDY) for p in (PROMPTS[0], long_prompt, PROMPTS[2]))
    loop.add(decoding)
    loop.step()  # its prompt (7 tokens): it decodes from now on
    loop.add(long)
    heavy = loop.step()
    assert dict((i, n) for i, n, _ in heavy.items) == {decoding.id: 1, long.id: 31} and loop.owed > 0
    loop.add(short)
    light = loop.step()  # owed: the decode and the short prompt (2 tokens), not the long prompt's last 14
    assert dict((i, n) for i, n, _ in light.items) == {decoding.id: 1, short.id: 2}
    steps = 2
    while loop.busy and steps < 100:
        loop.step()
        steps += 1
    assert [s.generated for s in (decoding, long, short)] == alone
    assert not loop.busy and engine.cache.used_slots == 0


def test_light_steps_end_when_the_short_work_does_not_fit_the_budget(model):
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    loop = CoreLoop(engine, Continuous(), 4, max_batch=4)
    loop.short_prompt = 8
    seq = Sequence(list(PROMPTS[0]), GREEDY)  # 7 tokens: short, but more than a step's 4
    loop.add(seq)
    loop.owed = 1.0  # as after a heavy step
    assert dict((i, n) for i, n, _ in loop.step().items) == {seq.id: 4} and loop.owed == 0.0
