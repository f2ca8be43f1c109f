"""Every setting of the service, once, with its default. `miniserve serve --flag` and the
environment variable MINISERVE_<NAME> (e.g. MINISERVE_MAX_QUEUE=64) set the same field."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace

SCHEDULERS = ("continuous", "static", "async", "sync")


@dataclass(frozen=True)
class Settings:
    # what to serve
    model: str = field(default="", metadata={"help": "GPT-2 model folder (default: the shipped tutor)"})
    model_name: str = field(default="", metadata={"help": "id in /v1/models (default: miniserve-tutor or the folder name)"})
    scheduler: str = field(default="continuous", metadata={"help": "continuous | static | async | sync"})
    # capacity: Little's law sizing in docs/service.md
    max_batch: int = field(default=32, metadata={"help": "sequences per step (the compute batch)"})
    n_slots: int = field(default=0, metadata={"help": "KV slots: sequences admitted at once (0 = max_batch)"})
    max_queue: int = field(default=64, metadata={"help": "waiting requests before 503 (about 2 batches)"})
    step_token_budget: int = field(default=256, metadata={"help": "tokens per step, decodes first, then prefill chunks"})
    # prompt-lookup speculative decoding (docs/engine.md): drafts use only a step's spare token budget
    speculate: int = field(default=1, metadata={"help": "1 = draft tokens from the prompt and verify them, 0 = off"})
    speculate_k: int = field(default=1, metadata={"help": "speculation: tokens drafted at most per sequence and step"})
    speculate_n: int = field(default=3, metadata={"help": "speculation: longest suffix matched (down to 1 token)"})
    speculate_history: int = field(default=64, metadata={"help": "speculation: finished answers searched for drafts too"})
    speculate_rows: int = field(default=16, metadata={"help": "speculation: drafts only fill a step up to this many tokens"})
    # the tutor (docs/model.md): decoding may only copy the input and change verb forms
    edit_constraint: int = field(default=1, metadata={"help": "1 = the tutor's answers are edit-constrained (copy the input, change verb forms only), 0 = free"})
    # the tutor's confidence gate (docs/model.md): an edit stays only if the model prefers it to the input
    gate: int = field(default=1, metadata={"help": "1 = score each proposed edit against the input as typed and withhold the unsure ones, 0 = off"})
    gate_threshold: float = field(default=7.41, metadata={"help": "the gate: least log-probability margin (nats) an edit needs; calibrated default (python -m miniserve.tutor.calibrate)"})
    batch_wait: float = field(default=0.05, metadata={"help": "static: seconds to wait for a batch to fill"})
    # time limits
    request_timeout: float = field(default=30.0, metadata={"help": "seconds before a request gets 504"})
    drain_timeout: float = field(default=20.0, metadata={"help": "seconds in-flight requests get at shutdown"})
    drain_delay: float = field(default=0.0, metadata={"help": "seconds /readyz fails before the listener may close (behind a balancer: its detection time)"})
    stream_stall_timeout: float = field(default=10.0, metadata={"help": "seconds a stream may leave tokens unread"})
    body_timeout: float = field(default=10.0, metadata={"help": "seconds a client gets to send the whole body (408 after)"})
    keep_alive_timeout: float = field(default=30.0, metadata={"help": "seconds an idle keep-alive connection stays open"})
    # edge
    max_body_bytes: int = field(default=16_384, metadata={"help": "request body limit (413 above)"})
    rate_limit: float = field(default=0.0, metadata={"help": "requests/s per client, 0 = off (429 above)"})
    rate_burst: int = field(default=20, metadata={"help": "requests a client may send at once"})
    # generation
    max_new_tokens: int = field(default=160, metadata={"help": "upper bound on generated tokens per request"})

    def __post_init__(self):
        if self.scheduler not in SCHEDULERS:
            raise ValueError(f"scheduler must be one of {SCHEDULERS}, not {self.scheduler!r}")
        for name in ("max_batch", "max_queue", "step_token_budget", "max_body_bytes", "rate_burst", "max_new_tokens"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.n_slots < 0:
            raise ValueError("n_slots must be >= 0")
        for name in ("speculate", "edit_constraint", "gate"):
            if getattr(self, name) not in (0, 1):
                raise ValueError(f"{name} must be 0 or 1")
        for name in ("speculate_k", "speculate_n"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name in ("speculate_history", "speculate_rows"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0")
        for name in ("batch_wait", "request_timeout", "drain_timeout", "drain_delay", "stream_stall_timeout", "rate_limit",
                     "body_timeout", "keep_alive_timeout"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0")

    @classmethod
    def from_env(cls, environ=None, **overrides) -> "Settings":
        environ = os.environ if environ is None else environ
        values = {}
        for f in fields(cls):
            raw = environ.get(f"MINISERVE_{f.name.upper()}")
            if raw is not None:
                values[f.name] = type(f.default)(raw)
        return replace(cls(**values), **{k: v for k, v in overrides.items() if v is not None})

    @classmethod
    def describe(cls) -> str:
        return "\n".join(f"MINISERVE_{f.name.upper():<20} {f.default!r:>14}  {f.metadata['help']}" for f in fields(cls))
