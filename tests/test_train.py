"""The training script end to end on a tiny config: it writes a folder both loaders accept."""

import json
import math

import numpy as np
import pytest

from miniserve.model import reference
from miniserve.tutor.runtime.prompt import TutorPrompt
from miniserve.model.weights import load_model

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")


def test_tiny_training_run(tmp_path):
    from miniserve.tutor.training import train
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


TINY = ["--examples", "600", "--n-embd", "32", "--n-layer", "1", "--n-head", "2", "--vocab-size", "400",
        "--batch-size", "32", "--lr", "3e-3", "--steps", "8", "--checkpoint-every", "3", "--valid-examples", "100"]


def test_a_killed_stage_resumes_from_its_checkpoint(tmp_path, monkeypatch, capsys):
    from safetensors.numpy import load_file

    from miniserve.tutor.training import train
    train.main(["--out", str(tmp_path / "whole"), *TINY])
    real_save = train.save_checkpoint

    def save_then_die(path, state):
        real_save(path, state)
        raise KeyboardInterrupt("killed after the first checkpoint")

    monkeypatch.setattr(train, "save_checkpoint", save_then_die)
    with pytest.raises(KeyboardInterrupt):
        train.main(["--out", str(tmp_path / "cut"), *TINY])
    monkeypatch.setattr(train, "save_checkpoint", real_save)
    pids = tmp_path / "pids"
    train.main(["--out", str(tmp_path / "cut"), *TINY, "--pid-file", str(pids)])
    assert "resumed at step 3" in capsys.readouterr().out
    whole, cut = (load_file(tmp_path / d / "model.safetensors") for d in ("whole", "cut"))
    for name in whole:
        np.testing.assert_allclose(whole[name], cut[name], atol=1e-5, err_msg=name)
    assert json.loads((tmp_path / "cut" / "training.json").read_text())["steps"] == 8
    assert pids.read_text() == ""  # the process took its id out again


def test_grown_layers_start_as_the_identity(random_gpt2_folder):
    from miniserve.tutor.training.train import grow

    model = transformers.GPT2LMHeadModel.from_pretrained(random_gpt2_folder).eval()
    ids = torch.tensor([[1, 5, 9, 4, 2]])
    with torch.no_grad():
        before = model(ids).logits
        grown = grow(model, 2).eval()
        after = grown(ids).logits
    assert grown.config.n_layer == 4 and len(grown.transformer.h) == 4
    torch.testing.assert_close(before, after)


def test_the_clock_does_not_count_a_pause(monkeypatch):
    from miniserve.tutor.training import train
    now = [100.0]
    monkeypatch.setattr(train.time, "time", lambda: now[0])
    clock = train.ActiveClock()
    for _ in range(5):
        now[0] += 1.0
        clock.tick()
    now[0] += 600.0  # SIGSTOPped by a benchmark for ten minutes
    clock.tick()
    assert clock.spent < 8.0
