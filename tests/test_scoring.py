"""Scoring requests: teacher-forced log-probabilities of continuations, computed in the engine's
batched step beside generating sequences, checked against the NumPy reference."""

import numpy as np
import pytest

from miniserve.model import reference
from miniserve.engine import Engine, SamplingParams, Sequence
from miniserve.model.weights import load_model

PREFIX = [0, 17, 3, 8]
CONTINUATIONS = [[44, 2, 9], [44, 5], [120, 7, 7, 7, 1], [3]]


@pytest.fixture(scope="module")
def model(random_gpt2_folder):
    return load_model(random_gpt2_folder)


def steps_of(engine: Engine) -> list[set[int]]:
    """Record the sequence ids of every step the engine runs."""
    seen, step = [], engine.step

    def recording(plan):
        seen.append({seq.id for seq, _ in plan.items})
        return step(plan)

    engine.step = recording
    return seen


# everything in one step; prompts chunked over several, with every chunk boundary (a chunk of the
# last token alone has no scored row, yet finishes the sequence)
@pytest.mark.parametrize("budget", [64, 1, 2, 3, 4, 5, 6, 7, 8])
def test_scores_match_the_reference(model, budget):
    engine = Engine(*model, n_slots=4, max_step_tokens=budget)
    got = engine.score(PREFIX, CONTINUATIONS)
    for continuation, scores in zip(CONTINUATIONS, got):
        expected = reference.score(*model, PREFIX, continuation)
        np.testing.assert_allclose(scores, expected, atol=2e-4)
    assert engine.cache.used_slots == 0


def test_continuations_are_scored_in_one_batched_step(model):
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    seen = steps_of(engine)
    seqs = engine.run([Sequence(PREFIX + c, SamplingParams(score_tokens=len(c))) for c in CONTINUATIONS])
    assert seen == [{s.id for s in seqs}]
    assert all(s.generated == [] and s.finish_reason == "stop" for s in seqs)


def test_scoring_beside_generation_changes_neither(model):
    engine = Engine(*model, n_slots=4, max_step_tokens=64)
    greedy = SamplingParams(max_new_tokens=6, stop_at_end=False)
    alone = engine.generate([PREFIX], greedy)[0].generated
    seen = steps_of(engine)
    seqs = engine.run([Sequence(list(PREFIX), greedy)] +
                      [Sequence(PREFIX + c, SamplingParams(score_tokens=len(c))) for c in CONTINUATIONS[:2]])
    assert seqs[0].generated == alone
    assert seen[0] == {s.id for s in seqs}  # one step held both kinds
    for seq, continuation in zip(seqs[1:], CONTINUATIONS):
        np.testing.assert_allclose([lp for lp, _ in seq.logprobs], reference.score(*model, PREFIX, continuation), atol=2e-4)


def test_a_scored_token_needs_a_token_before_it(model):
    engine = Engine(*model, n_slots=2, max_step_tokens=64)
    with pytest.raises(ValueError):
        engine.run([Sequence([5, 6], SamplingParams(score_tokens=2))])
    with pytest.raises(ValueError):
        SamplingParams(score_tokens=-1)
