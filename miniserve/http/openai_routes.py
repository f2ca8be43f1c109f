"""The OpenAI-compatible API: /v1/models, /v1/completions (JSON or server-sent events), and a clear
refusal of /v1/chat/completions. Errors use OpenAI's shape so that its client raises the right type."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import trio
from quart import Blueprint, g
from quart_schema import document_request, document_response

from miniserve.http.access import AccessRecord, new_id
from miniserve.http.body import parse_json
from miniserve.service.completion import Choice, stream_choices
from miniserve.engine import SamplingParams
from miniserve.engine.constraint import AllowedTokens
from miniserve.http.errors import ApiError
from miniserve.service.intake import admit, seed_for
from miniserve.service.logprobs import Logprobs
from miniserve.http.openai_schemas import Completion, CompletionRequest, ModelList, as_prompts
from miniserve.http.openapi import answers
from miniserve.scheduler import Unavailable
from miniserve.http.state import Service, service
from miniserve.http.sse import HEADERS, frame
from miniserve.service.textstream import StopStrings
from miniserve.scheduler.ticket import Signal, Ticket

openai = Blueprint("openai", __name__)
DEFAULT_MAX_TOKENS = 16  # OpenAI's default


def invalid(message: str, param: str, code: str, status: int = 400) -> ApiError:
    return ApiError(status, code, message, [{"field": param, "message": message}])


@openai.get("/v1/models")
@document_response(ModelList, 200)
@answers(429)
async def models():
    """The served model (one)."""
    s = service()
    return {"object": "list", "data": [{"id": s.model_name, "object": "model", "created": s.created, "owned_by": "miniserve"}]}


@openai.post("/v1/chat/completions")
@answers(404, 413, 429)
async def chat_completions():
    """Not served: a GPT-2-style model has no chat template (always 404, in OpenAI's shape)."""
    raise invalid(f"{service().model_name} is a GPT-2-style completion model with no chat template, so chat "
                  "messages have no defined prompt; use /v1/completions with a text prompt", "model", "model_not_supported", 404)


@openai.post("/v1/completions")
@document_request(CompletionRequest)
@document_response(Completion, 200)
@answers(400, 404, 408, 413, 415, 429, 500, 503, 504, stream=True)
async def completions():
    """A completion of each prompt, `n` choices each (`"stream": true`: server-sent events)."""
    s, record = service(), g.access
    answer = await complete(s, await parse_json(CompletionRequest), record)
    if isinstance(answer, dict):
        return answer
    return frame(answer, record, s.metrics), 200, HEADERS


async def complete(s: Service, data: CompletionRequest, record: AccessRecord) -> dict | AsyncIterator[dict]:
    """The answer (a dict), or the stream's events once its sequences are admitted; both routes'
    (Quart's above and the direct one, `direct.py`)."""
    work = plan(s, data)
    tickets = admit(s, work, record.request_id, data.stream, client=record.client)
    record.tickets = tickets
    stops = [data.stop] if isinstance(data.stop, str) else (data.stop or [])
    choices = [Choice(i, t, s.tokenizer, stops) for i, t in enumerate(tickets)]
    head = {"id": f"cmpl-{new_id()}", "object": "text_completion", "created": int(time.time()), "model": s.model_name}
    signal = tickets[0].signal
    if data.stream:
        record.streaming = True
        include_usage = data.stream_options is not None and data.stream_options.include_usage
        return chunks(head, choices, signal, s, data.logprobs, include_usage, data.n)
    logprobs = {c.index: Logprobs(s.tokenizer) for c in choices} if data.logprobs is not None else {}
    with trio.move_on_after(s.settings.request_timeout) as deadline:
        async for delta in stream_choices(choices, signal):
            if delta.index in logprobs:
                logprobs[delta.index].add(choices[delta.index], delta)
    if deadline.cancelled_caught:
        raise ApiError(504, "timeout", f"no answer within {s.settings.request_timeout:g} s")
    return {**head, "choices": [
        {"text": c.text, "index": c.index, "logprobs": logprobs[c.index].body() if logprobs else None,
         "finish_reason": c.finish_reason} for c in choices
    ], "usage": usage(tickets, data.n)}


def plan(s: Service, data: CompletionRequest) -> list[tuple[list[int], SamplingParams]]:
    """The request's sequences (n per prompt) with their sampling, or the ApiError that refuses it."""
    if data.model != s.model_name:
        raise invalid(f"the model {data.model!r} does not exist; this server serves {s.model_name!r}", "model", "model_not_found", 404)
    refused = data.unsupported()
    if refused:
        raise invalid(refused[1], refused[0], "unsupported_parameter")
    cap = s.settings.max_new_tokens
    max_tokens = data.max_tokens or min(DEFAULT_MAX_TOKENS, cap)
    if max_tokens > cap:
        raise invalid(f"max_tokens is {max_tokens}; this server generates at most {cap} tokens per sequence", "max_tokens", "max_tokens_too_large")
    if s.engine is None:
        raise Unavailable("not ready: the model is loading")
    limit, vocab = s.engine.config.n_positions, s.engine.config.vocab_size
    stops = [data.stop] if isinstance(data.stop, str) else (data.stop or [])
    stop_strings = StopStrings(s.tokenizer, stops) if stops else None  # ends a sequence on the compute thread
    constraint = None
    if data.allowed_token_ids is not None:
        if max(data.allowed_token_ids) >= vocab:
            raise invalid(f"token id {max(data.allowed_token_ids)} is not in this model's vocabulary of {vocab}",
                          "allowed_token_ids", "invalid_token_id")
        constraint = AllowedTokens(data.allowed_token_ids)  # one per request: it is read-only
    work = []
    for prompt in as_prompts(data.prompt):
        if isinstance(prompt, str):
            ids = s.tokenizer.encode(prompt).ids  # exactly as Hugging Face's tokenizer: nothing added
        elif max(prompt) >= vocab:
            raise invalid(f"token id {max(prompt)} is not in this model's vocabulary of {vocab}", "prompt", "invalid_token_id")
        else:
            ids = list(prompt)
        if not ids or len(ids) + max_tokens > limit:
            raise invalid(f"this model's context is {limit} tokens; the prompt has {len(ids)} and max_tokens asks for "
                          f"{max_tokens} more", "prompt", "context_length_exceeded")
        for _ in range(data.n):
            work.append((ids, SamplingParams(
                max_new_tokens=max_tokens, temperature=data.temperature if data.temperature is not None else 1.0,
                top_p=data.top_p if data.top_p is not None else 1.0, top_k=data.top_k or 0,
                seed=seed_for(data.seed, len(work)), logprobs=data.logprobs,
                stop_at_end=not data.ignore_eos, stop=stop_strings, constraint=constraint)))
    return work


def usage(tickets: list[Ticket], n: int) -> dict:
    prompt = sum(len(t.seq.prompt) for t in tickets[::n])  # each prompt once, whatever n
    completion = sum(len(t.tokens) for t in tickets)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "sequence_seconds": round(sum(t.total_seconds for t in tickets), 6)}


async def chunks(head: dict, choices: list[Choice], signal: Signal, s: Service, want_logprobs, include_usage: bool, n: int):
    """OpenAI's stream: one chunk per delta, then (if asked) one with the usage."""
    builders = {c.index: Logprobs(s.tokenizer) for c in choices} if want_logprobs is not None else {}
    async for delta in stream_choices(choices, signal):
        lp = builders[delta.index].add(choices[delta.index], delta) if builders else None
        yield {**head, "choices": [{"text": delta.text, "index": delta.index, "logprobs": lp, "finish_reason": delta.finish_reason}]}
    if include_usage:
        yield {**head, "choices": [], "usage": usage([c.ticket for c in choices], n)}
