"""The NumPy reference forward pass against Hugging Face transformers (the cross-check)."""

import numpy as np
import pytest

from miniserve.model import reference
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.model.weights import load_model

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


def hf_logits(folder, ids):
    model = transformers.GPT2LMHeadModel.from_pretrained(folder).eval()
    with torch.no_grad():
        return model(torch.tensor([ids])).logits[0].numpy()


def test_random_config_matches_transformers(random_gpt2_folder):
    config, weights = load_model(random_gpt2_folder)
    ids = np.random.default_rng(1).integers(0, config.vocab_size, config.n_positions).tolist()
    np.testing.assert_allclose(reference.forward(config, weights, ids), hf_logits(random_gpt2_folder, ids), atol=1e-4)


def test_shipped_model_matches_transformers(tutor_folder):
    config, weights = load_model(tutor_folder)
    prompt = TutorPrompt.from_folder(tutor_folder)
    ids = prompt.prompt_ids("Yesterday my neighbour's children runned all the way to the river.")
    ids += prompt.completion_ids("Yesterday my neighbour's children ran all the way to the river.", "x")
    np.testing.assert_allclose(reference.forward(config, weights, ids), hf_logits(tutor_folder, ids), atol=1e-4)


def test_greedy_generation_matches_transformers_generate(tutor_folder):
    config, weights = load_model(tutor_folder)
    prompt = TutorPrompt.from_folder(tutor_folder)
    model = transformers.GPT2LMHeadModel.from_pretrained(tutor_folder).eval()
    for sentence in ("He goed to school", "Does she knows the answer?", "They have ate lunch."):
        ids, budget = prompt.request(sentence, config.n_positions)
        ours = reference.generate_greedy(config, weights, ids, budget)
        with torch.no_grad():
            theirs = model.generate(torch.tensor([ids]), max_new_tokens=budget, do_sample=False,
                                    eos_token_id=prompt.end_id, pad_token_id=prompt.end_id)[0, len(ids):]
        assert ours == theirs.tolist()


def test_context_limit_is_enforced(random_gpt2_folder):
    config, weights = load_model(random_gpt2_folder)
    with pytest.raises(ValueError, match="outside"):
        reference.forward(config, weights, [1] * (config.n_positions + 1))
    out = reference.generate_greedy(config, weights, [1] * (config.n_positions - 2), max_new_tokens=10)
    assert len(out) <= 2
