"""The HTTP API's bodies, validated by quart-schema with pydantic (and published in /openapi.json)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from miniserve.tutor.prompt import MAX_SENTENCE_CHARS


class CorrectRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"sentence": "He goed to school"}]})

    sentence: str = Field(min_length=1, max_length=MAX_SENTENCE_CHARS,
                          description=f"One English sentence, at most {MAX_SENTENCE_CHARS} characters.")

    @field_validator("sentence")
    @classmethod
    def not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the sentence is blank")
        return value


class Usage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    queue_seconds: float = Field(description="from arrival to admission into the batch")
    time_to_first_token_seconds: float | None
    total_seconds: float


class CorrectResponse(BaseModel):
    corrected: str
    explanation: str
    usage: Usage


class ErrorDetail(BaseModel):
    field: str | None = None
    message: str


class ErrorInfo(BaseModel):
    status: int
    type: str
    message: str
    details: list[ErrorDetail] = []


class ErrorResponse(BaseModel):
    error: ErrorInfo


class Readiness(BaseModel):
    status: str
    reason: str | None = None
