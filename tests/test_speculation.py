"""Prompt-lookup speculative decoding: greedy output bitwise identical to plain decoding (tutor and
a random model, ragged batches, every limit), seeded sampling the same tokens, and the output
distribution the model's own (chi-square against probabilities from the NumPy reference)."""

import numpy as np
import pytest

from miniserve.model import reference
from miniserve.engine import Engine, PromptLookup, SamplingParams, Sequence, StepPlan
from miniserve.tutor.corpus import v1 as corpus
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.model.weights import load_model
from tiny_model import tiny_model


def run(engine, prompts, params, drafter):
    engine.drafter, engine.drafted, engine.accepted = drafter, 0, 0
    seqs = engine.generate(prompts, params)
    return [(s.generated, s.finish_reason, s.logprobs) for s in seqs]


@pytest.fixture(scope="module")
def tutor(tutor_folder):
    engine = Engine(*load_model(tutor_folder), n_slots=24, max_step_tokens=256)
    engine.warmup()
    prompt = TutorPrompt.from_folder(tutor_folder)
    sentences = [ex.sentence for ex in corpus.generate("test", 40, seed=7)]
    return engine, [prompt.request(s, engine.config.n_positions)[0] for s in sentences]


def test_tutor_greedy_is_bitwise_identical_and_accepts_most_drafts(tutor):
    engine, prompts = tutor
    params = [SamplingParams(max_new_tokens=80, logprobs=2 if i % 5 == 0 else None) for i in range(len(prompts))]
    plain = run(engine, prompts, params, None)
    for drafter in (PromptLookup(k=4, n=3, max_rows=256), PromptLookup(k=8, n=2, min_n=2, max_rows=256), PromptLookup(k=1, n=1)):
        assert run(engine, prompts, params, drafter) == plain
        assert engine.accepted > 0.2 * engine.drafted > 0  # the tutor copies its input


def test_ragged_batches_and_every_limit_stay_exact():
    config, weights = tiny_model(vocab=7, n_positions=20)
    engine = Engine(config, weights, n_slots=5, max_step_tokens=12)  # a tight budget: drafts compete
    r = np.random.default_rng(1)
    base = [1, 2, 3, 1, 2, 3, 1, 2]
    prompts = [base[:int(r.integers(2, 9))] + r.integers(0, 7, int(r.integers(0, 10))).tolist() for _ in range(30)]
    params = [SamplingParams(max_new_tokens=int(r.integers(1, 16)), stop_at_end=bool(r.integers(2)),
                             logprobs=int(r.integers(0, 4)) if r.integers(2) else None) for _ in prompts]
    plain = run(engine, prompts, params, None)
    for drafter in (PromptLookup(k=3, n=2), PromptLookup(k=6, n=4)):
        got = run(engine, prompts, params, drafter)
        assert got == plain
        assert engine.drafted > engine.accepted > 0
    for (generated, reason, _), prompt, p in zip(plain, prompts, params):
        assert len(generated) <= p.max_new_tokens and len(prompt) + len(generated) <= config.n_positions
        assert reason == "stop" or len(generated) == p.max_new_tokens or len(prompt) + len(generated) == config.n_positions


def test_seeded_sampling_gives_the_same_tokens_with_or_without_speculation():
    config, weights = tiny_model(vocab=6, n_positions=32, seed=2)
    engine = Engine(config, weights, n_slots=8, max_step_tokens=64)
    prompts = [[1, 2, 3, 4, 1, 2, 3, 4, 1, 2][:n] for n in range(2, 11)]
    params = [SamplingParams(max_new_tokens=20, temperature=t, top_k=k, top_p=p, seed=s, stop_at_end=False)
              for s, (t, k, p) in enumerate([(1.0, 0, 1.0), (0.7, 3, 1.0), (1.3, 0, 0.8)] * 3)]
    plain = run(engine, prompts, params, None)
    assert run(engine, prompts, params, PromptLookup(k=4, n=2)) == plain
    assert engine.drafted > engine.accepted > 0


def test_speculative_sampling_has_the_models_distribution():
    """5,000 seeded runs of 3 tokens with drafts verified (and often rejected) against the exact
    joint distribution of those 3 tokens from the full-recompute reference: a chi-square test."""
    config, weights = tiny_model(vocab=4, n_positions=16, scale=0.25, seed=3)
    prompt, runs = [1, 2, 3, 1, 2], 5000
    engine = Engine(config, weights, n_slots=64, max_step_tokens=512)
    params = [SamplingParams(max_new_tokens=3, temperature=1.0, seed=s, stop_at_end=False) for s in range(runs)]
    got = run(engine, [prompt] * runs, params, PromptLookup(k=2, n=2, max_rows=512))
    assert engine.drafted > engine.accepted > 0.1 * engine.drafted
    counts = {}
    for generated, _, _ in got:
        counts[tuple(generated)] = counts.get(tuple(generated), 0) + 1

    def probs(ids):
        z = reference.forward(config, weights, ids)[-1].astype(np.float64)
        e = np.exp(z - z.max())
        return e / e.sum()

    expected = {}
    for a, pa in enumerate(probs(prompt)):
        for b, pb in enumerate(probs(prompt + [a])):
            for c, pc in enumerate(probs(prompt + [a, b])):
                expected[(a, b, c)] = runs * pa * pb * pc
    big = [k for k, e in expected.items() if e >= 5]  # cells with fewer expected draws are pooled
    observed = [counts.get(k, 0) for k in big] + [runs - sum(counts.get(k, 0) for k in big)]
    wanted = [expected[k] for k in big] + [runs - sum(expected[k] for k in big)]
    chi2 = sum((o - e) ** 2 / e for o, e in zip(observed, wanted) if e > 0)
    df = len(big)
    assert df >= 20
    assert chi2 < df + 4 * np.sqrt(2 * df) + 10  # far above the 0.999 quantile; a wrong rule is far beyond


