"""A paragraph into sentences, with their offsets, by sentencex (Wikimedia's rule-based segmenter:
maintained, no dependencies, nothing to download, and its segments add up to the input exactly,
so every sentence keeps its place and the text between sentences keeps its spacing)."""

from __future__ import annotations

from dataclasses import dataclass

from sentencex import segment


@dataclass(frozen=True)
class Span:
    start: int  # offset of the sentence's first character
    end: int  # just past its last character (trailing spacing excluded)
    text: str


def sentences(text: str, language: str = "en") -> list[Span]:
    spans, offset = [], 0
    for piece in segment(language, text):
        at = text.index(piece, offset)  # segments come in order and cover the text
        offset = at + len(piece)
        stripped = piece.strip()
        if stripped:
            start = at + piece.index(stripped)
            spans.append(Span(start, start + len(stripped), stripped))
    return spans


def replace(text: str, spans: list[Span], new: list[str]) -> str:
    """`text` with each span replaced by its new text, everything between them kept as it was."""
    out, last = [], 0
    for span, value in zip(spans, new):
        out += [text[last:span.start], value]
        last = span.end
    return "".join(out) + text[last:]
