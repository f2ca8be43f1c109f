"""The standard workload (bench/workload.py): reproducible from its seed, and shaped as documented."""

from __future__ import annotations

import json

import numpy as np

from miniserve.config import Settings

from bench import workload


def test_the_same_seed_gives_the_same_requests():
    a, b, c = workload.make("mix", 300, 5), workload.make("mix", 300, 5), workload.make("mix", 300, 6)
    assert a == b and a != c
    assert workload.make("tutor", 50, 5) == workload.make("tutor", 50, 5)


def test_the_mix_has_its_shares_and_every_request_is_valid():
    requests = workload.make("mix", 2000, 1)
    shares = {k: sum(r.kind == k for r in requests) / len(requests) for k in ("tutor", "paragraph", "api")}
    assert abs(shares["tutor"] - 0.7) < 0.04 and abs(shares["paragraph"] - 0.1) < 0.03 and abs(shares["api"] - 0.2) < 0.03
    for r in requests:
        body = json.loads(r.body)
        if r.kind == "tutor":
            assert r.path == "/correct?stream=true" and set(body) == {"sentence"}
            assert 1 <= len(body["sentence"]) <= 300 and workload.fits(body["sentence"])
        elif r.kind == "paragraph":
            assert r.path == "/correct?stream=true" and set(body) == {"text"}
            assert 1 <= len(body["text"]) <= 2000 and 2 <= r.sequences <= 8
        else:
            assert r.path == "/v1/completions" and body["stream"] and body["ignore_eos"]
            prompt_tokens = len(workload._tutor_prompt().encode_text(body["prompt"]))
            assert 1 <= body["max_tokens"] == r.max_tokens <= workload._n_positions() - prompt_tokens
            assert r.max_tokens <= Settings().max_new_tokens  # a longer ask is the server's 400, not load
    assert workload.make("tutor", 200, 1)[0].kind == "tutor" and {r.kind for r in workload.make("tutor", 200, 1)} == {"tutor"}


def test_learner_sentences_are_short_and_long_and_api_lengths_long_tailed():
    requests = workload.make("mix", 3000, 2)
    chars = np.array([r.chars for r in requests if r.kind == "tutor"])
    # lognormal around 60 characters: mostly short, a real tail of run-on sentences up to the limit
    assert 40 <= np.median(chars) <= 85
    assert np.percentile(chars, 10) < 40 and np.percentile(chars, 99) > 180 and chars.max() <= 300
    tokens = np.array([r.max_tokens for r in requests if r.kind == "api"])
    assert 20 <= np.median(tokens) <= 45
    assert np.percentile(tokens, 95) > 3 * np.median(tokens)  # long-tailed, not uniform
    assert np.mean(tokens) > np.median(tokens)
    described = workload.describe(requests)
    assert set(described) == {"tutor", "paragraph", "api"} and described["api"]["max_tokens_max"] == tokens.max()


def test_a_mix_can_be_given_as_shares():
    requests = workload.make({"tutor": 1.0, "api": 1.0}, 400, 3)
    assert {r.kind for r in requests} == {"tutor", "api"}
