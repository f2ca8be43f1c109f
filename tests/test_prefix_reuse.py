"""The engine's reuse of a prompt's start that a KV slot still holds (cache.py): the same tokens
and the same scores, bit for bit, as computing every prompt whole; a slot's prefix is used only
while it holds it."""

import numpy as np
import pytest

from miniserve.engine import Engine, SamplingParams, Sequence
from miniserve.engine.cache import MIN_REUSE
from miniserve.model.weights import load_model


@pytest.fixture(scope="module")
def engines(tutor_folder):
    """(reusing, computing whole): two engines of the tutor, alike but for prefix reuse."""
    config, weights = load_model(tutor_folder)
    pair = tuple(Engine(config, weights, n_slots=3, max_step_tokens=64, reuse_prefixes=on) for on in (True, False))
    for engine in pair:
        engine.warmup()
    return pair


def prompt(seed: int, n: int = 40) -> list[int]:
    return [0] + np.random.default_rng(seed).integers(3, 2000, n - 1).tolist()


def generated(engine, prompts, n=6):
    return [s.generated for s in engine.generate(prompts, SamplingParams(max_new_tokens=n, stop_at_end=False))]


def both(engines, call, *args):
    """The call's result on both engines (asserted equal) and the prompt tokens the first reused."""
    reusing, whole = engines
    before = reusing.reused_tokens
    got, want = call(reusing, *args), call(whole, *args)
    assert got == want  # floats compared exactly: the same K/V, not nearly the same
    assert whole.reused_tokens == 0
    return got, reusing.reused_tokens - before


def test_scores_after_the_prompt_just_decoded_reuse_it_and_are_the_same(engines):
    p = prompt(1)
    answer, reused = both(engines, generated, [p])
    assert reused == 0
    # as the tutor's gate: each answer scored after the very prompt the model decoded from, admitted together,
    # so one takes the slot that holds the prompt and the other a copy of it
    _, reused = both(engines, lambda engine, *args: engine.score(*args), p, [answer[0], answer[0][:3] + [5, 6]])
    assert reused == 2 * (len(p) - 1)  # the prompt's last token is computed again: its logits score the first token


def test_a_prompt_changed_halfway_reuses_its_start_only(engines):
    p = prompt(2)
    both(engines, generated, [p])
    changed = p[:30] + [7] + p[31:]
    _, reused = both(engines, generated, [changed])
    assert reused == 30


def test_a_short_shared_start_is_computed_again(engines):
    p = prompt(3)
    both(engines, generated, [p])
    _, reused = both(engines, generated, [p[:MIN_REUSE - 1] + prompt(4)[MIN_REUSE - 1:]])
    assert reused == 0


def test_a_slot_another_prompt_took_is_not_read_for_the_old_one(engines):
    p = prompt(5)
    both(engines, generated, [p])
    # three unrelated prompts take all three slots: the one that held p holds something else now
    both(engines, generated, [prompt(6), prompt(7), prompt(8)])
    _, reused = both(engines, generated, [p])
    assert reused == 0
    assert engines[0].cache.free_slots == engines[0].cache.n_slots


def test_a_taken_slot_lends_only_the_prefix_it_was_admitted_with(engines):
    """A sequence that took a slot's prefix writes past it at once; a copy made meanwhile takes no more."""
    reusing, whole = engines
    p = prompt(9)
    both(engines, generated, [p])
    first = Sequence(p[:35] + [11, 12, 13, 14, 15], SamplingParams(max_new_tokens=4, stop_at_end=False))
    second = Sequence(p + [16], SamplingParams(max_new_tokens=4, stop_at_end=False))
    before = reusing.reused_tokens
    reusing.run([first, second])
    assert reusing.reused_tokens - before == 35 + 35  # not the 40 of p the slot held before `first` took it
    alone = whole.generate([first.prompt, second.prompt], SamplingParams(max_new_tokens=4, stop_at_end=False))
    assert [first.generated, second.generated] == [s.generated for s in alone]
