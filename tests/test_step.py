"""The fused forward step against the reference: kernel by kernel (naive step with a cache), and
token for token against the full-recompute NumPy reference; batch invariance, bitwise."""

import numpy as np
import pytest

from kernels import naive
from kernels.step import forward_step
from miniserve.model import reference
from miniserve.engine import Engine, SamplingParams, Sequence, StepPlan
from miniserve.model.weights import load_model


@pytest.fixture(scope="module", params=["tutor", "random"])
def engine(request, tutor_folder, random_gpt2_folder):
    folder = tutor_folder if request.param == "tutor" else random_gpt2_folder
    config, weights = load_model(folder)
    e = Engine(config, weights, n_slots=72, max_step_tokens=640)
    e.warmup()
    e.reference_weights = weights
    return e


def prompts(engine, n, seed=0):
    r = np.random.default_rng(seed)
    vocab = engine.config.vocab_size
    return [[0] + r.integers(3, vocab, int(r.integers(1, 12))).tolist() for _ in range(n)]


def test_fused_step_matches_the_naive_step(engine):
    config = engine.config
    cache_shape = engine.cache.keys.shape
    k1, v1 = np.zeros(cache_shape, np.float32), np.zeros(cache_shape, np.float32)
    k2, v2 = k1.copy(), v1.copy()
    r = np.random.default_rng(3)
    # Two steps: prefill of two prompts (ragged), then one decode each plus a third prompt's prefill.
    for tokens, positions, slots in (
        ([0, 5, 9, 11, 0, 7], [0, 1, 2, 3, 0, 1], [1, 1, 1, 1, 4, 4]),
        ([12, 13, 0, 8, 9], [4, 2, 0, 1, 2], [1, 4, 6, 6, 6]),
    ):
        t, p, s = (np.array(a, np.int64) for a in (tokens, positions, slots))
        last = np.array([i for i in range(len(t)) if i == len(t) - 1 or s[i + 1] != s[i]], np.int64)
        got = forward_step(engine.weights, engine.workspace, t, p, s, last, k1, v1).copy()
        want = naive.forward_step(engine.weights, t, p, s, last, k2, v2)
        np.testing.assert_allclose(got, want, atol=1e-4, rtol=1e-4)
        np.testing.assert_allclose(k1, k2, atol=1e-5)
    assert r is not None and config.n_layer == cache_shape[0]


def test_ragged_batch_matches_full_recompute_reference(engine):
    """Eight prompts of different lengths through 3 slots: sequences join and leave between steps."""
    small = Engine(engine.config, engine.reference_weights, n_slots=3, max_step_tokens=20)
    ps = prompts(engine, 8, seed=1)
    budgets = [3, 9, 5, 12, 1, 7, 4, 10]
    seqs = small.generate(ps, [SamplingParams(max_new_tokens=b, stop_at_end=False) for b in budgets])
    for p, b, seq in zip(ps, budgets, seqs):
        alone = reference.generate_greedy(engine.config, engine.reference_weights, p, b)
        assert seq.generated == alone[: len(seq.generated)] and len(seq.generated) == b
    assert small.cache.free_slots == 3


def run_alone_and_batched(engine, target_prompt, others):
    """Logits of the target's prefill step and of its first decode step, with `others` beside it."""
    results = []
    for batch in ([], others):
        where = len(batch) // 2  # in the middle: its rows land at another offset and tile parity
        seqs = [Sequence(list(p), SamplingParams(max_new_tokens=4)) for p in batch]
        seqs.insert(where, Sequence(list(target_prompt), SamplingParams(max_new_tokens=4)))
        for s in seqs:
            engine.admit(s)
        got = []
        for _ in range(2):
            engine.step(StepPlan([(s, s.uncomputed) for s in seqs]))
            got.append(engine.last_logits()[where].copy())
        for s in seqs:
            engine.release(s)
        results.append(got)
    return results


@pytest.mark.parametrize("n_others", [1, 7, 64])
def test_batch_invariance_is_bitwise(engine, n_others):
    target = prompts(engine, 1, seed=9)[0]
    alone, batched = run_alone_and_batched(engine, target, prompts(engine, n_others, seed=10 + n_others))
    for a, b in zip(alone, batched):
        assert np.array_equal(a, b)
    assert engine.cache.free_slots == engine.cache.n_slots


def test_steps_after_warmup_never_compile(engine):
    from kernels.step import _forward_step

    compiled = len(_forward_step.signatures)
    seqs = engine.generate(prompts(engine, 9, seed=4), SamplingParams(max_new_tokens=3, stop_at_end=False))
    assert all(len(s.generated) == 3 for s in seqs)
    assert len(_forward_step.signatures) == compiled == 1
