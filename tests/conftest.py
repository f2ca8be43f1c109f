import json
import os
from pathlib import Path

import numpy as np
import pytest
from safetensors.numpy import save_file

from miniserve.tutor import model_folder as default_model_folder
from miniserve.model.weights import GPT2Config, expected_shapes


@pytest.fixture(scope="session")
def tutor_folder() -> Path:
    """The shipped tutor (MINISERVE_TEST_MODEL points the suite at another tutor folder)."""
    return Path(os.environ.get("MINISERVE_TEST_MODEL") or default_model_folder())


@pytest.fixture(scope="session")
def random_gpt2_folder(tmp_path_factory) -> Path:
    """A random-weight GPT-2 of another shape, so no code is tied to one size. Written with NumPy
    and safetensors in the Hugging Face layout (transformers loads it too), so no torch is needed."""
    config = {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "vocab_size": 300, "n_positions": 64,
              "n_embd": 48, "n_layer": 2, "n_head": 3, "activation_function": "gelu_new",
              "layer_norm_epsilon": 1e-5, "bos_token_id": 0, "eos_token_id": 0, "pad_token_id": 0}
    config_object = GPT2Config(**{k: config[k] for k in ("vocab_size", "n_positions", "n_embd", "n_layer", "n_head")})
    rng = np.random.default_rng(0)
    tensors = {}
    for name, shape in expected_shapes(config_object).items():
        if name.endswith("weight") and len(shape) == 1:  # layer-norm gains around 1
            value = 1 + 0.1 * rng.standard_normal(shape)
        else:  # larger than GPT-2's init (0.02) so that every layer matters
            value = 0.1 * rng.standard_normal(shape)
        tensors["transformer." + name] = np.ascontiguousarray(value, dtype=np.float32)
    folder = tmp_path_factory.mktemp("random_gpt2")
    save_file(tensors, str(folder / "model.safetensors"), metadata={"format": "pt"})
    (folder / "config.json").write_text(json.dumps(config, indent=2))
    return folder
