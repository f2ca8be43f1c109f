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


# -- sampling (kernels/sampling.py) -------------------------------------------------------------
_M64 = (1 << 64) - 1


def splitmix64(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def uniform(seed: int, counter: int) -> float:
    return (splitmix64(seed ^ splitmix64(counter)) >> 11) / float(1 << 53)


def sample_row(x, temperature, top_k, top_p, seed, counter, allowed=None, greedy_below=1e-5):
    """One token from one row of float32 logits: mask, then argmax or truncate and invert the CDF."""
    candidates = np.flatnonzero(~np.isnan(x))
    if allowed is not None and len(allowed):
        candidates = np.intersect1d(candidates, allowed)
    if len(candidates) == 0:
        return int(allowed[0]) if allowed is not None and len(allowed) else 0
    best = int(candidates[np.argmax(x[candidates])])
    if temperature < greedy_below or top_k == 1 or x[best] == np.inf:
        return best
    p = np.zeros(len(x))
    p[candidates] = np.exp((x[candidates].astype(np.float64) - float(x[best])) / temperature)
    order = candidates[np.argsort(-p[candidates], kind="stable")]
    cut = top_k if 0 < top_k < len(order) else len(order)
    if top_p < 1.0:
        mass = np.cumsum(p[order[:cut]])
        cut = int(np.argmax(mass >= top_p * mass[-1])) + 1
    p[order[cut:]] = 0.0
    mass = np.cumsum(p)
    hit = np.flatnonzero(mass > uniform(seed, counter) * mass[-1])
    return int(hit[0]) if len(hit) else int(np.flatnonzero(p)[-1])


def logprobs(x, token, n_top):
    """The model's log-softmax (float64) of the token and the n_top best ids (lower id first on ties)."""
    z = x.astype(np.float64)
    lp = z - (z.max() + np.log(np.exp(z - z.max()).sum()))
    best = np.argsort(-z, kind="stable")[:n_top]
    return float(lp[token]), best, lp[best]
