"""The OpenAI-compatible API: /v1/models, /v1/completions (JSON or server-sent events), and a clear
refusal of /v1/chat/completions. Errors use OpenAI's shape so that its client raises the right type."""

from __future__ import annotations

import json
import time
import uuid

import trio
from quart import Blueprint, current_app, g
from quart_schema import validate_request

from miniserve.completion import Choice, stream_choices
from miniserve.engine import SamplingParams, Sequence
from miniserve.errors import count_rejection
from miniserve.openai_schemas import CompletionRequest
from miniserve.scheduler import Overloaded, StepFailed, Unavailable
from miniserve.service import Service
from miniserve.ticket import Signal, Ticket

openai = Blueprint("openai", __name__)


def service() -> Service:
    return current_app.extensions["miniserve"]


def openai_error(status: int, message: str, type_: str = "invalid_request_error", param=None, code=None, headers=None):
    count_rejection(code or type_)
    body = {"error": {"message": message, "type": type_, "param": param, "code": code}}
    return body, status, headers or {}


@openai.get("/v1/models")
async def models():
    s = service()
    return {"object": "list", "data": [{"id": s.model_name, "object": "model", "created": s.created, "owned_by": "miniserve"}]}


@openai.post("/v1/chat/completions")
async def chat_completions():
    return openai_error(404, f"{service().model_name} is a GPT-2-style completion model with no chat template, so "
                             "chat messages have no defined prompt; use /v1/completions with a text prompt",
                        code="model_not_supported")


@openai.post("/v1/completions")
@validate_request(CompletionRequest)
async def completions(data: CompletionRequest):
    s = service()
    if data.model != s.model_name:
        return openai_error(404, f"the model {data.model!r} does not exist; this server serves {s.model_name!r}",
                            param="model", code="model_not_found")
    refused = data.unsupported()
    if refused:
        return openai_error(400, refused[1], param=refused[0], code="unsupported_parameter")
    reason = s.health.unavailable_reason()
    if reason is not None or s.scheduler is None:
        return openai_error(503, f"not ready: {reason}", "server_error", code="unavailable", headers={"Retry-After": "1"})
    prompts = [data.prompt] if isinstance(data.prompt, str) else data.prompt
    limit, max_tokens = s.engine.config.n_positions, data.max_tokens or 16
    encoded = [s.tokenizer.encode(p).ids for p in prompts]  # exactly as Hugging Face's tokenizer: nothing added
    for ids in encoded:
        if not ids or len(ids) + max_tokens > limit:
            return openai_error(400, f"this model's context is {limit} tokens; the prompt has {len(ids)} and "
                                     f"max_tokens asks for {max_tokens} more", param="prompt", code="context_length_exceeded")
    signal = Signal()
    tickets = []
    for p, ids in enumerate(encoded):
        for i in range(data.n):
            params = SamplingParams(
                max_new_tokens=max_tokens, temperature=data.temperature if data.temperature is not None else 1.0,
                top_p=data.top_p if data.top_p is not None else 1.0, top_k=data.top_k or 0,
                seed=None if data.seed is None else data.seed + len(tickets), logprobs=data.logprobs,
            )
            tickets.append(Ticket(Sequence(list(ids), params), g.request_id, signal=signal, streaming=data.stream))
    try:
        for ticket in tickets:
            s.scheduler.enqueue(ticket)
    except (Overloaded, Unavailable) as error:
        for ticket in tickets:
            ticket.cancelled = True
        retry = str(getattr(error, "retry_after", 1))
        return openai_error(503, str(error), "server_error", code="overloaded", headers={"Retry-After": retry})
    g.ticket = tickets[0]
    stops = [data.stop] if isinstance(data.stop, str) else (data.stop or [])
    choices = [Choice(i, t, s.tokenizer, stops) for i, t in enumerate(tickets)]
    head = {"id": f"cmpl-{uuid.uuid4().hex}", "object": "text_completion", "created": int(time.time()), "model": s.model_name}
    if data.stream:
        include_usage = bool((data.stream_options or {}).get("include_usage"))
        return sse(head, choices, signal, s, data.logprobs, include_usage, data.n), 200, {
            "Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    logprobs = {c.index: LogprobsBuilder(s) for c in choices} if data.logprobs is not None else {}
    try:
        with trio.move_on_after(s.settings.request_timeout) as deadline:
            async for delta in stream_choices(choices, signal):
                if delta.index in logprobs:
                    logprobs[delta.index].add(choices[delta.index], delta)
    except StepFailed as error:
        return openai_error(500, str(error), "server_error", code="step_failed")
    except Unavailable as error:
        return openai_error(503, str(error), "server_error", code="unavailable", headers={"Retry-After": "1"})
    if deadline.cancelled_caught:
        return openai_error(504, f"no answer within {s.settings.request_timeout:g} s", "server_error", code="timeout")
    return {**head, "choices": [
        {"text": c.text, "index": c.index, "logprobs": logprobs[c.index].body() if logprobs else None,
         "finish_reason": c.finish_reason} for c in choices
    ], "usage": usage(tickets, data.n)}


def usage(tickets: list[Ticket], n: int) -> dict:
    prompt = sum(len(t.seq.prompt) for t in tickets[::n])  # each prompt once, whatever n
    completion = sum(len(t.tokens) for t in tickets)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


class LogprobsBuilder:
    """The legacy completions `logprobs` object: tokens, token_logprobs, top_logprobs, text_offset."""

    def __init__(self, s: Service):
        self.tokenizer = s.tokenizer
        self.tokens, self.token_logprobs, self.top_logprobs, self.text_offset = [], [], [], []
        self.offset = 0

    def add(self, choice: Choice, delta) -> None:
        start = choice.ticket.consumed - len(delta.tokens)
        for k, token in enumerate(delta.tokens):
            lp, top = choice.ticket.logprobs[start + k]
            text = self.tokenizer.decode([token], skip_special_tokens=False)
            self.tokens.append(text)
            self.token_logprobs.append(lp)
            self.top_logprobs.append({self.tokenizer.decode([t], skip_special_tokens=False): v for t, v in top.items()})
            self.text_offset.append(self.offset)
            self.offset += len(text)

    def body(self) -> dict:
        return {"tokens": self.tokens, "token_logprobs": self.token_logprobs,
                "top_logprobs": self.top_logprobs, "text_offset": self.text_offset}


async def sse(head: dict, choices: list[Choice], signal: Signal, s: Service, want_logprobs, include_usage: bool, n: int):
    """Server-sent events in OpenAI's format: one `data:` chunk per delta, then `data: [DONE]`."""
    builders = {c.index: LogprobsBuilder(s) for c in choices} if want_logprobs is not None else {}
    try:
        async for delta in stream_choices(choices, signal):
            lp = None
            if builders:
                b = LogprobsBuilder(s)
                b.offset = builders[delta.index].offset
                b.add(choices[delta.index], delta)
                builders[delta.index].offset = b.offset
                lp = b.body()
            chunk = {**head, "choices": [{"text": delta.text, "index": delta.index, "logprobs": lp,
                                          "finish_reason": delta.finish_reason}]}
            yield f"data: {json.dumps(chunk)}\n\n".encode()
    except (StepFailed, Unavailable) as error:
        yield f"data: {json.dumps({'error': {'message': str(error), 'type': 'server_error', 'param': None, 'code': None}})}\n\n".encode()
    if include_usage:
        yield f"data: {json.dumps({**head, 'choices': [], 'usage': usage([c.ticket for c in choices], n)})}\n\n".encode()
    yield b"data: [DONE]\n\n"
