import os
from pathlib import Path

import pytest

from miniserve.tutor import model_folder as default_model_folder


@pytest.fixture(scope="session")
def tutor_folder() -> Path:
    """The shipped tutor (MINISERVE_TEST_MODEL points the suite at another tutor folder)."""
    return Path(os.environ.get("MINISERVE_TEST_MODEL") or default_model_folder())


@pytest.fixture(scope="session")
def random_gpt2_folder(tmp_path_factory) -> Path:
    """A random-weight GPT-2 of another shape, saved by transformers, so no code is tied to one size."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    torch.manual_seed(0)
    config = transformers.GPT2Config(
        vocab_size=300, n_positions=64, n_embd=48, n_layer=2, n_head=3,
        bos_token_id=0, eos_token_id=0, pad_token_id=0,
    )
    model = transformers.GPT2LMHeadModel(config)
    with torch.no_grad():  # larger than the init's 0.02 so that every layer matters
        for p in model.parameters():
            p.add_(torch.randn_like(p) * 0.1)
    folder = tmp_path_factory.mktemp("random_gpt2")
    model.save_pretrained(folder, safe_serialization=True)
    return folder
