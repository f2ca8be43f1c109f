"""The tutor API's bodies (POST /correct), validated with pydantic and published in /openapi.json."""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic.json_schema import SkipJsonSchema

from miniserve.tutor.runtime.prompt import MAX_SENTENCE_CHARS

MAX_TEXT_CHARS = 2000
# What the input filter refuses, said in the schema too (`tutor.prompt.bad_text`): no control
# character (Unicode category Cc) in a sentence; a paragraph may hold line breaks and tabs.
NO_CONTROL = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"
NO_CONTROL_BUT_SPACING = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$"


def not_blank(value: str | None) -> str | None:
    """Blank: nothing but spaces and invisible format characters (zero-width space, byte order mark)."""
    if value is not None and all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in value):
        raise ValueError("the text is blank")
    return value


class CorrectRequest(BaseModel):
    """Exactly one of `sentence` (one sentence) or `text` (a paragraph, corrected sentence by sentence)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"sentence": "He goed to school"}, {"text": "She have two cats. They was at home."}],
        "oneOf": [{"required": ["sentence"]}, {"required": ["text"]}]})

    # (the length limits sit on the str branch: on the field they would be applied to None too)
    sentence: Annotated[str, Field(min_length=1, max_length=MAX_SENTENCE_CHARS, json_schema_extra={"pattern": NO_CONTROL})] | SkipJsonSchema[None] = Field(
        None, description=f"One English sentence, at most {MAX_SENTENCE_CHARS} characters.")
    text: Annotated[str, Field(min_length=1, max_length=MAX_TEXT_CHARS, json_schema_extra={"pattern": NO_CONTROL_BUT_SPACING})] | SkipJsonSchema[None] = Field(
        None, description=f"A paragraph of at most {MAX_TEXT_CHARS} characters; each sentence "
                                         f"(at most {MAX_SENTENCE_CHARS} characters) is corrected on its own.")

    _blank = field_validator("sentence", "text")(not_blank)

    @field_validator("sentence", "text", mode="before")
    @classmethod
    def not_null(cls, value):
        """A field is a string or left out (only a given value is validated): the schema has no null."""
        if value is None:
            raise ValueError("null is not text: give a string or leave the field out")
        return value

    @model_validator(mode="after")
    def exactly_one(self):
        if (self.sentence is None) == (self.text is None):
            raise ValueError("give exactly one of sentence or text")
        return self


class Usage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    queue_seconds: float = Field(description="from arrival to admission into the batch (the longest wait)")
    time_to_first_token_seconds: float | None
    total_seconds: float = Field(description="from arrival to the last token (the longest sentence's)")
    sequence_seconds: float = Field(description="every sentence's own time from arrival to its last token, summed "
                                    "(sequence-seconds in the server, for Little's law)")


class SentenceAnswer(BaseModel):
    index: int
    original: str
    corrected: str
    explanation: str
    changed: bool
    withheld: bool = Field(description="the model's suggestion failed the verb-only check and is not shown")
    start: int = Field(description="offset of the sentence's first character in `text`")
    end: int = Field(description="offset just past the sentence's last character in `text`")


class CorrectResponse(BaseModel):
    """The `sentence` form's answer."""
    corrected: str
    explanation: str
    withheld: bool
    usage: Usage


class ParagraphResponse(BaseModel):
    """The `text` form's answer: the whole text with each sentence corrected and its spacing kept."""
    corrected: str
    sentences: list[SentenceAnswer]
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
    """The tutor API's error."""
    error: ErrorInfo


class Readiness(BaseModel):
    status: str
    reason: str | None = None


class Health(BaseModel):
    status: str
    reason: str | None = None


class Stats(BaseModel):
    scheduler: str
    running: int
    waiting: int
    steps: int
    kv_slots_used: int
    kv_slots_total: int
    in_system_seconds: float = Field(description="sequence-seconds spent waiting or running since start: "
                                     "its difference over a window / the window = the mean number in the system "
                                     "(with several API processes: all of theirs, exact while only this one holds sequences)")
