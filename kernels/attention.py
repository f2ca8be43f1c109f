"""Causal attention over a slot-based KV cache, for a ragged batch of tokens.

Each row is one token of some sequence: its slot in the cache and its position. `_write_kv` stores
the row's key and value at (slot, head, position); `_attention` lets its query attend to that
slot's positions 0..position. Rows of one sequence (a prefill chunk) see each other through the
cache, so prefill and decode are the same code. Layer cache layout: (slots, n_head, positions, head_dim).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from kernels.flags import JIT


@njit(**JIT)
def _write_kv(qkv, slots, positions, k_cache, v_cache):
    m = qkv.shape[0]
    n_head, head_dim = k_cache.shape[1], k_cache.shape[3]
    d = n_head * head_dim
    for i in range(m):
        s, p = slots[i], positions[i]
        for h in range(n_head):
            for e in range(head_dim):
                k_cache[s, h, p, e] = qkv[i, d + h * head_dim + e]
                v_cache[s, h, p, e] = qkv[i, 2 * d + h * head_dim + e]


@njit(**JIT)
def _attention(qkv, slots, positions, k_cache, v_cache, scores, acc, out):
    """scores: (n_positions,) scratch; acc: (head_dim,) scratch; out: (m, d)."""
    m = qkv.shape[0]
    n_head, head_dim = k_cache.shape[1], k_cache.shape[3]
    scale = np.float32(1.0 / math.sqrt(head_dim))
    for i in range(m):
        s, length = slots[i], positions[i] + 1
        for h in range(n_head):
            q0 = h * head_dim
            best = -np.inf
            for t in range(length):
                dot = np.float32(0.0)
                for e in range(head_dim):
                    dot += qkv[i, q0 + e] * k_cache[s, h, t, e]
                dot *= scale
                scores[t] = dot
                best = max(best, dot)
            total = np.float32(0.0)
            for t in range(length):
                weight = np.exp(scores[t] - best)
                scores[t] = weight
                total += weight
            for e in range(head_dim):
                acc[e] = 0.0
            for t in range(length):
                weight = scores[t]
                for e in range(head_dim):
                    acc[e] += weight * v_cache[s, h, t, e]
            inv = np.float32(1.0) / total
            for e in range(head_dim):
                out[i, q0 + e] = acc[e] * inv


def _check(qkv, slots, positions, k_cache, v_cache):
    m = qkv.shape[0]
    n_slots, n_head, n_positions, head_dim = k_cache.shape
    if qkv.shape != (m, 3 * n_head * head_dim) or v_cache.shape != k_cache.shape:
        raise ValueError(f"attention shapes: qkv {qkv.shape}, cache {k_cache.shape}")
    if slots.shape != (m,) or positions.shape != (m,):
        raise ValueError("one slot and one position per row")
    if m and (slots.min() < 0 or slots.max() >= n_slots or positions.min() < 0 or positions.max() >= n_positions):
        raise ValueError("slot or position outside the cache")


def write_kv(qkv, slots, positions, k_cache, v_cache) -> None:
    _check(qkv, slots, positions, k_cache, v_cache)
    _write_kv(np.ascontiguousarray(qkv, np.float32), slots.astype(np.int64), positions.astype(np.int64), k_cache, v_cache)


def attention(qkv, slots, positions, k_cache, v_cache) -> np.ndarray:
    _check(qkv, slots, positions, k_cache, v_cache)
    m, head_dim = qkv.shape[0], k_cache.shape[3]
    out = np.empty((m, k_cache.shape[1] * head_dim), dtype=np.float32)
    scores = np.empty(k_cache.shape[2], dtype=np.float32)
    acc = np.empty(head_dim, dtype=np.float32)
    _attention(np.ascontiguousarray(qkv, np.float32), slots.astype(np.int64), positions.astype(np.int64),
               k_cache, v_cache, scores, acc, out)
    return out