def test_plan_drafts_only_with_spare_budget():
    config, weights = tiny_model()
    engine = Engine(config, weights, n_slots=4, max_step_tokens=16, drafter=PromptLookup(k=4, n=2))
    seqs = [Sequence([1, 2, 3, 1, 2], SamplingParams(max_new_tokens=10, stop_at_end=False)) for _ in range(3)]
    for seq in seqs:
        engine.admit(seq)
    engine.step(StepPlan.within(seqs, 16))  # prefill: 15 tokens
    for seq in seqs:
        seq.generated[-1] = 3  # make the continuation "1 2" predictable from the prompt
    full = StepPlan.within(seqs, 3, drafter=engine.drafter, n_positions=config.n_positions)
    assert full.n_tokens == 3 and not full.drafts  # decodes take the whole budget
    spare = StepPlan.within(seqs, 8, drafter=engine.drafter, n_positions=config.n_positions)
    assert spare.n_tokens == 8 and [len(d) for d in spare.drafts.values()] == [3, 2]
    off = StepPlan.within(seqs, 16)
    assert not off.drafts
    small = StepPlan.within(seqs, 16, drafter=PromptLookup(k=4, n=2, max_rows=5), n_positions=config.n_positions)
    assert small.n_tokens == 5  # drafts fill the step up to the drafter's max_rows, not the budget
    for seq in seqs:
        engine.release(seq)


def test_drafts_from_remembered_answers():
    drafter = PromptLookup(k=4, n=2, history=2)
    for answer in ([7, 8, 9], [5, 6, 1, 2], [8, 9, 3, 4]):
        drafter.remember(answer)
    assert drafter.draft(np.array([0, 1, 5, 6]), 10).tolist() == [1, 2]  # ends at the answer's end
    assert drafter.draft(np.array([0, 1, 6, 7]), 10).tolist() == []  # [7, 8, 9] is forgotten: history is 2
    assert drafter.draft(np.array([0, 1, 8, 9]), 10).tolist() == [3, 4]
    assert drafter.draft(np.array([0, 8, 1, 8, 9]), 10).tolist() == [3, 4]  # n=2 in history beats n=1 in the text
    assert PromptLookup(k=4, n=2, history=0).draft(np.array([0, 8, 9]), 10).tolist() == []


@pytest.mark.parametrize("tokens, k, n, want", [
    ([5, 6, 7, 8, 5, 6], 3, 2, [7, 8, 5]),  # the earliest earlier match of the longest suffix
    ([5, 6, 7, 8, 9, 6], 2, 3, [7, 8]),  # no match of 3 or 2: falls back to 1
    ([5, 6, 7], 4, 2, []),  # nothing to match
    ([7, 7, 7], 4, 2, [7]),  # overlapping match: as much as the text has
    ([1, 2, 3, 1, 2, 3, 1, 2], 2, 3, [3, 1]),
])
def test_prompt_lookup(tokens, k, n, want):
    assert PromptLookup(k=k, n=n, history=0).draft(np.array(tokens), 10).tolist() == want
    assert PromptLookup(k=k, n=n, history=0).draft(np.array(tokens), 1).tolist() == want[:1]


class StopAtToken:
    """A stop condition: the sequence ends at the first `token` it generates."""

    def __init__(self, token: int):
        self.token = token

    def matched(self, generated) -> bool:
        return generated[-1] == self.token


def test_a_stop_condition_ends_the_sequence_at_its_token_with_and_without_drafts(tutor):
    engine, prompts = tutor
    free = run(engine, prompts, SamplingParams(max_new_tokens=80), None)
    stops = [StopAtToken(generated[len(generated) // 2]) for generated, _, _ in free]
    params = [SamplingParams(max_new_tokens=80, stop=stop) for stop in stops]
    want = []
    for (generated, _, _), stop in zip(free, stops):
        cut = generated.index(stop.token) + 1
        want.append((generated[:cut], "stop", []))
    assert run(engine, prompts, params, None) == want
    assert run(engine, prompts, params, PromptLookup(k=8, n=2, min_n=2, max_rows=256)) == want
