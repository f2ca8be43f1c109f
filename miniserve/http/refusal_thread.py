"""The shedder's listener on a thread of its own (shedder.py). Under overload a round of the event loop
takes tens of milliseconds (hundreds of connection and request tasks), and a refusal made by the
listener's task waited for its turn in it, and for trio to look at the socket between rounds; so did the
decision to let a connection through, while those arriving meanwhile waited unrefused. This thread blocks
in `poll` on the listening socket (without the GIL), takes each connection as it comes and decides at
once: a refusal is answered, a whole request let through takes its place in admission and goes to the
event loop's `accept` with the connections whose head is not whole yet (for the waiting room)."""

from __future__ import annotations

import ctypes
import logging
import select
import socket
import threading

import trio

log = logging.getLogger("miniserve.http.refusal_thread")
BACK_OFF_MS = 100  # after an accept failed (out of descriptors, say), as trio's own listeners wait
OS_NAME = "miniserve shed"  # as ps, top and /proc show the thread (Linux keeps 15 bytes); bench/cpu.py reads it


def name_this_thread(name: str) -> None:
    try:
        ctypes.CDLL(None).prctl(15, name.encode(), 0, 0, 0)  # PR_SET_NAME
    except (OSError, AttributeError):  # not Linux: the thread is only unnamed
        pass


class RefusalThread:
    """`listener` is a SheddingListener: `raw` (its listening socket), `drain()`, `handed` (a deque the
    event loop reads) and `wake()`, which `token` runs on the event loop."""

    def __init__(self, listener, token: trio.lowlevel.TrioToken):
        self.listener, self.token = listener, token
        self.stop_reader, self.stop_writer = socket.socketpair()
        self.thread = threading.Thread(target=self.run, name="miniserve refusals", daemon=True)
        try:
            self.thread.start()
        except BaseException:  # no thread (the process is at its limit): nothing left open
            self.stop_reader.close()
            self.stop_writer.close()
            raise

    def run(self) -> None:
        try:
            self.refuse_until_stopped()
        except BaseException:  # logged here, as one JSON line, not again by threading's hook
            log.exception("the shedder's thread stopped; the event loop accepts on its own")

    def refuse_until_stopped(self) -> None:
        name_this_thread(OS_NAME)
        listening, stopping = self.listener.raw.fileno(), self.stop_reader.fileno()
        poll = select.poll()
        poll.register(listening, select.POLLIN)
        poll.register(stopping, select.POLLIN)
        while True:
            ready = dict(poll.poll())
            if stopping in ready:
                return
            handed = []
            try:
                for connection, address, arrived in self.listener.drain():
                    handed.append((connection, address, arrived))
                    if arrived:  # let through: the rest wait in the kernel, for API processes sharing
                        break    # the socket to take their share of a burst
            except trio.ClosedResourceError:
                for connection, _, _ in handed:
                    connection.close()
                return
            except OSError:
                poll.unregister(listening)
                poll.poll(BACK_OFF_MS)
                poll.register(listening, select.POLLIN)
            except Exception:  # a defect on one connection: logged, and the next ones are decided as before
                log.exception("the shedder's thread failed on a connection; it goes on")
            except BaseException:  # the thread ends: what it took still goes to the event loop
                self.hand_over(handed)
                raise
            self.hand_over(handed)

    def hand_over(self, connections: list[tuple[socket.socket, str, bool]]) -> None:
        if not connections:
            return
        self.listener.handed.extend(connections)
        try:
            self.token.run_sync_soon(self.listener.wake)
        except trio.RunFinishedError:  # the server has stopped
            for connection, _, _ in connections:
                connection.close()

    def stop(self) -> None:
        self.stop_writer.send(b"x")
        self.thread.join()
        self.stop_reader.close()
        self.stop_writer.close()
