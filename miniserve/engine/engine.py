"""The engine step: given sequences and how many of their tokens to compute, run one batched
forward pass and sample the next token of every sequence whose known tokens are all computed.

There is no prefill phase and no decode phase: a step brings each sequence's computed tokens up
towards its known tokens (a whole prompt, a chunk of it, or the one token sampled last step).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.step import PackedWeights, Workspace, forward_step
from miniserve.engine.cache import KVCache
from miniserve.engine.loop import CoreLoop
from miniserve.engine.output import StepOutput
from miniserve.engine.plan import StepPlan
from miniserve.engine.policy import Continuous
from miniserve.engine.sampling import SamplingParams, sample, token_logprobs
from miniserve.engine.sequence import Sequence, Status
from miniserve.weights import GPT2Config, GPT2Weights, load_model


def pack(config: GPT2Config, w: GPT2Weights) -> PackedWeights:
    """Transpose the Conv1D (in, out) weights to (out, in) and stack the layers."""
    stack = lambda name: np.ascontiguousarray(np.stack([getattr(l, name) for l in w.layers]))  # noqa: E731
    stack_t = lambda name: np.ascontiguousarray(np.stack([getattr(l, name).T for l in w.layers]))  # noqa: E731
    return PackedWeights(
        w.token_embedding, w.position_embedding, stack("ln1_gain"), stack("ln1_bias"),
        stack_t("qkv_weight"), stack("qkv_bias"), stack_t("attn_out_weight"), stack("attn_out_bias"),
        stack("ln2_gain"), stack("ln2_bias"), stack_t("fc_weight"), stack("fc_bias"),
        stack_t("mlp_out_weight"), stack("mlp_out_bias"), w.lnf_gain, w.lnf_bias,
        float(config.layer_norm_epsilon), config.n_head,
    )


class Engine:
    def __init__(self, config: GPT2Config, weights: GPT2Weights, n_slots: int = 64, max_step_tokens: int = 512):
        self.config = config
        self.weights = pack(config, weights)
        self.cache = KVCache(config.n_layer, n_slots, config.n_head, config.n_positions, config.head_dim)
        self.max_step_tokens = max_step_tokens
        rows = max(max_step_tokens, n_slots)  # decodes are never split, so a step may exceed the budget
        self.workspace = Workspace(self.weights, rows, n_slots, config.n_positions)
        # the step's index arrays, allocated once: a step fills prefixes of them
        self._tokens, self._positions, self._slots = (np.zeros(rows, np.int64) for _ in range(3))
        self._last_rows = np.zeros(n_slots, np.int64)
        self._arange = np.arange(config.n_positions, dtype=np.int64)

    @classmethod
    def from_folder(cls, folder: str | Path, **kwargs) -> "Engine":
        return cls(*load_model(folder), **kwargs)

    # -- admission: the question and the commit are separate calls ---------------------------
    def can_admit(self, seq: Sequence) -> bool:
        return self.cache.can_admit(min(seq.max_length, self.config.n_positions))

    def admit(self, seq: Sequence) -> None:
        seq.slot = self.cache.admit(seq)
        seq.status = Status.RUNNING

    def release(self, seq: Sequence, status: Status = Status.ABORTED, reason: str = "abort") -> None:
        """Give the slot back (finished or aborted); safe to call twice."""
        if seq.slot >= 0:
            self.cache.free(seq.slot)
            seq.slot = -1
        if not seq.done:
            seq.status, seq.finish_reason = status, reason

    # -- the step ---------------------------------------------------------------------------
    def step(self, plan: StepPlan) -> list[StepOutput]:
        """Compute the planned tokens; return a record for each sequence that got a new token.
        Finished sequences are marked FINISHED but keep their slot until `release`."""
        n, sampled = self._gather(plan)
        logits = forward_step(
            self.weights, self.workspace, self._tokens[:n], self._positions[:n], self._slots[:n],
            self._last_rows[:len(sampled)], self.cache.keys, self.cache.values,
        )
        for seq, k in plan.items:
            seq.computed += k
        return self._postprocess(sampled, logits)

    def _gather(self, plan: StepPlan) -> tuple[int, list[Sequence]]:
        """Fill the index arrays' prefixes from the plan (slices, no loop over tokens); returns the
        rows and the sequences whose last known token is computed this step, in logits-row order."""
        if not plan.items:
            raise ValueError("an empty step")
        row, sampled = 0, []
        for seq, n in plan.items:
            if seq.slot < 0 or seq.done or not 0 < n <= seq.uncomputed:
                raise ValueError(f"sequence {seq.id} cannot compute {n} tokens now")
            start, prompt_length = seq.computed, len(seq.prompt)
            if row + n > len(self._tokens):
                raise ValueError(f"the step has more than {len(self._tokens)} tokens")
            if start >= prompt_length:  # decoding: no need to join prompt and generated tokens
                self._tokens[row:row + n] = seq.generated[start - prompt_length:start - prompt_length + n]
            else:
                self._tokens[row:row + n] = (seq.prompt if start + n <= prompt_length else seq.tokens)[start:start + n]
            self._positions[row:row + n] = self._arange[start:start + n]
            self._slots[row:row + n] = seq.slot
            row += n
            if start + n == seq.length:
                self._last_rows[len(sampled)] = row - 1
                sampled.append(seq)
        return row, sampled

    def _postprocess(self, sampled: list[Sequence], logits: np.ndarray) -> list[StepOutput]:
        """Sample, append to the sequences (compute-thread state), and describe what happened."""
        out = []
        for row, seq in enumerate(sampled):
            token = sample(logits[row], seq.params, seq.rng)
            seq.generated.append(token)
            logprobs = None
            if seq.params.logprobs is not None:
                seq.logprobs.append(token_logprobs(logits[row], token, seq.params.logprobs))
                logprobs = (seq.logprobs[-1],)
            self._check_finished(seq, token)
            out.append(StepOutput(seq.id, (token,), logprobs, seq.finish_reason or None))
        return out

    def _check_finished(self, seq: Sequence, token: int) -> None:
        if seq.params.stop_at_end and token == self.config.eos_token_id:
            seq.status, seq.finish_reason = Status.FINISHED, "stop"
        elif len(seq.generated) >= seq.params.max_new_tokens or seq.length >= self.config.n_positions:
            seq.status, seq.finish_reason = Status.FINISHED, "length"

    def last_logits(self) -> np.ndarray:
        """The logits of the last step's sampled rows (a copy), for logprobs and tests."""
        return self.workspace.logits.copy()

    # -- a plain synchronous driver (CLI, evaluation, tests, benchmarks) ----------------------
    def generate(self, prompts: list[list[int]], params: SamplingParams | list[SamplingParams]) -> list[Sequence]:
        """Run all prompts to completion with continuous batching; returns the finished sequences."""
        params_list = params if isinstance(params, list) else [params] * len(prompts)
        seqs = [Sequence(list(p), sp) for p, sp in zip(prompts, params_list)]
        for seq in seqs:
            if seq.length > self.config.n_positions or seq.length == 0:
                raise ValueError(f"prompt of {seq.length} tokens does not fit 1..{self.config.n_positions}")
        loop = CoreLoop(self, Continuous(), self.max_step_tokens, self.cache.n_slots)
        for seq in seqs:
            loop.add(seq)
        while loop.busy:
            if (error := loop.step().error) is not None:
                raise error
        return seqs

    def warmup(self) -> None:
        """Compile (or load from the Numba cache) everything a step uses."""
        self.generate([[0, 1]], SamplingParams(max_new_tokens=2, stop_at_end=False))
