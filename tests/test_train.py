"""The training script end to end on a tiny config: it writes a folder both loaders accept."""

import json
import math

import numpy as np
import pytest

from miniserve import reference
from miniserve.tutor.prompt import TutorPrompt
from miniserve.weights import load_model

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


def test_tiny_training_run(tmp_path):
    from miniserve.tutor import train

    out = tmp_path / "tiny"
    train.main(["--out", str(out), "--examples", "1500", "--steps", "60", "--n-embd", "32", "--n-layer", "1",
                "--n-head", "2", "--vocab-size", "400", "--batch-size", "32", "--lr", "3e-3"])
    for name in ("config.json", "model.safetensors", "tokenizer.json", "generation_config.json"):
        assert (out / name).exists()
    summary = json.loads((out / "training.json").read_text())
    assert summary["final_valid_loss"] < 0.85 * math.log(400)  # it learned something: below uniform guessing
    config, weights = load_model(out)
    ids = TutorPrompt.from_folder(out).prompt_ids("She goed home.")
    model = transformers.GPT2LMHeadModel.from_pretrained(out).eval()
    with torch.no_grad():
        theirs = model(torch.tensor([ids])).logits[0].numpy()
    np.testing.assert_allclose(reference.forward(config, weights, ids), theirs, atol=1e-4)
    tokenizer = transformers.AutoTokenizer.from_pretrained(out)
    assert tokenizer("She goed home.")["input_ids"] == TutorPrompt.from_folder(out).encode_text("She goed home.")
