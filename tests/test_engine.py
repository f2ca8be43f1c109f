"""Engine behaviour: sampling per request, admission and release, cache accounting."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from miniserve.engine import Engine, SamplingParams, Sequence, StepPlan
from miniserve.model.weights import load_model


@pytest.fixture(scope="module")
def engine(random_gpt2_folder):
    e = Engine(*load_model(random_gpt2_folder), n_slots=6, max_step_tokens=64)
    e.warmup()
    return e


PROMPTS = [[0, 5, 9], [0, 17, 3, 8, 2, 44], [0, 99], [0, 7, 7, 7, 7], [0, 250, 31, 12]]


def test_same_seed_same_tokens_whatever_the_batch(engine):
    params = SamplingParams(max_new_tokens=12, temperature=1.3, top_k=50, top_p=0.95, seed=1234, stop_at_end=False)
    alone = engine.generate([PROMPTS[1]], params)[0].generated
    others = [SamplingParams(max_new_tokens=12, temperature=0.8, seed=s, stop_at_end=False) for s in (1, 2, 3, 4)]
    batched = engine.generate(PROMPTS[:1] + [PROMPTS[1]] + PROMPTS[2:], [others[0], params] + others[1:])
    assert batched[1].generated == alone
    different = engine.generate([PROMPTS[1]], SamplingParams(max_new_tokens=12, temperature=1.3, seed=99, stop_at_end=False))
    assert different[0].generated != alone


def test_top_k_one_and_tiny_top_p_are_greedy(engine):
    greedy = engine.generate(PROMPTS, SamplingParams(max_new_tokens=8, stop_at_end=False))
    for params in (SamplingParams(max_new_tokens=8, temperature=2.0, top_k=1, seed=1, stop_at_end=False),
                   SamplingParams(max_new_tokens=8, temperature=0.7, top_p=1e-6, seed=1, stop_at_end=False)):
        assert [s.generated for s in engine.generate(PROMPTS, params)] == [s.generated for s in greedy]


def test_stops_at_end_token_and_max_new_tokens(engine):
    eos = engine.config.eos_token_id
    for seq in engine.generate(PROMPTS, SamplingParams(max_new_tokens=5, temperature=1.5, seed=3)):
        assert seq.finish_reason in ("stop", "length")
        if seq.finish_reason == "stop":
            assert seq.generated[-1] == eos and eos not in seq.generated[:-1]
        else:
            assert len(seq.generated) == 5


def test_context_limit_finishes_with_length(engine):
    n = engine.config.n_positions
    seq = engine.generate([[0] * (n - 3)], SamplingParams(max_new_tokens=50, stop_at_end=False))[0]
    assert seq.finish_reason == "length" and seq.length == n


@pytest.mark.parametrize("bad", [dict(max_new_tokens=0), dict(temperature=-1), dict(top_p=0), dict(top_k=-2)])
def test_bad_sampling_params(bad):
    with pytest.raises(ValueError):
        SamplingParams(**bad)


def test_step_refuses_an_impossible_plan(engine):
    seq = Sequence([0, 1, 2])
    with pytest.raises(ValueError, match="cannot compute"):
        engine.step(StepPlan([(seq, 3)]))  # not admitted
    engine.admit(seq)
    with pytest.raises(ValueError, match="cannot compute"):
        engine.step(StepPlan([(seq, 4)]))  # more than it has
    engine.release(seq)
    assert engine.cache.free_slots == engine.cache.n_slots


ops = st.lists(st.one_of(
    st.tuples(st.just("submit"), st.integers(1, 20), st.integers(1, 6)),
    st.tuples(st.just("step"), st.integers(1, 40), st.just(0)),
    st.tuples(st.just("abort"), st.integers(0, 10), st.just(0)),
), max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops)
def test_every_slot_comes_back(engine, script):
    """Any mix of admissions, chunked steps, finishes and aborts returns every slot."""
    cache = engine.cache
    waiting, running = [], []
    for op, a, b in script:
        if op == "submit":
            waiting.append(Sequence([0] + [3] * (a - 1), SamplingParams(max_new_tokens=b, stop_at_end=False)))
        elif op == "abort" and running + waiting:
            victim = (running + waiting)[a % len(running + waiting)]
            (running if victim in running else waiting).remove(victim)
            engine.release(victim)
        elif op == "step":
            while waiting and engine.can_admit(waiting[0]):
                engine.admit(waiting[0])
                running.append(waiting.pop(0))
            budget, items = a, []
            for seq in running:
                n = min(seq.uncomputed, budget)
                if n:
                    items.append((seq, n))
                    budget -= n
            if items:
                engine.step(StepPlan(items))
            for seq in [s for s in running if s.done]:
                engine.release(seq)
                running.remove(seq)
        assert cache.used_slots == len(running)
        assert len({s.slot for s in running}) == len(running)
    for seq in running + waiting:
        engine.release(seq)
    assert cache.free_slots == cache.n_slots


def test_tiny_temperatures_are_greedy_and_never_nan(engine):
    """Issue 12: temperature 1e-307 (or 5e-324 with top_p) made the probabilities NaN and failed the
    whole step. A temperature that small is greedy, and it cannot hurt its batch neighbours."""
    greedy = engine.generate(PROMPTS, SamplingParams(max_new_tokens=6, stop_at_end=False))
    tiny = [SamplingParams(max_new_tokens=6, temperature=t, top_p=p, seed=1, stop_at_end=False)
            for t, p in [(1e-307, 1.0), (5e-324, 0.9), (1e-6, 0.5), (9e-6, 1.0), (1e-307, 1e-300)]]
    assert [s.generated for s in engine.generate(PROMPTS, tiny)] == [s.generated for s in greedy]


def test_any_int_seed_works_modulo_2_64(engine):
    a = engine.generate([PROMPTS[0]], SamplingParams(max_new_tokens=8, temperature=1.0, seed=-1, stop_at_end=False))
    b = engine.generate([PROMPTS[0]], SamplingParams(max_new_tokens=8, temperature=1.0, seed=2**64 - 1, stop_at_end=False))
    assert a[0].generated == b[0].generated
