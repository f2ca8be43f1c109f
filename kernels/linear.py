"""y = x @ W.T + b with W stored transposed (N, K), so that each output is a contiguous dot product.

Versions, llm.c style (bench/kernels.py times them against each other and against NumPy sgemm):
- v1: one output at a time, the dot product vectorised over K.
- v3: a 2-row x 4-column register tile (each loaded x and W vector feeds several FMAs), over
  blocks of 32 columns, all rows per block: the block of W (32 x K floats, 24 KiB for K = 192)
  stays in L1 while every row pair passes over it (bench: ~65 GFLOP/s at batch 64, against ~85 for
  single-thread OpenBLAS sgemm on the same shapes). v2, the same tile without the column blocks
  (~48 GFLOP/s), is in the history of docs/perf.md.
All fix the summation order per output in the code, never by the number of rows: a row's result
is the same whatever else is in the batch (the odd last row is computed as a full tile with itself).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.flags import JIT


@njit(**JIT)
def _linear_v1(x, weight_t, bias, out, accumulate):
    m, k_dim = x.shape
    n = weight_t.shape[0]
    for i in range(m):
        for j in range(n):
            s = np.float32(0.0)
            for k in range(k_dim):
                s += x[i, k] * weight_t[j, k]
            if accumulate:
                out[i, j] += s + bias[j]
            else:
                out[i, j] = s + bias[j]


COLUMN_BLOCK = 32


@njit(**JIT)
def _linear_v3(x, weight_t, bias, out, accumulate):
    m, k_dim = x.shape
    n = weight_t.shape[0]
    n4 = n - n % 4
    for j0 in range(0, n4, COLUMN_BLOCK):
        j1 = min(j0 + COLUMN_BLOCK, n4)
        for i0 in range(0, m, 2):
            i1 = min(i0 + 1, m - 1)  # the odd last row runs as a full tile with itself
            for j in range(j0, j1, 4):
                s00 = s01 = s02 = s03 = s10 = s11 = s12 = s13 = np.float32(0.0)
                for k in range(k_dim):
                    a0 = x[i0, k]
                    a1 = x[i1, k]
                    w0 = weight_t[j, k]
                    w1 = weight_t[j + 1, k]
                    w2 = weight_t[j + 2, k]
                    w3 = weight_t[j + 3, k]
                    s00 += a0 * w0
                    s01 += a0 * w1
                    s02 += a0 * w2
                    s03 += a0 * w3
                    s10 += a1 * w0
                    s11 += a1 * w1
                    s12 += a1 * w2
                    s13 += a1 * w3
                _store4(out, i0, j, s00 + bias[j], s01 + bias[j + 1], s02 + bias[j + 2], s03 + bias[j + 3], accumulate)
                if i1 != i0:
                    _store4(out, i1, j, s10 + bias[j], s11 + bias[j + 1], s12 + bias[j + 2], s13 + bias[j + 3], accumulate)
    for i0 in range(0, m, 2):
        i1 = min(i0 + 1, m - 1)
        for j in range(n4, n):  # columns left over: depends on the model's shape, not the batch
            s0 = s1 = np.float32(0.0)
            for k in range(k_dim):
                s0 += x[i0, k] * weight_t[j, k]
                s1 += x[i1, k] * weight_t[j, k]
            _store4(out, i0, j, s0 + bias[j], 0.0, 0.0, 0.0, accumulate, width=1)
            if i1 != i0:
                _store4(out, i1, j, s1 + bias[j], 0.0, 0.0, 0.0, accumulate, width=1)


@njit(**JIT)
def _store4(out, i, j, v0, v1, v2, v3, accumulate, width=4):
    if accumulate:
        out[i, j] += v0
        if width == 4:
            out[i, j + 1] += v1
            out[i, j + 2] += v2
            out[i, j + 3] += v3
    else:
        out[i, j] = v0
        if width == 4:
            out[i, j + 1] = v1
            out[i, j + 2] = v2
            out[i, j + 3] = v3


VERSIONS = {"v1": _linear_v1, "v3": _linear_v3}
_linear = _linear_v3


def linear(x: np.ndarray, weight_t: np.ndarray, bias: np.ndarray, version: str = "v3") -> np.ndarray:
    """x (M, K) float32, weight_t (N, K), bias (N,) -> new (M, N) array."""
    x = np.ascontiguousarray(x, dtype=np.float32)
    if x.ndim != 2 or weight_t.ndim != 2 or x.shape[1] != weight_t.shape[1] or bias.shape != (weight_t.shape[0],):
        raise ValueError(f"shapes do not chain: x {x.shape}, weight_t {weight_t.shape}, bias {bias.shape}")
    out = np.empty((x.shape[0], weight_t.shape[0]), dtype=np.float32)
    if x.shape[0]:
        VERSIONS[version](x, np.ascontiguousarray(weight_t, np.float32), np.ascontiguousarray(bias, np.float32), out, False)
    return out
