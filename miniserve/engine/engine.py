"""The engine step: given sequences and how many of their tokens to compute, run one batched
forward pass and sample the next token of every sequence whose known tokens are all computed.

There is no prefill phase and no decode phase: a step brings each sequence's computed tokens up
towards its known tokens (a whole prompt, a chunk of it, or the one token sampled last step).

A scoring request (SamplingParams(score_tokens=k)) rides in the same step: the logits rows of its
prompt's last k tokens are computed too, and the sampler, allowed only the token that follows each
row, gives its log-probability under the unmasked model (teacher forcing with the kernels as they are).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from kernels.sampling import SamplerWorkspace
from kernels.step import PackedWeights, Workspace, forward_step
from miniserve.engine.cache import KVCache
from miniserve.engine.draft import PromptLookup
from miniserve.engine.loop import CoreLoop
from miniserve.engine.output import StepOutput
from miniserve.engine.plan import StepPlan
from miniserve.engine.policy import Continuous
from miniserve.engine.sampling import SamplingParams
from miniserve.engine.sequence import Sequence, Status
from miniserve.model.weights import GPT2Config, GPT2Weights, load_model


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
    def __init__(self, config: GPT2Config, weights: GPT2Weights, n_slots: int = 64, max_step_tokens: int = 512,
                 drafter: PromptLookup | None = None, reuse_prefixes: bool = True):
        self.config, self.drafter = config, drafter  # drafter: speculate with it (None: never)
        self.reuse_prefixes = reuse_prefixes  # take a prompt's start from a slot that holds it (cache.py)
        self.weights = pack(config, weights)
        self.cache = KVCache(config.n_layer, n_slots, config.n_head, config.n_positions, config.head_dim)
        self.max_step_tokens = max_step_tokens
        rows = max(max_step_tokens, n_slots)  # decodes are never split, so a step may exceed the budget
        # every row may need logits (a verified draft position), so there are logits for every row
        self.workspace = Workspace(self.weights, rows, rows, config.n_positions)
        self.sampler = SamplerWorkspace(rows, config.vocab_size)
        # the step's index arrays, allocated once: a step fills prefixes of them
        self._tokens, self._positions, self._slots = (np.zeros(rows, np.int64) for _ in range(3))
        self._last_rows = np.zeros(rows, np.int64)
        self._row_index = np.arange(rows, dtype=np.int64)
        # sampling parameters per KV slot, set at admission: a step gathers them for its rows
        self.slot_temperature = np.zeros(n_slots, np.float64)
        self.slot_top_k = np.zeros(n_slots, np.int64)
        self.slot_top_p = np.ones(n_slots, np.float64)
        self.slot_seed = np.zeros(n_slots, np.uint64)
        self.slot_n_top = np.full(n_slots, -1, np.int64)
        self.slot_prompt = np.zeros(n_slots, np.int64)
        self.drafted = self.accepted = 0  # totals, for metrics and benchmarks
        self.reused_tokens = 0  # prompt tokens taken from the cache (cache.py), for benchmarks and tests
        self._arange = np.arange(config.n_positions, dtype=np.int64)

    @classmethod
    def from_folder(cls, folder: str | Path, **kwargs) -> "Engine":
        return cls(*load_model(folder), **kwargs)

    # -- admission: the question and the commit are separate calls ---------------------------
    def can_admit(self, seq: Sequence) -> bool:
        return self.cache.can_admit(min(seq.max_length, self.config.n_positions))

    def admit(self, seq: Sequence) -> None:
        # a sequence computes at least the positions it needs logits for: its prompt's last, or every scored one
        needs = seq.params.score_tokens + 1 if seq.scoring else 1
        reusable = seq.prompt[:max(0, len(seq.prompt) - needs)] if self.reuse_prefixes else ()
        seq.slot, shared = self.cache.admit(seq, reusable)
        seq.computed += shared
        self.reused_tokens += shared
        slot = seq.slot
        seq.status = Status.RUNNING
        p = seq.params
        self.slot_temperature[slot] = 0.0 if p.greedy else p.temperature
        # k at or past the vocabulary keeps every token, as 0 does (and fits the int64 table, whatever k)
        top_k = p.top_k if p.top_k < self.config.vocab_size else 0
        self.slot_top_k[slot], self.slot_top_p[slot], self.slot_seed[slot] = top_k, p.top_p, seq.seed64
        self.slot_n_top[slot] = 0 if seq.scoring else -1 if p.logprobs is None else p.logprobs
        self.slot_prompt[slot] = len(seq.prompt)

    def release(self, seq: Sequence, status: Status = Status.ABORTED, reason: str = "abort") -> None:
        """Give the slot back (finished or aborted); safe to call twice."""
        if seq.slot >= 0:
            self.cache.free(seq.slot, seq.tokens[:seq.computed] if self.reuse_prefixes else ())
            seq.slot = -1
        if not seq.done:
            seq.status, seq.finish_reason = status, reason

    # -- the step ---------------------------------------------------------------------------
    def step(self, plan: StepPlan) -> list[StepOutput]:
        """Compute the planned tokens and verify the planned drafts; return a record for each
        sequence that got tokens (one, or several when a draft was accepted). Finished sequences are
        marked FINISHED but keep their slot until `release`."""
        allowed: dict[int, np.ndarray] = {}  # logits row -> allowed ids, constrained rows only
        scored: list[tuple[Sequence, int, int]] = []  # scoring sequences: first logits row, rows
        n, n_out, sampled = self._gather(plan, allowed, scored)
        rows = self._last_rows[:n_out]
        logits = forward_step(self.weights, self.workspace, self._tokens[:n], self._positions[:n], self._slots[:n],
                              rows, self.cache.keys, self.cache.values)
        self._sample(logits, self._slots[rows], self._positions[rows], allowed)
        for seq, k in plan.items:
            seq.computed += k
        return [self._accept(seq, first, draft) for seq, first, draft in sampled] + self._scores(scored)

    def _gather(self, plan: StepPlan, allowed: dict, scored: list) -> tuple[int, int, list[tuple[Sequence, int, list[int]]]]:
        """Fill the index arrays' prefixes from the plan (slices, no loop over tokens): each
        sequence's planned tokens, then its draft. Returns the rows, the logits rows, and the
        sequences to sample with their first logits row and the draft they verify; scoring
        sequences' logits rows go to `scored`."""
        if not plan.items:
            raise ValueError("an empty step")
        row, n_out, sampled = 0, 0, []
        for seq, n in plan.items:
            if seq.slot < 0 or seq.done or not 0 < n <= seq.uncomputed:
                raise ValueError(f"sequence {seq.id} cannot compute {n} tokens now")
            start, prompt_length = seq.computed, len(seq.prompt)
            at_end = start + n == seq.length and not seq.scoring
            draft = self._usable_draft(seq, plan.drafts.get(seq.id), allowed, n_out) if at_end else None
            width = n + (len(draft) if draft else 0)
            if row + width > len(self._tokens):
                raise ValueError(f"the step has more than {len(self._tokens)} tokens")
            if start >= prompt_length:  # decoding: no need to join prompt and generated tokens
                self._tokens[row:row + n] = seq.generated[start - prompt_length:start - prompt_length + n]
            else:
                self._tokens[row:row + n] = (seq.prompt if start + n <= prompt_length else seq.tokens)[start:start + n]
            self._tokens[row + n:row + width] = draft or ()
            self._positions[row:row + width] = self._arange[start:start + width]
            self._slots[row:row + width] = seq.slot
            row += width
            if seq.scoring:
                n_out = self._score_rows(seq, row - n, n, n_out, allowed, scored)
            elif draft is not None:  # logits for the last known token and every draft token
                self._last_rows[n_out:n_out + len(draft) + 1] = self._row_index[row - len(draft) - 1:row]
                sampled.append((seq, n_out, draft))
                n_out += len(draft) + 1
        return row, n_out, sampled

    def _score_rows(self, seq: Sequence, first_row: int, n: int, n_out: int, allowed: dict, scored: list) -> int:
        """Logits rows for the positions of this chunk whose next token is scored, each allowed only
        that token (none when the chunk is only the last token); returns the next free logits row."""
        prompt, start = seq.prompt, seq.computed
        lo = max(start, len(prompt) - seq.params.score_tokens - 1)  # position p predicts token p + 1
        hi = min(start + n, len(prompt) - 1)
        k = max(0, hi - lo)
        scored.append((seq, n_out, k))  # even with no rows: the chunk that ends the prompt finishes it
        if not k:
            return n_out
        self._last_rows[n_out:n_out + k] = self._row_index[first_row + lo - start:first_row + hi - start]
        for j in range(k):
            allowed[n_out + j] = np.array(prompt[lo + j + 1:lo + j + 2], dtype=np.int32)
        return n_out + k

    def _scores(self, scored: list) -> list[StepOutput]:
        """Record each scored row's log-probability; a scoring sequence whose prompt is all computed
        is finished, and its output carries every score."""
        outputs = []
        for seq, first, k in scored:
            seq.logprobs.extend((float(lp), {}) for lp in self.sampler.chosen_lp[first:first + k])
            if seq.computed == seq.length:
                seq.status, seq.finish_reason = Status.FINISHED, "stop"
                outputs.append(StepOutput(seq.id, (), tuple(seq.logprobs), "stop"))
        return outputs

    def _usable_draft(self, seq: Sequence, draft, allowed: dict, first_row: int) -> list[int]:
        """The part of the draft the step may verify: within the sequence's limits and, for a
        constrained sequence, no further than its first disallowed token. Records the allowed ids of
        every row the sequence will sample (each hypothetical prefix of the draft)."""
        room = min(seq.params.max_new_tokens - len(seq.generated) - 1, self.config.n_positions - seq.length)
        draft = [] if draft is None or room <= 0 else [int(t) for t in draft[:room]]
        constraint = seq.params.constraint
        if constraint is None:
            return draft
        for i in range(len(draft) + 1):
            ids = constraint.allowed(seq.generated + draft[:i])
            if ids is not None:
                allowed[first_row + i] = ids
                if i < len(draft) and not _contains(ids, draft[i]):
                    return draft[:i]
        return draft

    def _sample(self, logits: np.ndarray, row_slots: np.ndarray, row_positions: np.ndarray, allowed: dict) -> np.ndarray:
        """One compiled call for every logits row; parameters gathered from the slot tables. The
        counter of a row is the index, among the sequence's generated tokens, of the token it samples."""
        ws, r = self.sampler, len(row_slots)
        ws.temperature[:r] = self.slot_temperature[row_slots]
        ws.top_k[:r], ws.top_p[:r] = self.slot_top_k[row_slots], self.slot_top_p[row_slots]
        ws.seed[:r], ws.n_top[:r] = self.slot_seed[row_slots], self.slot_n_top[row_slots]
        ws.counter[:r] = row_positions + 1 - self.slot_prompt[row_slots]
        ws.allowed_ptr[:r + 1] = 0
        if allowed:
            sizes = np.zeros(r, np.int64)
            for row, ids in allowed.items():
                sizes[row] = len(ids)
            np.cumsum(sizes, out=ws.allowed_ptr[1:r + 1])
            buffer = ws.allowed_room(int(ws.allowed_ptr[r]))
            for row, ids in allowed.items():
                buffer[ws.allowed_ptr[row]:ws.allowed_ptr[row + 1]] = ids
        return ws.sample(logits)

    def _accept(self, seq: Sequence, first: int, draft: list[int]) -> StepOutput:
        """Emit the sampled token of each verified row while it agrees with the draft: the longest
        agreeing prefix plus one token, never past a finish. Sampling the row's token and keeping the
        draft token when they are equal is the standard rule for a deterministic draft (accept x with
        probability p(x), else a token from p without x, renormalised), so the output has the
        distribution of plain decoding; with counter-based random numbers it is the same tokens."""
        ws, emitted, logprobs, agreed = self.sampler, [], [], 0
        for i in range(len(draft) + 1):
            token = int(ws.tokens[first + i])
            seq.generated.append(token)
            emitted.append(token)
            if seq.params.logprobs is not None:
                top = seq.params.logprobs
                seq.logprobs.append((float(ws.chosen_lp[first + i]),
                                     dict(zip(ws.top_ids[first + i, :top].tolist(), ws.top_lp[first + i, :top].tolist()))))
                logprobs.append(seq.logprobs[-1])
            self._check_finished(seq, token)
            if seq.done or i == len(draft) or token != draft[i]:
                break
            agreed += 1
        seq.computed += agreed  # the K/V of the accepted draft tokens are already in the cache
        if seq.done and self.drafter is not None:
            self.drafter.remember(seq.generated)
        self.drafted += len(draft)
        self.accepted += agreed
        return StepOutput(seq.id, tuple(emitted), tuple(logprobs) if seq.params.logprobs is not None else None,
                          seq.finish_reason if seq.done else None, len(draft), agreed)

    def _check_finished(self, seq: Sequence, token: int) -> None:
        if seq.params.stop_at_end and token == self.config.eos_token_id:
            seq.status, seq.finish_reason = Status.FINISHED, "stop"
        elif seq.params.stop is not None and seq.params.stop.matched(seq.generated):
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
        return self.run([Sequence(list(p), sp) for p, sp in zip(prompts, params_list)])

    def score(self, prefix: list[int], continuations: list[list[int]]) -> list[list[float]]:
        """The teacher-forced log-probability of each token of each continuation after `prefix`,
        all continuations in the same batched steps."""
        seqs = self.run([Sequence(list(prefix) + list(c), SamplingParams(score_tokens=len(c))) for c in continuations])
        return [[lp for lp, _ in seq.logprobs] for seq in seqs]

    def run(self, seqs: list[Sequence]) -> list[Sequence]:
        """Step new sequences (generating or scoring) to completion with continuous batching."""
        for seq in seqs:
            if seq.length > self.config.n_positions or seq.length == 0:
                raise ValueError(f"prompt of {seq.length} tokens does not fit 1..{self.config.n_positions}")
            if seq.params.score_tokens >= len(seq.prompt):
                raise ValueError("a scored token needs at least one token before it")
        loop = CoreLoop(self, Continuous(), self.max_step_tokens, self.cache.n_slots)
        for seq in seqs:
            loop.add(seq)
        while loop.busy:
            result = loop.step()
            if result.error is not None or result.refused:
                raise result.error or result.refused[0][1]
            if not (result.items or result.admitted or result.left):  # would loop forever
                raise RuntimeError("the core loop made no progress: a sequence can be neither admitted nor stepped")
        return seqs

    def warmup(self) -> None:
        """Compile (or load from the Numba cache) everything a step uses."""
        self.generate([[0, 1]], SamplingParams(max_new_tokens=2, stop_at_end=False))


def _contains(sorted_ids: np.ndarray, token: int) -> bool:
    i = int(np.searchsorted(sorted_ids, token))
    return i < len(sorted_ids) and int(sorted_ids[i]) == token
