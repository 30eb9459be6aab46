"""Tell a hung bundled server from a busy one after a turn ran out of time: within a deadline a working server
either answers or uses the processor (reading a long prompt holds its lock); a hung one (stopped, deadlocked) does
neither, and is started again instead of the person being told to write less."""

import os
import time
from collections.abc import Callable
from pathlib import Path

HANG_SECONDS = 15.0  # how long a server that neither answers nor computes is given before it counts as hung
PROBE_SECONDS = 2.0  # how long each question to the server waits for its answer
PAUSE_SECONDS = 0.1  # between questions a refused connection answers at once
BUSY_CPU_SECONDS = 0.25  # processor time that shows work under way (an idle server's event loop uses a few ms)


def cpu_seconds(pid: int) -> float | None:
    """The processor time a process has used (all its threads), from /proc; None where that cannot be read."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[-1].split()  # after the command name, which may hold spaces
    user, system = int(fields[11]), int(fields[12])
    return (user + system) / os.sysconf("SC_CLK_TCK")


def makes_progress(pid: int, answers: Callable[[float], bool], seconds: float = HANG_SECONDS) -> bool:
    """Whether the server answers (`answers(timeout)`) or uses BUSY_CPU_SECONDS of processor within `seconds`;
    False when it does neither (where processor time cannot be read, only an answer counts)."""
    started = time.monotonic()
    first = cpu_seconds(pid)
    while True:
        remaining = started + seconds - time.monotonic()
        if remaining <= 0:
            return False
        if answers(min(PROBE_SECONDS, remaining)):
            return True
        used = cpu_seconds(pid)
        if first is not None and used is not None and used - first >= BUSY_CPU_SECONDS:
            return True
        if used is None and first is not None:  # the process ended meanwhile: its watch takes over
            return True
        time.sleep(min(PAUSE_SECONDS, max(0.0, started + seconds - time.monotonic())))
