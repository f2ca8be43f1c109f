"""What one engine step hands back: a plain record per sequence that produced tokens. The compute
thread creates them; the event loop applies them to tickets. No references to live state."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StepOutput:
    seq_id: int
    tokens: tuple[int, ...]  # 1 token normally; up to k+1 with speculation
    logprobs: tuple | None  # per token (logprob, {token: logprob}), when requested
    finish_reason: str | None  # "stop" | "length" | None while running
    drafted: int = 0  # speculation: draft tokens verified this step
    accepted: int = 0  # of which the model agreed with (emitted: accepted + 1, unless finished)
