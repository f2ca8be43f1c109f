"""The plain NumPy GPT-2 forward pass: full recompute, no cache. The oracle every kernel is tested
against, and the slow-but-obvious engine of `miniserve correct --engine reference`."""

from __future__ import annotations

import numpy as np

from miniserve.weights import GPT2Config, GPT2Weights


def layer_norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gain + bias


def gelu(x: np.ndarray) -> np.ndarray:
    """GPT-2's tanh approximation ("gelu_new")."""
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def causal_attention(q: np.ndarray, k: np.ndarray, v: np.ndarray) -> np.ndarray:
    """q, k, v: (n_head, T, head_dim) -> (n_head, T, head_dim); position t sees 0..t."""
    T = q.shape[1]
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(q.shape[-1])  # (n_head, T, T)
    scores = np.where(np.tril(np.ones((T, T), dtype=bool)), scores, -np.inf)
    return softmax(scores) @ v


def forward(config: GPT2Config, weights: GPT2Weights, ids) -> np.ndarray:
    """Logits (T, vocab) for one sequence of token ids."""
    ids = np.asarray(ids, dtype=np.int64)
    T, d, H = len(ids), config.n_embd, config.n_head
    if not 0 < T <= config.n_positions:
        raise ValueError(f"sequence length {T} is outside 1..{config.n_positions}")
    x = weights.token_embedding[ids] + weights.position_embedding[:T]  # (T, d)
    for layer in weights.layers:
        h = layer_norm(x, layer.ln1_gain, layer.ln1_bias, config.layer_norm_epsilon)
        qkv = h @ layer.qkv_weight + layer.qkv_bias  # (T, 3d)
        q, k, v = (part.reshape(T, H, -1).transpose(1, 0, 2) for part in np.split(qkv, 3, axis=1))
        y = causal_attention(q, k, v).transpose(1, 0, 2).reshape(T, d)  # (T, d)
        x = x + y @ layer.attn_out_weight + layer.attn_out_bias
        h = layer_norm(x, layer.ln2_gain, layer.ln2_bias, config.layer_norm_epsilon)
        x = x + gelu(h @ layer.fc_weight + layer.fc_bias) @ layer.mlp_out_weight + layer.mlp_out_bias
    x = layer_norm(x, weights.lnf_gain, weights.lnf_bias, config.layer_norm_epsilon)
    return x @ weights.token_embedding.T  # (T, V)


def generate_greedy(config: GPT2Config, weights: GPT2Weights, prompt, max_new_tokens: int, constraint=None) -> list[int]:
    """Greedy continuation of the prompt, stopping after the end token or at the context limit;
    with a TokenConstraint, the argmax over the ids it allows."""
    ids = list(prompt)
    out: list[int] = []
    while len(out) < max_new_tokens and len(ids) < config.n_positions:
        logits = forward(config, weights, ids)[-1]
        allowed = None if constraint is None else constraint.allowed(out)
        token = int(np.argmax(logits) if allowed is None else allowed[np.argmax(logits[allowed])])
        out.append(token)
        ids.append(token)
        if token == config.eos_token_id:
            break
    return out


def score(config: GPT2Config, weights: GPT2Weights, prefix, continuation) -> list[float]:
    """The log-probability of each token of `continuation` after `prefix` (teacher forcing)."""
    ids = list(prefix) + list(continuation)
    logits = forward(config, weights, ids)[len(prefix) - 1:-1].astype(np.float64)  # (len(continuation), V)
    log_z = logits.max(axis=-1) + np.log(np.exp(logits - logits.max(axis=-1, keepdims=True)).sum(axis=-1))
    return [float(logits[i, t] - log_z[i]) for i, t in enumerate(continuation)]
