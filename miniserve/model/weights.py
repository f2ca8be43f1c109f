"""GPT-2 model format: the config, and weights loaded from a Hugging Face folder with every name
and shape checked. GPT-2 stores its linear layers as Conv1D, i.e. (in, out): y = x @ W + b."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file

SUPPORTED_ACTIVATIONS = ("gelu_new", "gelu_pytorch_tanh")  # both the tanh approximation


class ModelFormatError(ValueError):
    """The folder is not a GPT-2 model this project can serve."""


@dataclass(frozen=True)
class GPT2Config:
    vocab_size: int
    n_positions: int
    n_embd: int
    n_layer: int
    n_head: int
    layer_norm_epsilon: float = 1e-5
    eos_token_id: int = 0

    @property
    def head_dim(self) -> int:
        return self.n_embd // self.n_head

    @classmethod
    def from_folder(cls, folder: str | Path) -> "GPT2Config":
        raw = json.loads((Path(folder) / "config.json").read_text())
        if raw.get("model_type") != "gpt2":
            raise ModelFormatError(f"model_type is {raw.get('model_type')!r}, expected 'gpt2'")
        activation = raw.get("activation_function", "gelu_new")
        if activation not in SUPPORTED_ACTIVATIONS:
            raise ModelFormatError(f"activation {activation!r} is not supported")
        for flag, wanted in (("scale_attn_by_inverse_layer_idx", False), ("reorder_and_upcast_attn", False),
                             ("scale_attn_weights", True), ("tie_word_embeddings", True)):
            if raw.get(flag, wanted) != wanted:
                raise ModelFormatError(f"{flag}={raw[flag]} is not supported")
        if raw.get("n_inner") not in (None, 4 * raw["n_embd"]):
            raise ModelFormatError(f"n_inner={raw['n_inner']} is not supported (only 4 * n_embd)")
        config = cls(
            vocab_size=raw["vocab_size"], n_positions=raw["n_positions"], n_embd=raw["n_embd"],
            n_layer=raw["n_layer"], n_head=raw["n_head"],
            layer_norm_epsilon=raw.get("layer_norm_epsilon", 1e-5),
            eos_token_id=raw.get("eos_token_id", 0) if raw.get("eos_token_id") is not None else 0,
        )
        if config.n_embd % config.n_head:
            raise ModelFormatError(f"n_embd {config.n_embd} is not divisible by n_head {config.n_head}")
        return config


@dataclass(frozen=True)
class LayerWeights:
    ln1_gain: np.ndarray  # (d,)
    ln1_bias: np.ndarray  # (d,)
    qkv_weight: np.ndarray  # (d, 3d)
    qkv_bias: np.ndarray  # (3d,)
    attn_out_weight: np.ndarray  # (d, d)
    attn_out_bias: np.ndarray  # (d,)
    ln2_gain: np.ndarray  # (d,)
    ln2_bias: np.ndarray  # (d,)
    fc_weight: np.ndarray  # (d, 4d)
    fc_bias: np.ndarray  # (4d,)
    mlp_out_weight: np.ndarray  # (4d, d)
    mlp_out_bias: np.ndarray  # (d,)


@dataclass(frozen=True)
class GPT2Weights:
    token_embedding: np.ndarray  # (V, d), also the (tied) output projection
    position_embedding: np.ndarray  # (P, d)
    layers: tuple[LayerWeights, ...]
    lnf_gain: np.ndarray  # (d,)
    lnf_bias: np.ndarray  # (d,)


def expected_shapes(config: GPT2Config) -> dict[str, tuple[int, ...]]:
    d, V, P = config.n_embd, config.vocab_size, config.n_positions
    shapes = {"wte.weight": (V, d), "wpe.weight": (P, d), "ln_f.weight": (d,), "ln_f.bias": (d,)}
    for i in range(config.n_layer):
        shapes |= {
            f"h.{i}.ln_1.weight": (d,), f"h.{i}.ln_1.bias": (d,),
            f"h.{i}.attn.c_attn.weight": (d, 3 * d), f"h.{i}.attn.c_attn.bias": (3 * d,),
            f"h.{i}.attn.c_proj.weight": (d, d), f"h.{i}.attn.c_proj.bias": (d,),
            f"h.{i}.ln_2.weight": (d,), f"h.{i}.ln_2.bias": (d,),
            f"h.{i}.mlp.c_fc.weight": (d, 4 * d), f"h.{i}.mlp.c_fc.bias": (4 * d,),
            f"h.{i}.mlp.c_proj.weight": (4 * d, d), f"h.{i}.mlp.c_proj.bias": (d,),
        }
    return shapes


def _strip_prefix(tensors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Accept both GPT2LMHeadModel ("transformer.h.0...") and GPT2Model ("h.0...") names."""
    out = {}
    for name, tensor in tensors.items():
        out[name.removeprefix("transformer.")] = tensor
    return out


def load_weights(folder: str | Path, config: GPT2Config) -> GPT2Weights:
    path = Path(folder) / "model.safetensors"
    if not path.exists():
        raise ModelFormatError(f"{path} does not exist")
    tensors = _strip_prefix(load_file(str(path)))
    tied = tensors.pop("lm_head.weight", None)
    for name in [n for n in tensors if n.endswith((".attn.bias", ".attn.masked_bias"))]:
        del tensors[name]  # causal-mask buffers that old transformers versions saved
    shapes = expected_shapes(config)
    missing = sorted(set(shapes) - set(tensors))
    unexpected = sorted(set(tensors) - set(shapes))
    if missing or unexpected:
        raise ModelFormatError(f"weight names do not match GPT-2: missing {missing[:5]}, unexpected {unexpected[:5]}")
    for name, shape in shapes.items():
        if tensors[name].shape != shape:
            raise ModelFormatError(f"{name} has shape {tensors[name].shape}, expected {shape}")
    if tied is not None and not np.array_equal(tied, tensors["wte.weight"]):
        raise ModelFormatError("lm_head.weight differs from wte.weight: only tied embeddings are supported")
    t = {name: np.ascontiguousarray(value, dtype=np.float32) for name, value in tensors.items()}
    layers = tuple(
        LayerWeights(*(t[f"h.{i}.{part}"] for part in (
            "ln_1.weight", "ln_1.bias", "attn.c_attn.weight", "attn.c_attn.bias",
            "attn.c_proj.weight", "attn.c_proj.bias", "ln_2.weight", "ln_2.bias",
            "mlp.c_fc.weight", "mlp.c_fc.bias", "mlp.c_proj.weight", "mlp.c_proj.bias",
        )))
        for i in range(config.n_layer)
    )
    return GPT2Weights(t["wte.weight"], t["wpe.weight"], layers, t["ln_f.weight"], t["ln_f.bias"])


def load_model(folder: str | Path) -> tuple[GPT2Config, GPT2Weights]:
    config = GPT2Config.from_folder(folder)
    return config, load_weights(folder, config)
