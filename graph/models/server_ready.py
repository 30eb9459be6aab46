"""Wait until a bundled server just started answers as the one this app started, so the first request never hits a
cold port, nor another program that listens on it."""

import subprocess
import time
from collections.abc import Callable

from graph.models.server_identity import PortTakenError, identify, listening

PROGRESS_EVERY = 5.0  # seconds between the loading messages a person reads
POLL_SECONDS = 0.1
ASK_SECONDS = 2.0  # how long each question to the server waits


def wait_until_ready(process: subprocess.Popen, host: str, port: int, key: str, timeout: float,
                     log_tail: Callable[[], str], report: Callable[[str], None]) -> None:
    """Poll the server until it proves it holds `key`; PortTakenError when another program answers on the port (or
    holds it after the server ended), RuntimeError with the log's tail when the server ends or stays silent."""
    base_url = f"http://{host}:{port}/v1"
    started = time.monotonic()
    next_report = started + PROGRESS_EVERY
    while True:
        answerer = identify(base_url, key, ASK_SECONDS)
        if answerer == "ours":
            return
        if answerer == "foreign":
            raise PortTakenError(host, port)
        if process.poll() is not None:
            if listening(host, port):  # it could not bind: another program got there first
                raise PortTakenError(host, port)
            raise RuntimeError(f"The local model server exited with code {process.returncode}.\n{log_tail()}")
        now = time.monotonic()
        if now - started > timeout:
            raise RuntimeError(f"The local model server did not answer within {timeout:.0f} s.\n{log_tail()}")
        if now >= next_report:
            report(f"Loading the local model... {now - started:.0f} s")
            next_report = now + PROGRESS_EVERY
        time.sleep(POLL_SECONDS)
