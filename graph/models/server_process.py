"""End the bundled server's process group: gently when the app stops it, at once when it hung (a stopped or
deadlocked process never acts on SIGTERM)."""

import os
import signal
import subprocess


def end_process_group(process: subprocess.Popen) -> None:
    """End a server's process group: SIGTERM, then SIGKILL after 10 s; nothing when it has ended already."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        kill_process_group(process)
        process.wait()
    except ProcessLookupError:
        pass


def kill_process_group(process: subprocess.Popen) -> None:
    """SIGKILL the server's process group, which ends even a stopped process; nothing when it has ended."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
