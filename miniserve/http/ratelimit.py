"""The per-client rate limit: one token bucket per client address, charged by work. A request costs
one token when it arrives (the edge's `RateLimit` layer charges it, before anything is parsed), and a
generation request one more for each sequence after its first once its work is known (`intake`):
a /correct sentence is one sequence, a paragraph one per sentence, a /v1/completions request n per
prompt. So `rate` is sequences per second and `burst` the most one client may start at once; a
request that needs more than `burst` sequences can never be paid and is refused outright."""

from __future__ import annotations

import math
import time
from collections import OrderedDict


class RateLimited(Exception):
    """429: `retry_after` seconds until the bucket can pay, or None when it never can."""

    def __init__(self, message: str, retry_after: int | None):
        super().__init__(message)
        self.retry_after = retry_after


class Buckets:
    """`rate` tokens/s per client, at most `burst` saved; off when rate is 0. Event loop only."""

    def __init__(self, rate: float, burst: int, max_clients: int = 10_000, clock=time.monotonic):
        self.rate, self.burst, self.max_clients, self.clock = rate, burst, max_clients, clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when)

    def take(self, client: str, cost: int, whole: int | None = None) -> None:
        """Charge `cost` tokens, or charge nothing and raise RateLimited. `whole` is what the whole
        request costs when part of it was paid already: a retry must pay all of it again."""
        if self.rate <= 0 or cost <= 0:
            return
        whole = cost if whole is None else whole
        if whole > self.burst:
            raise RateLimited(f"this request needs {whole} sequences; the rate limit lets a client start at most "
                              f"{self.burst} at once: send fewer at a time", None)
        now = self.clock()
        tokens, when = self.buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if tokens < cost:
            self._remember(client, tokens, now)
            wait = max(1, math.ceil((whole - tokens) / self.rate))
            raise RateLimited(f"over the rate limit of {self.rate:g} sequences/s per client; retry in {wait} s", wait)
        self._remember(client, tokens - cost, now)

    def _remember(self, client: str, tokens: float, now: float) -> None:
        self.buckets[client] = (tokens, now)
        while len(self.buckets) > self.max_clients:  # forget the least recently seen
            self.buckets.popitem(last=False)
