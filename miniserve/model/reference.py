"""The plain NumPy GPT-2 forward pass: full recompute, no cache. The oracle every kernel is tested
against, and the slow-but-obvious engine of `miniserve correct --engine reference`."""

from __future__ import annotations

import numpy as np

from miniserve.model.weights import GPT2Config, GPT2Weights


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


def next_token(config: GPT2Config, weights: GPT2Weights, ids, allowed=None) -> int:
    """The greedy next token: the argmax, over the allowed ids if there is a set."""
    logits = forward(config, weights, ids)[-1]
    return int(np.argmax(logits) if allowed is None else allowed[np.argmax(logits[allowed])])


def generate_greedy(config: GPT2Config, weights: GPT2Weights, prompt, max_new_tokens: int) -> list[int]:
    """Greedy continuation of the prompt, stopping after the end token or at the context limit."""
    ids = list(prompt)
    out: list[int] = []
    while len(out) < max_new_tokens and len(ids) < config.n_positions:
        token = next_token(config, weights, ids)
        out.append(token)
        ids.append(token)
        if token == config.eos_token_id:
            break
    return out


def run(config: GPT2Config, weights: GPT2Weights, seqs: list) -> list:
    """Engine.run's reference, one sequence at a time: greedy requests (with their constraint and
    stop condition) and scoring requests, to completion."""
    from miniserve.engine.sequence import Status

    for seq in seqs:
        p = seq.params
        if p.score_tokens:
            k = p.score_tokens
            seq.logprobs = [(lp, {}) for lp in score(config, weights, seq.prompt[:-k], seq.prompt[-k:])]
            seq.status, seq.finish_reason = Status.FINISHED, "stop"
            continue
        if not p.greedy:
            raise ValueError("the reference runs greedy requests only")
        while not seq.done:
            allowed = None if p.constraint is None else p.constraint.allowed(seq.generated)
            token = next_token(config, weights, seq.tokens, allowed)
            seq.generated.append(token)
            if (p.stop_at_end and token == config.eos_token_id) or (p.stop is not None and p.stop.matched(seq.generated)):
                seq.status, seq.finish_reason = Status.FINISHED, "stop"
            elif len(seq.generated) >= p.max_new_tokens or seq.length >= config.n_positions:
                seq.status, seq.finish_reason = Status.FINISHED, "length"
    return seqs

def score(config: GPT2Config, weights: GPT2Weights, prefix, continuation) -> list[float]:
    """The log-probability of each token of `continuation` after `prefix` (teacher forcing)."""
    ids = list(prefix) + list(continuation)
    logits = forward(config, weights, ids)[len(prefix) - 1:-1].astype(np.float64)  # (len(continuation), V)
    log_z = logits.max(axis=-1) + np.log(np.exp(logits - logits.max(axis=-1, keepdims=True)).sum(axis=-1))
    return [float(logits[i, t] - log_z[i]) for i, t in enumerate(continuation)]
