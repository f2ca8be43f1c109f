"""From token ids to text, incrementally: pieces are released as soon as they are whole characters
(a multi-byte character split across tokens waits for its last byte), and stop strings are held
back until they are known not to be starting."""

from __future__ import annotations

from tokenizers import Tokenizer
from tokenizers.decoders import DecodeStream


class IncrementalDecoder:
    """Tokenizers' own streaming decoder: each token costs the few ids since the last whole
    character, not the whole answer again (decoding everything per token is quadratic)."""

    def __init__(self, tokenizer: Tokenizer, skip_special_tokens: bool = True):
        self.tokenizer, self.skip = tokenizer, skip_special_tokens
        self.stream = DecodeStream(skip_special_tokens=skip_special_tokens)
        self.pending: list[int] = []  # ids pushed since the last released piece (an incomplete character)

    def push(self, token: int) -> str:
        """The new text this token completes ("" while a character is still incomplete)."""
        piece = self.stream.step(self.tokenizer, token)
        if piece is None:
            self.pending.append(token)
            return ""
        self.pending.clear()
        return piece

    def flush(self) -> str:
        """Whatever is left at the end, incomplete bytes shown as U+FFFD."""
        rest, self.pending = self.pending, []
        self.stream = DecodeStream(skip_special_tokens=self.skip)
        return self.tokenizer.decode(rest, skip_special_tokens=self.skip) if rest else ""


class StopMatcher:
    """Feeds text through; stops at the first stop string, which is never emitted."""

    def __init__(self, stops: list[str]):
        self.stops = [s for s in stops if s]
        self.pending = ""
        self.stopped = False

    def feed(self, text: str) -> str:
        if self.stopped:
            return ""
        self.pending += text
        cut = min((i for i in (self.pending.find(s) for s in self.stops) if i >= 0), default=-1)
        if cut >= 0:
            self.stopped, out, self.pending = True, self.pending[:cut], ""
            return out
        hold = max((k for s in self.stops for k in range(1, len(s)) if self.pending.endswith(s[:k])), default=0)
        out, self.pending = self.pending[: len(self.pending) - hold], self.pending[len(self.pending) - hold:]
        return out

    def flush(self) -> str:
        out, self.pending = ("" if self.stopped else self.pending), ""
        return out


class StopStrings:
    """The engine's stop condition for stop strings (`miniserve.engine.stop.StopCondition`): true at
    the token whose text completes one. Only the last few tokens are decoded, as many as the longest
    stop string has bytes (a token has at least one byte) plus a few for a split character; the
    event loop's `StopMatcher` still cuts the text itself."""

    def __init__(self, tokenizer: Tokenizer, stops: list[str], skip_special_tokens: bool = True):
        self.tokenizer, self.skip = tokenizer, skip_special_tokens
        self.stops = [s for s in stops if s]
        self.window = max((len(s.encode()) for s in self.stops), default=0) + 3

    def matched(self, generated) -> bool:
        if not self.stops:
            return False
        tail = self.tokenizer.decode(list(generated[-self.window:]), skip_special_tokens=self.skip)
        return any(s in tail for s in self.stops)
