"""The supervisor's stop reaches every API process, also one being started when the stop comes
(miniserve/http/supervisor.py)."""

import socket
import sys

import trio

from miniserve.config import Settings
from miniserve.http import supervisor as supervisor_module
from miniserve.http.supervisor import Supervisor


async def test_an_api_process_started_while_stopping_is_told_to_go(tmp_path, monkeypatch):
    """open_process spawns in a thread: a stop that lands between the spawn and the process's registration must
    still reach it (signalled at once), not leave it serving while the drain waits for it."""
    supervisor = Supervisor(Settings(), tmp_path)
    real_open = trio.lowlevel.open_process

    async def open_while_stopping(command, **options):
        process = await real_open([sys.executable, "-c", "import time; time.sleep(60)"], **options)  # stands for one
        supervisor.stopping = True  # the stop arrives before the supervisor has registered it
        return process

    monkeypatch.setattr(supervisor_module.trio.lowlevel, "open_process", open_while_stopping)
    with socket.socket() as listener, trio.fail_after(20):  # without the signal: 60 s
        await supervisor._keep_api(0, listener.fileno())
    assert supervisor.apis_gone.is_set() and not supervisor.apis
