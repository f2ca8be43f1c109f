"""The step recording (`--record-steps`) and its replay on the engine alone (bench/step_replay.py):
a replay computes exactly the served steps (same sequences, seeds, chunks, drafts, constraints,
cancellations), so that the two times of one step differ only by what serving did around it."""

from __future__ import annotations

import dataclasses

import pytest

from bench.step_replay import compare, replay
from miniserve.engine import Engine, SamplingParams, Sequence
from miniserve.engine.constraint import AllowedTokens
from miniserve.engine.draft import PromptLookup
from miniserve.engine.loop import CoreLoop
from miniserve.engine.policy import Continuous
from miniserve.engine.recorder import Recording, StepRecorder

PROMPTS = [[0, 5, 9, 14, 3, 3, 8, 5, 9, 14], [0, 17, 3, 8, 2, 44, 19, 21, 22, 5, 6], [0, 99], [0, 7, 7, 7, 7, 1, 2, 3]]
PARAMS = [SamplingParams(max_new_tokens=12, stop_at_end=False),
          SamplingParams(max_new_tokens=12, temperature=0.9, top_p=0.9, stop_at_end=False),  # a seed of its own
          SamplingParams(max_new_tokens=12, stop_at_end=False, constraint=AllowedTokens([3, 7, 11, 250])),
          SamplingParams(max_new_tokens=30, stop_at_end=False)]  # cancelled half way


def record(folder, path) -> Recording:
    """Serve the prompts on a core loop that records, with chunked prefill (budget 5), drafts and
    a cancellation, and return the recording as saved and loaded."""
    engine = Engine.from_folder(folder, n_slots=4, max_step_tokens=5, drafter=PromptLookup(k=2, max_rows=16))
    loop = CoreLoop(engine, Continuous(), 5, 4)
    loop.recorder = StepRecorder(path)
    seqs = [Sequence(list(p), sp) for p, sp in zip(PROMPTS, PARAMS)]
    for seq in seqs:
        loop.add(seq)
    steps = 0
    while loop.busy:
        loop.step()
        steps += 1
        if steps == 6:
            loop.cancel(seqs[3].id)
    loop.recorder.save()
    assert engine.drafted > 0  # drafts were verified, so the replay must repeat them
    return Recording.load(path)


def test_a_replay_computes_exactly_the_served_steps(random_gpt2_folder, tmp_path):
    recording = record(random_gpt2_folder, tmp_path / "steps.pickle")
    assert len(recording.arrivals) == 4 and any(step.left for step in recording.steps)
    seconds, diverged = replay(recording, random_gpt2_folder, n_slots=4, step_token_budget=5, paced=False)
    assert diverged == 0
    assert len(seconds) == len(recording.steps)
    assert all((s is None) == (not step.items) for s, step in zip(seconds, recording.steps))
    rows = compare(recording, seconds, seconds)
    assert rows[0]["rows"] == "all" and rows[0]["steps"] == sum(1 for step in recording.steps if step.items)


def test_a_replay_that_gives_other_tokens_says_so(random_gpt2_folder, tmp_path):
    recording = record(random_gpt2_folder, tmp_path / "steps.pickle")
    sampled = next(a for a in recording.arrivals if a.params.temperature > 0)
    recording.arrivals[recording.arrivals.index(sampled)] = dataclasses.replace(sampled, seed64=sampled.seed64 ^ 1)
    _, diverged = replay(recording, random_gpt2_folder, n_slots=4, step_token_budget=5, paced=False)
    assert diverged > 0


def test_saving_twice_writes_once(random_gpt2_folder, tmp_path):
    path = tmp_path / "steps.pickle"
    recording = record(random_gpt2_folder, path)
    recorder = StepRecorder(path)  # a second recorder at the same path, saved at exit only
    recorder.save()
    assert Recording.load(path).steps == []
    recorder.recording.steps.append(recording.steps[0])
    recorder.save()  # already saved: nothing written
    assert Recording.load(path).steps == []



def test_a_recording_nobody_could_write_is_refused_at_start(tmp_path):
    from miniserve.config import Settings, SettingsError

    assert Settings.from_env({}, record_steps=str(tmp_path / "steps.pickle")).record_steps
    with pytest.raises(SettingsError, match="--record-steps.*no writable folder"):
        Settings.from_env({}, record_steps=str(tmp_path / "missing" / "steps.pickle"))
