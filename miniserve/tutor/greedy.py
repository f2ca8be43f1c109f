"""Batched greedy decoding of the tutor with transformers, optionally edit-constrained: the logits
of every token a sentence's TokenConstraint does not allow are masked before the argmax.

This is evaluation's own loop (the engine applies constraints itself once it takes them through
SamplingParams); both mask the same way, so their answers agree.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from miniserve.tutor.constraint import EditConstraints
from miniserve.tutor.prompt import Completion, TutorPrompt


class GreedyGenerator:
    def __init__(self, folder: Path, constrained: bool, batch_size: int = 64, threads: int | None = None):
        import torch
        from transformers import GPT2LMHeadModel

        self.torch = torch
        if threads:
            torch.set_num_threads(threads)
        self.model = GPT2LMHeadModel.from_pretrained(folder).eval()
        self.prompt = TutorPrompt.from_folder(folder)
        self.constraints = EditConstraints.for_prompt(self.prompt) if constrained else None
        self.n_positions = self.model.config.n_positions
        self.batch_size = batch_size

    def complete(self, sentences: list[str]) -> list[Completion]:
        results: list[Completion] = []
        for start in range(0, len(sentences), self.batch_size):
            results += self._batch(sentences[start:start + self.batch_size])
        return results

    def _batch(self, sentences: list[str]) -> list[Completion]:
        torch, end = self.torch, self.prompt.end_id
        requests = [self.prompt.request(s, self.n_positions) for s in sentences]
        constraints = [self.constraints(s) if self.constraints else None for s in sentences]
        width = max(len(ids) for ids, _ in requests)
        ids = torch.full((len(requests), width), end, dtype=torch.long)
        mask = torch.zeros_like(ids)
        for row, (prompt_ids, _) in enumerate(requests):
            ids[row, width - len(prompt_ids):] = torch.tensor(prompt_ids)
            mask[row, width - len(prompt_ids):] = 1
        positions = (mask.cumsum(-1) - 1).clamp(min=0)
        budgets = [b for _, b in requests]
        generated: list[list[int]] = [[] for _ in requests]
        done = [False] * len(requests)
        with torch.no_grad():
            out = self.model(input_ids=ids, attention_mask=mask, position_ids=positions, use_cache=True)
            for _ in range(max(budgets)):
                logits = out.logits[:, -1].float().numpy()
                chosen = np.empty(len(requests), dtype=np.int64)
                for row, constraint in enumerate(constraints):
                    allowed = None if done[row] or constraint is None else constraint.allowed(generated[row])
                    if allowed is None:
                        chosen[row] = int(np.argmax(logits[row]))
                    else:
                        chosen[row] = int(allowed[np.argmax(logits[row, allowed])])
                for row in range(len(requests)):
                    if not done[row]:
                        generated[row].append(int(chosen[row]))
                        done[row] = chosen[row] == end or len(generated[row]) >= budgets[row]
                if all(done):
                    break
                mask = torch.cat([mask, torch.ones((len(requests), 1), dtype=mask.dtype)], dim=1)
                positions = positions[:, -1:] + 1
                # transformers 5 names the KV cache `cache`; older versions `past_key_values`.
                past = {"cache": out.cache} if "cache" in out else {"past_key_values": out.past_key_values}
                out = self.model(input_ids=torch.from_numpy(chosen)[:, None], attention_mask=mask,
                                 position_ids=positions, use_cache=True, **past)
        return [self.prompt.parse(g) for g in generated]
