"""Request bodies of the OpenAI-compatible API (/v1/completions), validated by quart-schema."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, field_validator

# Every number has both bounds here, where it is parsed, so that no value reaches a fixed-width
# array in the engine unchecked (a top_k of 2^63 once overflowed int64 at admission and killed the
# scheduler). Bounds that depend on the model or the settings (vocabulary, context, max_new_tokens)
# are checked in `openai_routes.plan` (400), under these static ones.
INT32_MAX = 2**31 - 1  # ids and counts: no vocabulary or context comes near it
Text = Annotated[StrictStr, Field(min_length=1)]  # an empty prompt has nothing to complete
INT64 = 2**63
TokenIds = Annotated[list[Annotated[StrictInt, Field(ge=0, le=INT32_MAX)]], Field(min_length=1)]
Penalty = Annotated[float, Field(ge=-2.0, le=2.0)]  # OpenAI's range (only 0 is supported)


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    include_usage: bool = False


class CompletionRequest(BaseModel):
    # strict: a JSON true is not the integer 1, nor "1" a number, as the published schema says;
    # no inf/nan: 1e400 parses as inf
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

    model: str = Field(description="a served model id (GET /v1/models)")
    prompt: Text | Annotated[list[Text], Field(min_length=1, max_length=16)] | TokenIds | \
            Annotated[list[TokenIds], Field(min_length=1, max_length=16)] = Field(
        description="text, a list of texts, token ids, or a list of token-id lists (ids below the vocabulary size)")
    max_tokens: int | None = Field(None, ge=1, le=INT32_MAX, description="default 16, at most the server's max_new_tokens")
    temperature: float | None = Field(1.0, ge=0.0, le=2.0)
    top_p: float | None = Field(1.0, gt=0.0, le=1.0)
    top_k: int | None = Field(None, ge=0, le=INT32_MAX, description="extension (as in vLLM): sample from the k best "
                              "(0: no limit; k at or past the vocabulary size keeps every token, as no limit does)")
    ignore_eos: bool = Field(False, description="extension (as in vLLM): generate max_tokens, past the end token")
    allowed_token_ids: TokenIds | None = Field(
        None, description="extension (as in vLLM): only these token ids may be generated (ids below the vocabulary size)")
    n: int = Field(1, ge=1, le=8)
    stream: bool = False
    stream_options: StreamOptions | None = None
    logprobs: int | None = Field(None, ge=0, le=5)
    stop: str | list[str] | None = None
    seed: int | None = Field(None, ge=-INT64, lt=INT64, description="any 64-bit integer")
    # OpenAI's parameters this server does not implement: accepted only at their no-op values (the
    # schema says which; `unsupported()` names the one a request got wrong), each number still bounded
    echo: bool = Field(False, json_schema_extra={"enum": [False]})
    # (the server also takes best_of equal to a larger n, up to 8, which a schema cannot say)
    best_of: int | None = Field(None, ge=1, le=8, description="null or n: one sequence per choice",
                                json_schema_extra={"enum": [None, 1]})
    suffix: str | None = Field(None, json_schema_extra={"maxLength": 0})
    presence_penalty: Penalty = Field(0.0, json_schema_extra={"enum": [0]})
    frequency_penalty: Penalty = Field(0.0, json_schema_extra={"enum": [0]})
    logit_bias: dict[str, Annotated[float, Field(ge=-100.0, le=100.0)]] | None = Field(
        None, description="OpenAI's range; not supported (only empty)", json_schema_extra={"maxProperties": 0})
    user: str | None = None

    @field_validator("prompt")
    @classmethod
    def prompts_not_empty(cls, value):
        prompts = as_prompts(value)
        if not prompts or len(prompts) > 16:
            raise ValueError("give 1 to 16 prompts")
        if any(not p for p in prompts):
            raise ValueError("a prompt is empty")
        return value

    @field_validator("stop")
    @classmethod
    def at_most_four_stops(cls, value):
        if isinstance(value, list) and len(value) > 4:
            raise ValueError("at most 4 stop sequences")
        return value

    def unsupported(self) -> tuple[str, str] | None:
        """(param, why) for an option this server does not implement, or None."""
        if self.echo:
            return "echo", "echo is not supported"
        if self.best_of not in (None, self.n):
            return "best_of", "best_of other than n is not supported"
        if self.suffix:
            return "suffix", "suffix (insertion) is not supported"
        if self.presence_penalty or self.frequency_penalty:
            return "presence_penalty" if self.presence_penalty else "frequency_penalty", "penalties are not supported"
        if self.logit_bias:
            return "logit_bias", "logit_bias is not supported"
        return None


def as_prompts(prompt) -> list:
    """The request's prompts as a list: each a text or a list of token ids."""
    if isinstance(prompt, str) or (prompt and isinstance(prompt[0], int)):
        return [prompt]
    return list(prompt)


class OpenAIErrorInfo(BaseModel):
    message: str
    type: str
    param: str | None = None
    code: str | None = None


class OpenAIError(BaseModel):
    """OpenAI's error shape."""
    error: OpenAIErrorInfo


class CompletionChoice(BaseModel):
    text: str
    index: int
    logprobs: dict | None
    finish_reason: str | None


class CompletionUsage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int
    sequence_seconds: float = Field(description="miniserve's extension: every sequence's own time in the "
                                    "server (arrival to last token), summed; for Little's law")


class Completion(BaseModel):
    """A text completion (with `"stream": true`, server-sent events of the same shape, then `[DONE]`)."""
    id: str
    object: str
    created: int
    model: str
    choices: list[CompletionChoice]
    usage: CompletionUsage | None = None


class ModelCard(BaseModel):
    id: str
    object: str
    created: int
    owned_by: str


class ModelList(BaseModel):
    object: str
    data: list[ModelCard]
