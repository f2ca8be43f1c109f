"""The tutor's prompt format: special tokens, the template, and encoding that user text cannot subvert.

    prompt:      <|endoftext|>{sentence}<|fix|>
    completion:  {corrected}<|why|>{explanation}<|endoftext|>

User text is encoded with the special tokens switched off, so typing "<|fix|>" gives ordinary
bytes, never the special id.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from tokenizers import Tokenizer

END = "<|endoftext|>"
FIX = "<|fix|>"
WHY = "<|why|>"
SPECIAL_TOKENS = (END, FIX, WHY)  # ids 0, 1, 2 in the tutor's tokenizer
MAX_SENTENCE_CHARS = 300
# The completion repeats the sentence and adds an explanation: up to ~60 tokens when it names two
# errors, ~30 for one. A long sentence gets what is left of the context, if that is at least the minimum.
EXPLANATION_ALLOWANCE = 64
MIN_EXPLANATION_ALLOWANCE = 36


class SentenceError(ValueError):
    """The sentence cannot be corrected as given (empty, too long, does not fit the context)."""


def bad_text(value: str, forbidden: tuple[str, ...] = SPECIAL_TOKENS, spacing: str = "") -> str | None:
    """Why this text may not reach the model, or None: the one input check that the server (its
    input filter) and `miniserve correct` share (`spacing`: control characters allowed, e.g. a
    paragraph's line breaks)."""
    for ch in value:
        if unicodedata.category(ch) == "Cc" and ch not in spacing:
            return f"control character U+{ord(ch):04X} is not allowed"
    for token in forbidden:
        if token in value:
            return f"the text {token!r} is reserved by the model"
    return None


@dataclass(frozen=True)
class Completion:
    corrected: str
    explanation: str
    complete: bool  # False when the model stopped (length limit) before the end token


class TutorPrompt:
    def __init__(self, tokenizer: Tokenizer):
        self.tokenizer = tokenizer
        # A private copy, so that switching special tokens off never affects other users of it.
        self.text_tokenizer = Tokenizer.from_str(tokenizer.to_str())
        self.text_tokenizer.encode_special_tokens = True
        ids = [tokenizer.token_to_id(token) for token in SPECIAL_TOKENS]
        if None in ids:
            raise ValueError(f"tokenizer lacks the tutor's special tokens {SPECIAL_TOKENS}")
        self.end_id, self.fix_id, self.why_id = ids

    @classmethod
    def from_folder(cls, folder: str | Path) -> "TutorPrompt":
        return cls(Tokenizer.from_file(str(Path(folder) / "tokenizer.json")))

    def encode_text(self, text: str) -> list[int]:
        """User or corpus text as ordinary tokens: never a special id, whatever the text holds."""
        return self.text_tokenizer.encode(text, add_special_tokens=False).ids

    def prompt_ids(self, sentence: str) -> list[int]:
        return [self.end_id, *self.encode_text(sentence), self.fix_id]

    def request(self, sentence: str, n_positions: int) -> tuple[list[int], int]:
        """Prompt ids and a max_new_tokens for one sentence, or a SentenceError saying why not."""
        reason = bad_text(sentence)
        if reason:
            raise SentenceError(reason)
        text = sentence.strip()
        if not text:
            raise SentenceError("the sentence is empty")
        if len(text) > MAX_SENTENCE_CHARS:
            raise SentenceError(f"the sentence has {len(text)} characters; the limit is {MAX_SENTENCE_CHARS}")
        ids = self.prompt_ids(text)
        budget = min(len(ids) + EXPLANATION_ALLOWANCE, n_positions - len(ids))
        if budget < len(ids) + MIN_EXPLANATION_ALLOWANCE:
            raise SentenceError(
                f"the sentence is {len(ids)} tokens; with its correction it would not fit the "
                f"model's context of {n_positions} tokens"
            )
        return ids, budget

    def completion_ids(self, corrected: str, explanation: str) -> list[int]:
        return [*self.encode_text(corrected), self.why_id, *self.encode_text(explanation), self.end_id]

    def decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=False)

    def parse(self, completion: list[int]) -> Completion:
        """Split generated ids at <|why|> and stop at <|endoftext|>."""
        complete = self.end_id in completion
        if complete:
            completion = completion[: completion.index(self.end_id)]
        if self.why_id in completion:
            cut = completion.index(self.why_id)
            corrected, explanation = completion[:cut], completion[cut + 1:]
        else:
            corrected, explanation, complete = completion, [], False
        strip = [self.fix_id, self.why_id]
        return Completion(
            self.tokenizer.decode([t for t in corrected if t not in strip]).strip(),
            self.tokenizer.decode([t for t in explanation if t not in strip]).strip(),
            complete,
        )
