"""LayerNorm and GELU, row by row (a row never depends on another row)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from kernels.flags import JIT

GELU_C = np.float32(math.sqrt(2.0 / math.pi))
# tanh as a rational minimax approximation (odd degree-13 numerator, even degree-6 denominator, the
# same family Eigen uses): plain multiply-adds that LLVM vectorises, where libm's tanh is a scalar
# call (measured: GELU went from 0.87 ms to 0.19 ms per layer at batch 64). Max error 4e-7.
TANH_CLAMP = np.float32(7.90531110763549805)
A1, A3, A5 = np.float32(4.89352455891786e-03), np.float32(6.37261928875436e-04), np.float32(1.48572235717979e-05)
A7, A9 = np.float32(5.12229709037114e-08), np.float32(-8.60467152213735e-11)
A11, A13 = np.float32(2.00018790482477e-13), np.float32(-2.76076847742355e-16)
B0, B2 = np.float32(4.89352518554385e-03), np.float32(2.26843463243900e-03)
B4, B6 = np.float32(1.18534705686654e-04), np.float32(1.19825839466702e-06)


@njit(**JIT)
def _tanh(x):
    x = min(max(x, -TANH_CLAMP), TANH_CLAMP)
    x2 = x * x
    p = ((((((A13 * x2 + A11) * x2 + A9) * x2 + A7) * x2 + A5) * x2 + A3) * x2 + A1) * x
    q = ((B6 * x2 + B4) * x2 + B2) * x2 + B0
    return p / q


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
            x[i, j] = np.float32(0.5) * v * (np.float32(1.0) + _tanh(GELU_C * (v + np.float32(0.044715) * v * v * v)))


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
