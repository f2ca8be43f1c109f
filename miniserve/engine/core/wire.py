"""The link between an API process and the engine core: msgspec MessagePack messages in frames (a
4-byte length, then the body) over a unix stream socket. A frame holds a list of messages, so a
side can coalesce what it has (the core: every step result since the last urgent one).

API -> core: Add, Cancel, Close (drain), Stop. Core -> API: Ready (once), Step (per engine pass),
Closed (last). Everything is plain numbers, strings and lists: nothing is pickled."""

from __future__ import annotations

import socket
import struct
from typing import Union

import msgspec

from miniserve.engine.core.describe import ConstraintSpec, StopSpec

_LENGTH = struct.Struct("<I")


class Params(msgspec.Struct, array_like=True, frozen=True):
    max_new_tokens: int
    temperature: float
    top_k: int
    top_p: float
    seed: int | None
    stop_at_end: bool
    logprobs: int | None
    constraint: ConstraintSpec | None
    stop: StopSpec | None
    score_tokens: int  # > 0: a scoring request (the tutor's gate): the prompt's last tokens are scored


class NewSequence(msgspec.Struct, array_like=True, frozen=True):
    seq_id: int
    prompt: list[int]
    params: Params
    seed64: int  # the sequence's random-number key, drawn on the API side when the seed is None


class Add(msgspec.Struct, tag="add", array_like=True, frozen=True):
    """One request's sequences, together: in the core they take turns with other requests'."""

    seqs: tuple[NewSequence, ...]
    streaming: bool


class Cancel(msgspec.Struct, tag="cancel", array_like=True, frozen=True):
    seq_id: int


class Close(msgspec.Struct, tag="close", array_like=True, frozen=True):
    """Drain: no more arrivals; finish what is admitted or waiting, then send Closed and exit."""


class Stop(msgspec.Struct, tag="stop", array_like=True, frozen=True):
    """Return after the current step, leaving the rest unfinished (the API side fails it)."""


class Ready(msgspec.Struct, tag="ready", array_like=True, frozen=True):
    """The model is loaded and warmed up."""

    n_slots: int
    kv_bytes: int


class Output(msgspec.Struct, array_like=True, frozen=True):
    seq_id: int
    tokens: tuple[int, ...]
    logprobs: tuple[tuple[float, dict[int, float]], ...] | None
    finish_reason: str | None
    drafted: int
    accepted: int


class Step(msgspec.Struct, tag="step", array_like=True, frozen=True):
    """One StepResult, with the KV slots in use after it (the API side's gauge)."""

    left: tuple[int, ...]
    admitted: tuple[int, ...]
    refused: tuple[tuple[int, tuple[str, str]], ...]  # (sequence id, (type name, message)): admitting it raised
    items: tuple[tuple[int, int, int], ...]
    n_tokens: int
    outputs: tuple[Output, ...]
    error: tuple[str, str] | None  # (type name, message) of the exception the step raised
    seconds: float
    waiting: int
    at: float  # time.perf_counter(): CLOCK_MONOTONIC, the same clock in every process of the machine
    used_slots: int


class Closed(msgspec.Struct, tag="closed", array_like=True, frozen=True):
    """The core's last message: drained or stopped (error: the bug that killed its loop)."""

    error: tuple[str, str] | None = None  # (type name, message)


ToCore = Union[Add, Cancel, Close, Stop]
ToApi = Union[Ready, Step, Closed]


class Link:
    """One end of the socket: `send` whole frames (thread-safe callers hold their own lock),
    `receive` the next frame's messages (one reader thread)."""

    def __init__(self, sock: socket.socket, incoming):
        self.sock = sock
        self._encoder = msgspec.msgpack.Encoder()
        self._decoder = msgspec.msgpack.Decoder(list[incoming])
        self._buffer = bytearray()

    def send(self, messages: list) -> None:
        body = self._encoder.encode(messages)
        self.sock.sendall(_LENGTH.pack(len(body)) + body)

    def receive(self) -> list | None:
        """The next frame's messages, or None at the end of the stream (the other side is gone)."""
        while True:
            if len(self._buffer) >= _LENGTH.size:
                (n,) = _LENGTH.unpack_from(self._buffer)
                if len(self._buffer) >= _LENGTH.size + n:
                    body = bytes(self._buffer[_LENGTH.size:_LENGTH.size + n])
                    del self._buffer[:_LENGTH.size + n]
                    return self._decoder.decode(body)
            try:
                chunk = self.sock.recv(1 << 16)
            except OSError:  # reset by a dying peer, or shut down by our own stop()
                return None
            if not chunk:
                return None
            self._buffer += chunk
