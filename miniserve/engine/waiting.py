"""The sequences waiting for a KV slot, in the order they take one: round robin by request. Each
request's sequences keep their own order, and requests take turns, one sequence each: a sentence
sent behind a 64-sentence paragraph waits for about one of the paragraph's sentences, not for all
of them. A request that arrives joins the end of the turn; a request of one sequence is plain FIFO.

Ownership: as the CoreLoop that holds it (the compute thread in the server)."""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterator

from miniserve.engine.sequence import Sequence


class Waiting:
    def __init__(self):
        self._turns: OrderedDict[Hashable, deque[Sequence]] = OrderedDict()  # by request, next turn first
        self._request_of: dict[int, Hashable] = {}  # sequence id -> its request

    def __len__(self) -> int:
        return len(self._request_of)

    def __iter__(self) -> Iterator[Sequence]:
        """Every waiting sequence, request by request (the request whose turn is next first)."""
        for queue in self._turns.values():
            yield from queue

    def __contains__(self, seq: Sequence) -> bool:
        return seq.id in self._request_of

    def add(self, seq: Sequence, request: Hashable) -> None:
        self._turns.setdefault(request, deque()).append(seq)
        self._request_of[seq.id] = request

    def peek(self) -> Sequence:
        """The sequence whose turn it is (IndexError when none waits)."""
        if not self._turns:
            raise IndexError("no sequence is waiting")
        return next(iter(self._turns.values()))[0]

    def pop(self) -> Sequence:
        """Take the sequence whose turn it is; its request's next one waits for every other request's turn."""
        request, queue = next(iter(self._turns.items()))
        seq = queue.popleft()
        del self._request_of[seq.id]
        if queue:
            self._turns.move_to_end(request)
        else:
            del self._turns[request]
        return seq

    def first(self, allowed: Callable[[Sequence], bool]) -> Sequence | None:
        """The first sequence, in turn order, that `allowed` lets take a slot now (each request's next one
        only); a request passed over keeps its place for the next turn."""
        return next((queue[0] for queue in self._turns.values() if allowed(queue[0])), None)

    def take(self, seq: Sequence) -> None:
        """Take `seq`, the next one of its request (from `first`); the request's next one waits for every
        other request's turn, as after `pop`."""
        request = self._request_of.pop(seq.id)
        queue = self._turns[request]
        assert queue[0] is seq, "only a request's next sequence takes a slot"
        queue.popleft()
        if queue:
            self._turns.move_to_end(request)
        else:
            del self._turns[request]

    def remove(self, seq: Sequence) -> None:
        request = self._request_of.pop(seq.id)
        queue = self._turns[request]
        queue.remove(seq)
        if not queue:
            del self._turns[request]
