"""The bundled model server ends with the process that started it, however that process ends: a supervisor's
SIGTERM, kill -9. A server left behind keeps two cores busy for nobody."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[3]
ENDED_WITHIN = 60.0  # generous on a busy machine; a server that outlives its parent never ends at all

PARENT = """
import subprocess, sys, time
sys.path.insert(0, {root!r})
from graph.models.local_server import LocalModelServer, find_bundled_model
from graph.models.server_command import guarded
if {real}:
    server = LocalModelServer(find_bundled_model())
    server.start()
    print(server._process.pid, flush=True)
else:
    child = subprocess.Popen(guarded([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1"]),
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    print(child.pid, flush=True)
time.sleep(3600)
"""


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting for its new parent to reap it has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def ended(pid: int) -> bool:
    deadline = time.monotonic() + ENDED_WITHIN
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    return not alive(pid)


def started_server(real: bool) -> tuple[subprocess.Popen, int]:
    parent = subprocess.Popen([sys.executable, "-c", PARENT.format(root=str(ROOT), real=real)],
                              stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    server_pid = int(parent.stdout.readline())
    assert alive(server_pid)
    return parent, server_pid


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGKILL])
def test_a_server_ends_when_its_parent_is_ended_by_a_signal(signal_number):
    parent, server_pid = started_server(real=False)
    try:
        time.sleep(0.5)
        assert alive(server_pid)  # the guard does not end a server whose parent lives
        parent.send_signal(signal_number)
        parent.wait()
        assert ended(server_pid)
    finally:
        if alive(server_pid):
            os.killpg(server_pid, signal.SIGKILL)


@pytest.mark.local_model
def test_the_bundled_server_ends_when_the_app_is_killed():
    parent, server_pid = started_server(real=True)
    try:
        parent.kill()
        parent.wait()
        assert ended(server_pid)
    finally:
        if alive(server_pid):
            os.killpg(server_pid, signal.SIGKILL)
