"""The coalescing stream (miniserve/http/coalesce.py): a plain answer's head waits for its body and
both leave in one write; every other write goes out as it comes."""

from __future__ import annotations

import socket

import trio
import trio.testing

from miniserve.http.coalesce import CoalescingStream, held_back

HEAD = b"HTTP/1.1 200 \r\ncontent-type: application/json\r\ncontent-length: 13\r\ndate: x\r\n\r\n"
BODY = b'{"ok": true}\n'


def test_only_a_whole_head_of_a_plain_answer_is_held():
    assert held_back(HEAD)
    assert held_back(HEAD.replace(b"content-length", b"Content-Length"))
    assert not held_back(HEAD.replace(b"13", b"0"))  # no body will follow
    assert not held_back(HEAD + BODY)  # already whole
    assert not held_back(HEAD[:-2])  # not a whole head
    assert not held_back(HEAD.replace(b"content-length: 13", b"transfer-encoding: chunked"))  # a stream
    assert not held_back(b"HTTP/1.1 100 \r\ncontent-length: 13\r\n\r\n")  # informational
    assert not held_back(BODY + b"\r\n\r\n")
    assert not held_back(b"")


def nothing_waiting(sock: socket.socket) -> bool:
    try:
        sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except BlockingIOError:
        return True
    return False


async def pair() -> tuple[CoalescingStream, socket.socket]:
    ours, theirs = socket.socketpair()
    return CoalescingStream(trio.SocketStream(trio.socket.from_stdlib_socket(ours))), theirs


async def test_a_held_head_leaves_with_the_body_in_one_segment():
    stream, peer = await pair()
    with peer:
        await stream.send_all(HEAD)
        assert nothing_waiting(peer)
        await stream.send_all(BODY)
        assert peer.recv(4096) == HEAD + BODY
        await stream.send_all(b"")  # h11's empty end of message
        assert nothing_waiting(peer)
        await stream.aclose()


async def test_a_head_without_a_body_leaves_with_the_end_of_message():
    stream, peer = await pair()  # HEAD requests and 304s: h11 writes the head, then nothing
    with peer:
        await stream.send_all(HEAD)
        await stream.send_all(b"")
        assert peer.recv(4096) == HEAD
        await stream.aclose()


async def test_streams_and_other_writes_pass_at_once():
    stream, peer = await pair()
    with peer:
        head = HEAD.replace(b"content-length: 13", b"transfer-encoding: chunked")
        await stream.send_all(head)
        assert peer.recv(4096) == head
        await stream.send_all(b"5\r\nhello\r\n")
        assert peer.recv(4096) == b"5\r\nhello\r\n"
        await stream.send_all(HEAD)
        await stream.send_eof()  # a half-close sends what was held first
        assert peer.recv(4096) == HEAD
        assert peer.recv(4096) == b""
        await stream.aclose()


def read_to_the_end(sock: socket.socket) -> int:
    total = 0
    while chunk := sock.recv(1 << 20):
        total += len(chunk)
    return total


async def test_a_half_close_waits_for_a_write_in_progress():
    """Hypercorn half-closes from its reading task (the client went) while the answer's task may still
    be writing; on a bare SocketStream the two collide (BusyResourceError, logged as an app error)."""
    stream, peer = await pair()
    big = b"x" * (8 << 20)  # more than both sockets' buffers: the write waits for the peer to read
    with peer:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(stream.send_all, big)
            await trio.testing.wait_all_tasks_blocked()
            nursery.start_soon(stream.send_eof)
            await trio.testing.wait_all_tasks_blocked()
            assert await trio.to_thread.run_sync(read_to_the_end, peer) == len(big)  # all of it, then the EOF
        await stream.aclose()
