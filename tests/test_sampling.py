"""The batched sampling kernel against its plain NumPy reference (kernels/naive.py), over shapes,
parameters and masks; robustness to extreme temperatures and logits; batch invariance."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels import naive
from kernels.sampling import MAX_TOP, SamplerWorkspace, uniform


def fill(ws, rows, temperature, top_k, top_p, seed, counter, n_top=-1, allowed=None):
    """Per-row parameters into the workspace; `allowed` is a list (per row) of id arrays or None."""
    n = len(rows)
    ws.temperature[:n], ws.top_k[:n], ws.top_p[:n] = temperature, top_k, top_p
    ws.seed[:n], ws.counter[:n], ws.n_top[:n] = seed, counter, n_top
    allowed = allowed or [None] * n
    sizes = [0 if a is None else len(a) for a in allowed]
    ws.allowed_ptr[:n + 1] = np.concatenate([[0], np.cumsum(sizes)])
    ids = ws.allowed_room(sum(sizes))
    for a, start in zip(allowed, ws.allowed_ptr[:n]):
        if a is not None:
            ids[start:start + len(a)] = a


def reference(logits, temperature, top_k, top_p, seed, counter, allowed=None):
    allowed = allowed or [None] * len(logits)
    return [naive.sample_row(logits[r], float(np.broadcast_to(temperature, len(logits))[r]),
                             int(np.broadcast_to(top_k, len(logits))[r]), float(np.broadcast_to(top_p, len(logits))[r]),
                             int(np.broadcast_to(seed, len(logits))[r]), int(np.broadcast_to(counter, len(logits))[r]),
                             allowed[r]) for r in range(len(logits))]


@pytest.mark.parametrize("rows, vocab", [(1, 7), (3, 64), (17, 300), (64, 2048)])
@pytest.mark.parametrize("temperature, top_k, top_p", [
    (0.0, 0, 1.0), (1.0, 0, 1.0), (0.7, 0, 1.0), (1.3, 5, 1.0), (1.0, 0, 0.9), (2.0, 40, 0.5), (0.9, 1, 1.0),
    (1e-6, 0, 1.0), (5.0, 0, 0.999),
])
def test_matches_reference(rows, vocab, temperature, top_k, top_p):
    rng = np.random.default_rng(rows * vocab)
    logits = (rng.standard_normal((rows, vocab)) * 3).astype(np.float32)
    seeds = rng.integers(0, 2**63, rows, dtype=np.uint64)
    counters = rng.integers(0, 200, rows).astype(np.uint64)
    ws = SamplerWorkspace(64, vocab)
    fill(ws, logits, temperature, top_k, top_p, seeds, counters)
    got = ws.sample(logits).tolist()
    assert got == reference(logits, temperature, top_k, top_p, seeds, counters)


def test_greedy_is_numpy_argmax_bitwise():
    rng = np.random.default_rng(1)
    logits = rng.standard_normal((40, 2048)).astype(np.float32)
    logits[3, [5, 9]] = 10.0  # a tie: the first index wins, as np.argmax
    ws = SamplerWorkspace(40, 2048)
    fill(ws, logits, 0.0, 0, 1.0, 0, 0)
    assert ws.sample(logits).tolist() == np.argmax(logits, axis=1).tolist()


def test_masks_match_reference_and_only_allowed_ids_come_out():
    rng = np.random.default_rng(2)
    rows, vocab = 12, 500
    logits = (rng.standard_normal((rows, vocab)) * 4).astype(np.float32)
    allowed = [None if r % 3 == 0 else np.sort(rng.choice(vocab, 1 + r, replace=False)).astype(np.int32) for r in range(rows)]
    for temperature, top_k, top_p in [(0.0, 0, 1.0), (1.0, 0, 1.0), (1.5, 3, 0.8)]:
        ws = SamplerWorkspace(rows, vocab)
        fill(ws, logits, temperature, top_k, top_p, np.arange(rows, dtype=np.uint64), 7, allowed=allowed)
        got = ws.sample(logits).tolist()
        assert got == reference(logits, temperature, top_k, top_p, np.arange(rows), 7, allowed)
        for token, a in zip(got, allowed):
            assert a is None or token in a


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_disallowed_token_never_comes_out(data):
    vocab = data.draw(st.integers(2, 64))
    allowed = np.array(sorted(data.draw(st.sets(st.integers(0, vocab - 1), min_size=1, max_size=vocab))), np.int32)
    scale = data.draw(st.sampled_from([1.0, 30.0, 1e30]))
    logits = (np.random.default_rng(data.draw(st.integers(0, 2**32))).standard_normal((1, vocab)) * scale).astype(np.float32)
    temperature = data.draw(st.sampled_from([0.0, 1e-300, 0.5, 1.0, 1e6]))
    ws = SamplerWorkspace(1, vocab)
    fill(ws, logits, temperature, data.draw(st.integers(0, 5)), data.draw(st.sampled_from([1.0, 0.5, 1e-9])),
         data.draw(st.integers(0, 2**64 - 1)), data.draw(st.integers(0, 1000)), allowed=[allowed])
    assert int(ws.sample(logits)[0]) in allowed


@pytest.mark.parametrize("temperature, top_p", [(1e-307, 1.0), (5e-324, 0.9), (1e-5, 0.5), (1e-3, 1.0), (1e300, 0.9)])
def test_no_nan_from_extreme_temperatures_or_logits(temperature, top_p):
    rng = np.random.default_rng(3)
    logits = (rng.standard_normal((4, 300)) * 10).astype(np.float32)
    logits[1] = np.float32(3e38) * np.sign(rng.standard_normal(300)).astype(np.float32)  # huge, finite
    logits[2] = np.finfo(np.float32).max
    logits[3, ::2] = -np.finfo(np.float32).max
    ws = SamplerWorkspace(4, 300)
    fill(ws, logits, temperature, 0, top_p, 11, 0, n_top=5)
    tokens = ws.sample(logits)
    assert ((0 <= tokens) & (tokens < 300)).all()
    assert np.isfinite(ws.chosen_lp[:4]).all() and np.isfinite(ws.top_lp[:4, :5]).all()
    if temperature < 1e-5:
        assert tokens.tolist() == np.argmax(logits, axis=1).tolist()


def test_logprobs_match_reference():
    rng = np.random.default_rng(4)
    logits = (rng.standard_normal((6, 300)) * 2).astype(np.float32)
    logits[0, [3, 4]] = 9.0  # ties in the top list: the lower id first
    n_top = np.array([0, 1, 5, MAX_TOP, -1, 3])
    ws = SamplerWorkspace(6, 300)
    fill(ws, logits, 1.0, 0, 1.0, 5, np.arange(6, dtype=np.uint64), n_top=n_top)
    tokens = ws.sample(logits)
    for r in range(6):
        if n_top[r] < 0:
            continue
        chosen, ids, lps = naive.logprobs(logits[r], tokens[r], n_top[r])
        assert ws.chosen_lp[r] == pytest.approx(chosen, abs=1e-9)
        assert ws.top_ids[r, :n_top[r]].tolist() == ids.tolist()
        np.testing.assert_allclose(ws.top_lp[r, :n_top[r]], lps, atol=1e-9)


def test_a_row_does_not_depend_on_its_neighbours():
    rng = np.random.default_rng(5)
    target = (rng.standard_normal(300) * 2).astype(np.float32)
    ws = SamplerWorkspace(64, 300)
    alone = []
    for counter in range(30):
        fill(ws, target[None], 1.1, 20, 0.95, 42, counter)
        alone.append(int(ws.sample(target[None])[0]))
    for batch in (2, 9, 64):
        for counter in range(30):
            logits = (rng.standard_normal((batch, 300)) * 2).astype(np.float32)
            logits[batch // 2] = target
            seeds = rng.integers(0, 2**63, batch, dtype=np.uint64)
            seeds[batch // 2] = 42
            fill(ws, logits, rng.uniform(0.5, 2, batch), rng.integers(0, 50, batch), rng.uniform(0.3, 1, batch), seeds, counter)
            ws.temperature[batch // 2], ws.top_k[batch // 2], ws.top_p[batch // 2] = 1.1, 20, 0.95
            assert int(ws.sample(logits)[batch // 2]) == alone[counter]


def test_sampled_frequencies_follow_the_distribution():
    probs = np.array([0.5, 0.3, 0.15, 0.05])
    logits = np.log(probs).astype(np.float32)[None].repeat(4000, axis=0)
    ws = SamplerWorkspace(4000, 4)
    fill(ws, logits, 1.0, 0, 1.0, 9, np.arange(4000, dtype=np.uint64))
    counts = np.bincount(ws.sample(logits), minlength=4)
    chi2 = (((counts - 4000 * probs) ** 2) / (4000 * probs)).sum()
    assert chi2 < 16.27  # p = 0.001 for 3 degrees of freedom
    fill(ws, logits, 1.0, 2, 1.0, 9, np.arange(4000, dtype=np.uint64))
    assert set(ws.sample(logits).tolist()) == {0, 1}
    fill(ws, logits, 1.0, 0, 0.75, 9, np.arange(4000, dtype=np.uint64))
    assert set(ws.sample(logits).tolist()) == {0, 1}


def test_uniform_matches_reference_and_spreads():
    values = [uniform(s, c) for s in (0, 1, 2**64 - 1) for c in range(200)]
    assert values == [naive.uniform(s, c) for s in (0, 1, 2**64 - 1) for c in range(200)]
    assert 0 <= min(values) and max(values) < 1 and abs(np.mean(values) - 0.5) < 0.05
