"""Every Numba kernel against its plain NumPy reference (kernels/naive.py), over shapes and ragged batches."""

import numpy as np
import pytest

from kernels import naive
from kernels.attention import attention, write_kv
from kernels.linear import VERSIONS, linear
from kernels.norms import gelu, layer_norm

rng = np.random.default_rng(0)


def rand(*shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


@pytest.mark.parametrize("version", sorted(VERSIONS))
@pytest.mark.parametrize("m, k, n", [(1, 8, 4), (2, 16, 12), (3, 48, 144), (7, 192, 576), (64, 192, 768), (5, 768, 192), (9, 32, 300), (4, 20, 7)])
def test_linear(version, m, k, n):
    x, w, b = rand(m, k), rand(n, k, scale=0.1), rand(n)
    np.testing.assert_allclose(linear(x, w, b, version=version), naive.linear(x, w, b), atol=1e-4, rtol=1e-4)


def test_linear_rejects_bad_shapes():
    with pytest.raises(ValueError, match="do not chain"):
        linear(rand(2, 3), rand(4, 5), rand(4))


@pytest.mark.parametrize("m, d", [(1, 8), (5, 48), (64, 192)])
def test_layer_norm_and_gelu(m, d):
    x, g, b = rand(m, d, scale=3.0), rand(d), rand(d)
    np.testing.assert_allclose(layer_norm(x, g, b, 1e-5), naive.layer_norm(x, g, b, 1e-5), atol=1e-4, rtol=1e-4)
    np.testing.assert_allclose(gelu(x), naive.gelu(x), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("n_head, head_dim, n_positions", [(1, 8, 16), (3, 16, 64), (6, 32, 256)])
def test_write_kv_and_ragged_attention(n_head, head_dim, n_positions):
    n_slots, d = 5, n_head * head_dim
    k_cache, v_cache = rand(n_slots, n_head, n_positions, head_dim), rand(n_slots, n_head, n_positions, head_dim)
    # A prefill chunk of 4 tokens in slot 2, decodes in slots 0 and 4 at different positions.
    slots = np.array([2, 2, 2, 2, 0, 4], np.int64)
    positions = np.array([3, 4, 5, 6, 0, n_positions - 1], np.int64)
    qkv = rand(len(slots), 3 * d)
    kc, vc = k_cache.copy(), v_cache.copy()
    write_kv(qkv, slots, positions, k_cache, v_cache)
    naive.write_kv(qkv, slots, positions, kc, vc, n_head)
    np.testing.assert_array_equal(k_cache, kc)
    np.testing.assert_array_equal(v_cache, vc)
    np.testing.assert_allclose(attention(qkv, slots, positions, k_cache, v_cache),
                               naive.attention(qkv, slots, positions, kc, vc, n_head), atol=1e-4, rtol=1e-4)


def test_attention_rejects_out_of_cache_positions():
    cache = rand(2, 1, 4, 8)
    with pytest.raises(ValueError, match="outside the cache"):
        attention(rand(1, 24), np.array([0]), np.array([4]), cache, cache.copy())
