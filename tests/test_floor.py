"""bench/floor.py: the bare servers answer like a tutor answer, after the work they are given, and report it."""

from __future__ import annotations

import json
import subprocess

import pytest

from bench import floor
from bench.loadgen import LOOPBACK, free_port
from bench.serve import BlockingConnection


def test_request_end_finds_a_whole_request_only():
    request = b"POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nbody"
    assert floor.request_end(request) == len(request)
    assert floor.request_end(request + b"POST /next") == len(request)  # the first of two
    assert floor.request_end(request[:-1]) is None  # the body is on its way
    assert floor.request_end(request[:20]) is None  # so is the head


@pytest.mark.parametrize("kind", floor.KINDS)
def test_a_bare_server_answers_after_its_work_and_reports_it(kind):
    port = free_port()
    process = floor.start(kind, port, "compute", 2.0, subprocess.DEVNULL)
    try:
        floor.wait_until_answering(process, port)
        connection = BlockingConnection(LOOPBACK, port, timeout=10)
        status, payload = connection.post(floor.PATH, floor.BODY)
        connection.close()
        beyond = floor.beyond_work(port, 3)
    finally:
        floor.stop([process])
    answer = json.loads(payload)
    assert status == 200 and answer["object"] == "text_completion" and int(answer["work_us"]) >= 2000
    assert all(0 < seconds < 1 for seconds in beyond)


def test_the_work_takes_as_long_as_asked_and_says_so():
    assert floor.Work("none", 50)() < 0.01
    assert 0.005 <= floor.Work("sleep", 5)() < 0.5
    assert 0.005 <= floor.Work("compute", 5)() < 0.5
