"""Token constraints: constrained greedy equals masking the logits by hand; a disallowed token never
comes out (hypothesis, with and without speculation); one sequence's constraint leaves the others alone."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from miniserve.model import reference
from miniserve.engine import AllowedTokens, Engine, PromptLookup, SamplingParams, TokenConstraint
from tiny_model import tiny_model


class Alternating:
    """A constraint that depends on the prefix: even steps allow `even`, odd steps `odd`."""

    def __init__(self, even, odd):
        self.even, self.odd = np.array(sorted(even), np.int32), np.array(sorted(odd), np.int32)
        self.asked = 0

    def allowed(self, generated):
        self.asked += 1
        return self.even if len(generated) % 2 == 0 else self.odd


class Copy:
    """Allows only the next token of a target text, then anything (None): speculation's best case."""

    def __init__(self, target):
        self.target = target

    def allowed(self, generated):
        i = len(generated)
        return np.array([self.target[i]], np.int32) if i < len(self.target) else None


@pytest.fixture(scope="module")
def model():
    return tiny_model(vocab=11, n_positions=40, d=24, n_layer=2, n_head=3, scale=0.5, seed=4)


def test_protocol_and_allowed_tokens():
    assert isinstance(AllowedTokens([3, 1, 3]), TokenConstraint)
    assert AllowedTokens([3, 1, 3]).allowed([5]).tolist() == [1, 3]
    for bad in ([], [-1], [2**40]):
        with pytest.raises(ValueError):
            AllowedTokens(bad)
    with pytest.raises(ValueError):
        SamplingParams(constraint=object())


@pytest.mark.parametrize("drafter", [None, PromptLookup(k=3, n=2)])
def test_constrained_greedy_is_argmax_over_the_allowed_ids(model, drafter):
    config, weights = model
    engine = Engine(config, weights, n_slots=4, max_step_tokens=64, drafter=drafter)
    prompt = [1, 2, 3, 4, 1, 2, 3, 4, 1]
    constraint = Alternating(even=[2, 3, 5, 7], odd=[1, 2, 3, 4])
    seq = engine.generate([prompt], SamplingParams(max_new_tokens=12, stop_at_end=False, constraint=constraint))[0]
    ids = list(prompt)
    for _ in range(12):  # the reference: mask by hand, argmax
        logits = reference.forward(config, weights, ids)[-1]
        mask = np.full(config.vocab_size, -np.inf)
        allowed = constraint.allowed(ids[len(prompt):])
        mask[allowed] = 0
        ids.append(int(np.argmax(logits + mask)))
    assert seq.generated == ids[len(prompt):]


def test_speculation_verifies_drafts_against_the_constraint(model):
    config, weights = model
    target = [3, 4, 1, 2, 3, 4, 1, 2, 9, 9, 3, 4, 1]
    params = SamplingParams(max_new_tokens=len(target), stop_at_end=False, constraint=Copy(target))
    plain = Engine(config, weights, n_slots=2, max_step_tokens=64)
    spec = Engine(config, weights, n_slots=2, max_step_tokens=64, drafter=PromptLookup(k=4, n=2))
    prompt = [1, 2, 3, 4, 1, 2]
    assert plain.generate([prompt], params)[0].generated == target
    assert spec.generate([prompt], params)[0].generated == target
    assert spec.accepted > 0  # drafts are cut where the constraint disagrees, and accepted elsewhere


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_a_disallowed_token_never_comes_out(model, data):
    config, weights = model
    vocab = config.vocab_size
    sets = [data.draw(st.sets(st.integers(0, vocab - 1), min_size=1, max_size=vocab)) for _ in range(2)]
    constraint = Alternating(*sets)
    params = SamplingParams(max_new_tokens=data.draw(st.integers(1, 10)), temperature=data.draw(st.sampled_from([0.0, 0.5, 1.0, 1e-300])),
                            top_k=data.draw(st.integers(0, 4)), top_p=data.draw(st.sampled_from([1.0, 0.7])),
                            seed=data.draw(st.integers(0, 2**64 - 1)), stop_at_end=data.draw(st.booleans()), constraint=constraint)
    drafter = data.draw(st.sampled_from([None, PromptLookup(k=3, n=2, min_n=1)]))
    engine = Engine(config, weights, n_slots=3, max_step_tokens=48, drafter=drafter)
    prompt = data.draw(st.lists(st.integers(0, vocab - 1), min_size=1, max_size=12))
    seq = engine.generate([prompt], params)[0]
    for i, token in enumerate(seq.generated):
        assert token in (sets[0] if i % 2 == 0 else sets[1])


def test_one_sequences_constraint_does_not_touch_another(model):
    config, weights = model
    engine = Engine(config, weights, n_slots=6, max_step_tokens=64, drafter=PromptLookup(k=3, n=2))
    prompts = [[1, 2, 3, 1, 2], [4, 5, 6, 4], [7, 8, 9, 7, 8], [1, 1, 1]]
    free = [SamplingParams(max_new_tokens=10, temperature=t, seed=s, stop_at_end=False) for s, t in enumerate([0, 1.0, 0.7, 0])]
    alone = [s.generated for s in engine.generate(prompts, free)]
    mixed = list(free)
    mixed[1] = SamplingParams(max_new_tokens=10, stop_at_end=False, constraint=AllowedTokens([0, 10]))
    got = engine.generate(prompts, mixed)
    assert [got[i].generated for i in (0, 2, 3)] == [alone[i] for i in (0, 2, 3)]
    assert set(got[1].generated) <= {0, 10}
