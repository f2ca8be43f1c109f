"""Prometheus metrics (prometheus-client), one registry per app. Names follow the ecosystem's
conventions: base units (`_seconds`), `_total` for counters. Documented in docs/metrics.md.

With `--api-processes N` the supervisor sets PROMETHEUS_MULTIPROC_DIR for every process before
it imports prometheus-client: each process writes its values to its own files there, and a scrape
of any API process reads them all (`registry` is then a MultiProcessCollector). Every value is
counted by one process only: the API processes count requests and tokens (each its own), the
engine core its steps and KV slots (`shared`)."""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.multiprocess import MultiProcessCollector

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
TOKEN_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128)


def multiprocess() -> bool:
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


class Metrics:
    def __init__(self):
        self.registry = r = CollectorRegistry()
        self.shared = multiprocess()  # several processes report: a scrape reads them all
        if self.shared:
            MultiProcessCollector(self.registry)
            r = CollectorRegistry()  # the metrics below write to files: their own registry is never read
        self.time_to_first_token = Histogram("miniserve_time_to_first_token_seconds",
                                             "Arrival to first generated token.", buckets=LATENCY_BUCKETS, registry=r)
        self.inter_token_latency = Histogram("miniserve_inter_token_latency_seconds",
                                             "Time between consecutive tokens of one request.", buckets=TOKEN_BUCKETS, registry=r)
        self.queue_time = Histogram("miniserve_queue_time_seconds", "Arrival to admission into the batch.",
                                    buckets=LATENCY_BUCKETS, registry=r)
        self.request_duration = Histogram("miniserve_request_duration_seconds",
                                          "Arrival to last token (end to end, answered requests).", buckets=LATENCY_BUCKETS, registry=r)
        self.sequence_duration = Histogram("miniserve_sequence_duration_seconds",
                                           "Arrival to leaving of every sequence the scheduler held (sentences, the tutor "
                                           "gate's scoring, cancelled and failed ones): the in-system count's integral.",
                                           buckets=LATENCY_BUCKETS, registry=r)
        self.step_duration = Histogram("miniserve_step_duration_seconds", "One engine step (compute thread).",
                                       buckets=TOKEN_BUCKETS, registry=r)
        self.batch_size = Histogram("miniserve_batch_size", "Sequences in one engine step.", buckets=BATCH_BUCKETS, registry=r)
        self.step_tokens = Histogram("miniserve_step_tokens", "Tokens computed in one engine step (prefill + decode).",
                                     buckets=(1, 4, 16, 32, 64, 128, 256, 512, 1024), registry=r)
        self.tokens_per_step = Histogram("miniserve_sequence_step_tokens",
                                         "Tokens one sequence emitted in one step (1 without speculation).",
                                         buckets=(1, 2, 3, 4, 6, 8, 12, 16, 32), registry=r)
        self.gc_pause = Histogram("miniserve_gc_pause_seconds", "One garbage collection of the server process, every "
                                  "thread stopped (`miniserve serve` only; docs/service.md).", ["generation"],
                                  buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5), registry=r)
        self.prompt_tokens = Counter("miniserve_prompt_tokens", "Prompt tokens admitted.", registry=r)
        self.prefix_cache_hits = Counter("miniserve_prefix_cache_hit_tokens", "Prompt tokens taken from a KV slot that "
                                         "held them, not computed again (--enable-prefix-caching).", registry=r)
        self.generation_tokens = Counter("miniserve_generation_tokens", "Tokens generated.", registry=r)
        self.draft_tokens = Counter("miniserve_spec_draft_tokens", "Speculative draft tokens verified.", registry=r)
        self.accepted_tokens = Counter("miniserve_spec_accepted_tokens", "Draft tokens the model agreed with.", registry=r)
        self.requests = Counter("miniserve_requests", "Requests answered, by route and status.", ["route", "status"], registry=r)
        self.rejected = Counter("miniserve_requests_rejected", "Requests refused, by reason.", ["reason"], registry=r)
        self.shed = Counter("miniserve_connections_shed", "Refusals answered from the raw socket, below Hypercorn "
                            "(also counted in miniserve_requests_rejected).", registry=r)
        self.idle_closed = Counter("miniserve_connections_closed_idle", "New connections closed before their request's head came: "
                                   "idle_timeout, or idle_evicted (too many waiting from one address, or in all).",
                                   ["reason"], registry=r)
        self.running = Gauge("miniserve_requests_running", "Requests in the running batch.", registry=r,
                             multiprocess_mode="livesum")
        self.waiting = Gauge("miniserve_requests_waiting", "Requests waiting for admission.", registry=r,
                             multiprocess_mode="livesum")
        self.kv_slots_used = Gauge("miniserve_kv_cache_slots_used", "KV cache slots held by sequences.", registry=r, multiprocess_mode="livemax")
        self.kv_usage = Gauge("miniserve_kv_cache_usage_ratio", "Fraction of KV cache slots in use.", registry=r, multiprocess_mode="livemax")
        self.kv_bytes = Gauge("miniserve_kv_cache_bytes", "Memory of the KV cache.", registry=r, multiprocess_mode="livemax")
        self.tutor_withheld = Counter("miniserve_tutor_withheld", "Tutor answers withheld by the guard (not verb-only edits) or the confidence gate (not sure).",
                                      registry=r)
        self.step_failures = Counter("miniserve_step_failures", "Engine steps that raised.", registry=r)
        self.admission_failures = Counter("miniserve_admission_failures",
                                          "Sequences whose admission raised (each failed alone).", registry=r)

    def every_process(self, sample: str) -> float:
        """A sample summed over every process writing to the shared directory (read from their files),
        or this process's own value outside multiprocess mode."""
        return sum(x.value for family in self.registry.collect() for x in family.samples if x.name == sample)
