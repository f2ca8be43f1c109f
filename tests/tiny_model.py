"""A random GPT-2 built with NumPy alone (no torch, no files): small enough that the exact
distribution of a few tokens can be computed with the reference."""

import numpy as np

from miniserve.model.weights import GPT2Config, GPT2Weights, LayerWeights


def tiny_model(vocab=5, n_positions=24, d=16, n_layer=1, n_head=2, scale=0.6, seed=0):
    """A random GPT-2 built with NumPy: small enough that the exact distribution is computable."""
    r = np.random.default_rng(seed)
    w = lambda *shape: (r.standard_normal(shape) * scale).astype(np.float32)  # noqa: E731
    layers = tuple(LayerWeights(1 + w(d), w(d), w(d, 3 * d), w(3 * d), w(d, d), w(d), 1 + w(d), w(d),
                                w(d, 4 * d), w(4 * d), w(4 * d, d), w(d)) for _ in range(n_layer))
    config = GPT2Config(vocab_size=vocab, n_positions=n_positions, n_embd=d, n_layer=n_layer, n_head=n_head)
    return config, GPT2Weights(w(vocab, d), w(n_positions, d), layers, 1 + w(d), w(d))
