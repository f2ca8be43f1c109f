import json
import shutil

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file

from miniserve.model.weights import ModelFormatError, load_model


def copy_with(src, dst, edit_tensors=None, edit_config=None):
    shutil.copytree(src, dst)
    if edit_tensors:
        tensors = load_file(str(dst / "model.safetensors"))
        edit_tensors(tensors)
        save_file(tensors, str(dst / "model.safetensors"))
    if edit_config:
        config = json.loads((dst / "config.json").read_text())
        edit_config(config)
        (dst / "config.json").write_text(json.dumps(config))
    return dst


def test_loads_the_shipped_model(tutor_folder):
    config, weights = load_model(tutor_folder)
    assert weights.token_embedding.shape == (config.vocab_size, config.n_embd)
    assert len(weights.layers) == config.n_layer
    assert all(a.dtype == np.float32 for a in (weights.token_embedding, weights.layers[0].qkv_weight))


def test_missing_tensor_is_named(tutor_folder, tmp_path):
    folder = copy_with(tutor_folder, tmp_path / "m", edit_tensors=lambda t: t.pop("transformer.h.0.ln_1.bias"))
    with pytest.raises(ModelFormatError, match="h.0.ln_1.bias"):
        load_model(folder)


def test_wrong_shape_is_named(tutor_folder, tmp_path):
    def shrink(tensors):
        tensors["transformer.wpe.weight"] = tensors["transformer.wpe.weight"][:10].copy()
    with pytest.raises(ModelFormatError, match="wpe.weight has shape"):
        load_model(copy_with(tutor_folder, tmp_path / "m", edit_tensors=shrink))


@pytest.mark.parametrize("key, value, message", [
    ("model_type", "llama", "model_type"), ("activation_function", "relu", "activation"),
    ("n_head", 5, "divisible"), ("scale_attn_by_inverse_layer_idx", True, "not supported"),
])
def test_unsupported_config_is_refused(tutor_folder, tmp_path, key, value, message):
    with pytest.raises(ModelFormatError, match=message):
        load_model(copy_with(tutor_folder, tmp_path / "m", edit_config=lambda c: c.__setitem__(key, value)))
