"""The legacy completions `logprobs` object: tokens, token_logprobs, top_logprobs, text_offset.
`text_offset[i]` is where token i's text begins in the choice's `text` (special tokens add no text,
and the bytes of one character split across tokens all point at that character)."""

from __future__ import annotations

from tokenizers import Tokenizer

from miniserve.service.completion import Choice, Delta
from miniserve.service.textstream import IncrementalDecoder


class Logprobs:
    def __init__(self, tokenizer: Tokenizer):
        self.tokenizer = tokenizer
        self.decoder = IncrementalDecoder(tokenizer)  # the same text the choice shows
        self.offset = 0
        self.tokens, self.token_logprobs, self.top_logprobs, self.text_offset = [], [], [], []

    def add(self, choice: Choice, delta: Delta) -> dict:
        """Record this delta's tokens; returns the delta's own part (for a streamed chunk)."""
        start = choice.ticket.consumed - len(delta.tokens)
        part = {"tokens": [], "token_logprobs": [], "top_logprobs": [], "text_offset": []}
        for k, token in enumerate(delta.tokens):
            lp, top = choice.ticket.logprobs[start + k]
            part["tokens"].append(self._text(token))
            part["token_logprobs"].append(lp)
            part["top_logprobs"].append({self._text(t): v for t, v in top.items()})
            part["text_offset"].append(self.offset)
            self.offset += len(self.decoder.push(token))
        for key, values in part.items():
            getattr(self, key).extend(values)
        return part

    def _text(self, token: int) -> str:
        return self.tokenizer.decode([token], skip_special_tokens=False)

    def body(self) -> dict:
        return {"tokens": self.tokens, "token_logprobs": self.token_logprobs,
                "top_logprobs": self.top_logprobs, "text_offset": self.text_offset}
