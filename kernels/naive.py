"""Plain NumPy references for every kernel: the obvious code, in float32, that the tests compare
the Numba kernels with. Same signatures and the same cache layout as the kernels."""

from __future__ import annotations

import numpy as np


def layer_norm(x, gain, bias, eps):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return ((x - mean) / np.sqrt(var + eps) * gain + bias).astype(np.float32)


def linear(x, weight_t, bias):
    """x (M, K), weight_t (N, K) (the transposed weight), bias (N,) -> (M, N)."""
    return (x @ weight_t.T + bias).astype(np.float32)


def gelu(x):
    return (0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))).astype(np.float32)


def write_kv(qkv, slots, positions, k_cache, v_cache, n_head):
    """Store each token's key and value at (slot, head, position) of one layer's cache."""
    m, three_d = qkv.shape
    d = three_d // 3
    k = qkv[:, d:2 * d].reshape(m, n_head, -1)
    v = qkv[:, 2 * d:].reshape(m, n_head, -1)
    for row in range(m):
        k_cache[slots[row], :, positions[row]] = k[row]
        v_cache[slots[row], :, positions[row]] = v[row]


def attention(qkv, slots, positions, k_cache, v_cache, n_head):
    """Each token's query attends to its own sequence's cached keys at positions 0..its own."""
    m, three_d = qkv.shape
    d = three_d // 3
    q = qkv[:, :d].reshape(m, n_head, -1)
    out = np.empty((m, n_head, d // n_head), dtype=np.float32)
    for row in range(m):
        length = positions[row] + 1
        keys = k_cache[slots[row], :, :length]  # (n_head, length, head_dim)
        values = v_cache[slots[row], :, :length]
        scores = np.einsum("hd,htd->ht", q[row], keys) / np.sqrt(q.shape[-1])
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        out[row] = np.einsum("ht,htd->hd", scores / scores.sum(axis=-1, keepdims=True), values)
    return out.reshape(m, d)


def forward_step(w, tokens, positions, slots, last_rows, k_cache, v_cache):
    """One engine step with a KV cache: rows are tokens of many sequences (prefill chunks and
    decodes); returns the logits of `last_rows` (one row per sequence that needs a next token).
    `w` is a kernels.step.PackedWeights; caches are (n_layer, slots, n_head, positions, head_dim)."""
    x = (w.token_embedding[tokens] + w.position_embedding[positions]).astype(np.float32)
    for layer in range(w.n_layer):
        h = layer_norm(x, w.ln1_gain[layer], w.ln1_bias[layer], w.eps)
        qkv = linear(h, w.qkv_weight_t[layer], w.qkv_bias[layer])
        write_kv(qkv, slots, positions, k_cache[layer], v_cache[layer], w.n_head)
        y = attention(qkv, slots, positions, k_cache[layer], v_cache[layer], w.n_head)
        x = x + linear(y, w.attn_out_weight_t[layer], w.attn_out_bias[layer])
        h = layer_norm(x, w.ln2_gain[layer], w.ln2_bias[layer], w.eps)
        h = gelu(linear(h, w.fc_weight_t[layer], w.fc_bias[layer]))
        x = x + linear(h, w.mlp_out_weight_t[layer], w.mlp_out_bias[layer])
    h = layer_norm(x[last_rows], w.lnf_gain, w.lnf_bias, w.eps)
    return linear(h, w.token_embedding, np.zeros(w.token_embedding.shape[0], np.float32))
