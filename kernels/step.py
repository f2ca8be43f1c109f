"""The whole GPT-2 forward step for a ragged batch of tokens, in one compiled call (one trip off the
event loop per step, no Python between layers). Rows are tokens: prefill chunks and single decode
tokens of many sequences, each with its own slot and position in the KV cache."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from kernels.attention import _attention, _write_kv
from kernels.flags import JIT
from kernels.linear import _linear
from kernels.norms import _gelu_inplace, _layer_norm


class PackedWeights(NamedTuple):
    """GPT-2 weights laid out for the kernels: linear weights transposed to (out, in), layers stacked."""

    token_embedding: np.ndarray  # (V, d), also the output projection
    position_embedding: np.ndarray  # (P, d)
    ln1_gain: np.ndarray  # (L, d)
    ln1_bias: np.ndarray
    qkv_weight_t: np.ndarray  # (L, 3d, d)
    qkv_bias: np.ndarray  # (L, 3d)
    attn_out_weight_t: np.ndarray  # (L, d, d)
    attn_out_bias: np.ndarray  # (L, d)
    ln2_gain: np.ndarray
    ln2_bias: np.ndarray
    fc_weight_t: np.ndarray  # (L, 4d, d)
    fc_bias: np.ndarray  # (L, 4d)
    mlp_out_weight_t: np.ndarray  # (L, d, 4d)
    mlp_out_bias: np.ndarray  # (L, d)
    lnf_gain: np.ndarray  # (d,)
    lnf_bias: np.ndarray
    eps: float
    n_head: int

    @property
    def n_layer(self) -> int:
        return self.ln1_gain.shape[0]

    @property
    def n_embd(self) -> int:
        return self.ln1_gain.shape[1]

    @property
    def nbytes(self) -> int:
        return sum(a.nbytes for a in self if isinstance(a, np.ndarray))


class Workspace:
    """Scratch buffers for up to `max_rows` tokens and `max_last` logits rows, allocated once."""

    def __init__(self, w: PackedWeights, max_rows: int, max_last: int, n_positions: int):
        d, vocab = w.n_embd, w.token_embedding.shape[0]
        self.max_rows, self.max_last = max_rows, max_last
        self.x = np.zeros((max_rows, d), np.float32)
        self.h = np.zeros((max_rows, d), np.float32)
        self.qkv = np.zeros((max_rows, 3 * d), np.float32)
        self.y = np.zeros((max_rows, d), np.float32)
        self.f = np.zeros((max_rows, 4 * d), np.float32)
        self.last = np.zeros((max_last, d), np.float32)
        self.logits = np.zeros((max_last, vocab), np.float32)
        self.zero_bias = np.zeros(vocab, np.float32)
        self.scores = np.zeros(n_positions, np.float32)
        self.acc = np.zeros(d // w.n_head, np.float32)


@njit(**JIT)
def _forward_step(tokens, positions, slots, last_rows,
                  wte, wpe, ln1_g, ln1_b, qkv_wt, qkv_b, ao_wt, ao_b, ln2_g, ln2_b,
                  fc_wt, fc_b, mo_wt, mo_b, lnf_g, lnf_b, eps,
                  k_cache, v_cache, x, h, qkv, y, f, last, logits, zero_bias, scores, acc):
    m, d = x.shape
    for i in range(m):  # x = token embedding + position embedding  (m, d)
        for k in range(d):
            x[i, k] = wte[tokens[i], k] + wpe[positions[i], k]
    for layer in range(ln1_g.shape[0]):
        _layer_norm(x, ln1_g[layer], ln1_b[layer], eps, h)
        _linear(h, qkv_wt[layer], qkv_b[layer], qkv, False)  # (m, 3d)
        _write_kv(qkv, slots, positions, k_cache[layer], v_cache[layer])
        _attention(qkv, slots, positions, k_cache[layer], v_cache[layer], scores, acc, y)  # (m, d)
        _linear(y, ao_wt[layer], ao_b[layer], x, True)  # x += y @ Wo + bo
        _layer_norm(x, ln2_g[layer], ln2_b[layer], eps, h)
        _linear(h, fc_wt[layer], fc_b[layer], f, False)  # (m, 4d)
        _gelu_inplace(f)
        _linear(f, mo_wt[layer], mo_b[layer], x, True)  # x += gelu(.) @ Wp + bp
    for r in range(last_rows.shape[0]):  # only the rows that need a next token get logits
        for k in range(d):
            h[r, k] = x[last_rows[r], k]
    _layer_norm(h[:last_rows.shape[0]], lnf_g, lnf_b, eps, last)
    _linear(last, wte, zero_bias, logits, False)  # (n_last, V), tied embedding


@njit(**JIT)
def _check_indices(positions, slots, last_rows, n_positions, n_slots, m):
    """One compiled pass instead of six NumPy reductions (each costs microseconds on a 0.3 ms step):
    0 if every index is in range, 1 for a position or slot outside the cache, 2 for a bad logits row."""
    for i in range(positions.shape[0]):
        if positions[i] < 0 or positions[i] >= n_positions or slots[i] < 0 or slots[i] >= n_slots:
            return 1
    for r in range(last_rows.shape[0]):
        if last_rows[r] < 0 or last_rows[r] >= m:
            return 2
    return 0


def forward_step(w: PackedWeights, ws: Workspace, tokens, positions, slots, last_rows, k_cache, v_cache) -> np.ndarray:
    """Run one step; returns a view of the workspace's logits, (len(last_rows), V), valid until
    the next call. tokens/positions/slots: int64 (m,); last_rows: int64 indices into the rows."""
    m, n_last = len(tokens), len(last_rows)
    if not (0 < m <= ws.max_rows and n_last <= min(m, ws.max_last)):
        raise ValueError(f"{m} rows and {n_last} logits rows do not fit the workspace")
    if len(positions) != m or len(slots) != m:
        raise ValueError("one position and one slot per token")
    problem = _check_indices(positions, slots, last_rows, k_cache.shape[3], k_cache.shape[1], m)
    if problem:
        raise ValueError(("position or slot outside the cache", "last_rows must index the step's rows")[problem - 1])
    _forward_step(
        tokens, positions, slots, last_rows, w.token_embedding, w.position_embedding,
        w.ln1_gain, w.ln1_bias, w.qkv_weight_t, w.qkv_bias, w.attn_out_weight_t, w.attn_out_bias,
        w.ln2_gain, w.ln2_bias, w.fc_weight_t, w.fc_bias, w.mlp_out_weight_t, w.mlp_out_bias,
        w.lnf_gain, w.lnf_bias, np.float32(w.eps), k_cache, v_cache,
        ws.x[:m], ws.h[:m], ws.qkv[:m], ws.y[:m], ws.f[:m], ws.last[:n_last], ws.logits[:n_last],
        ws.zero_bias, ws.scores, ws.acc,
    )
    return ws.logits[:n_last]
