"""A server process freezes its loaded heap (miniserve/heap.py): garbage is collected first, and what is
left is out of the collector's walks. (tests/test_logs.py sees the real server do it once at start-up.)"""

from __future__ import annotations

import gc
import weakref

from prometheus_client import CollectorRegistry, Histogram

from miniserve import heap


class Node:
    other: "Node | None" = None


def test_freeze_collects_garbage_first_and_hides_the_rest_from_the_collector():
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: only the collector frees it
    garbage = weakref.ref(a)
    del a, b
    kept = Node()
    kept.other = kept
    try:
        assert heap.freeze() == gc.get_freeze_count() > 0
        assert garbage() is None  # collected, not frozen for good
        assert not any(thing is kept for thing in gc.get_objects())  # frozen: no collection walks it
    finally:
        gc.unfreeze()
    assert any(thing is kept for thing in gc.get_objects())


def test_every_collection_is_observed_by_generation_outside_the_collection():
    histogram = Histogram("pause_seconds", "", ["generation"], registry=(registry := CollectorRegistry()))
    pauses = heap.Pauses(histogram)
    try:
        gc.collect(0)
        gc.collect(2)
    finally:
        pauses.close()
    assert registry.get_sample_value("pause_seconds_count", {"generation": "2"}) is None  # only recorded
    pauses.flush()
    assert registry.get_sample_value("pause_seconds_count", {"generation": "0"}) >= 1
    assert registry.get_sample_value("pause_seconds_count", {"generation": "2"}) >= 1
    assert registry.get_sample_value("pause_seconds_sum", {"generation": "2"}) > 0
    assert pauses.record not in gc.callbacks
