"""LayerNorm and GELU, row by row (a row never depends on another row)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from kernels.flags import JIT

GELU_C = np.float32(math.sqrt(2.0 / math.pi))


@njit(**JIT)
def _layer_norm(x, gain, bias, eps, out):
    m, d = x.shape
    for i in range(m):
        mean = np.float32(0.0)
        for k in range(d):
            mean += x[i, k]
        mean /= d
        var = np.float32(0.0)
        for k in range(d):
            c = x[i, k] - mean
            var += c * c
        inv = np.float32(1.0) / np.sqrt(var / d + eps)
        for k in range(d):
            out[i, k] = (x[i, k] - mean) * inv * gain[k] + bias[k]


@njit(**JIT)
def _gelu_inplace(x):
    m, n = x.shape
    for i in range(m):
        for j in range(n):
            v = x[i, j]
            x[i, j] = np.float32(0.5) * v * (np.float32(1.0) + np.tanh(GELU_C * (v + np.float32(0.044715) * v * v * v)))


def layer_norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    x = np.ascontiguousarray(x, dtype=np.float32)
    if x.ndim != 2 or gain.shape != (x.shape[1],) or bias.shape != (x.shape[1],):
        raise ValueError(f"layer_norm shapes: x {x.shape}, gain {gain.shape}, bias {bias.shape}")
    out = np.empty_like(x)
    _layer_norm(x, gain.astype(np.float32), bias.astype(np.float32), np.float32(eps), out)
    return out


def gelu(x: np.ndarray) -> np.ndarray:
    out = np.array(x, dtype=np.float32, order="C", ndmin=2)
    _gelu_inplace(out)
    return out.reshape(np.shape(x))
