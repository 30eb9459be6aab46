"""Turns before background work: the turns running now, which background work waits on, and a lower CPU priority
for the work nobody waits for."""

import contextlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

LONGEST_WAIT = 30.0  # seconds background work yields to a busy engine before it goes ahead anyway
BACKGROUND_NICENESS = 10  # a background thread's niceness: the model server and the page come first for a core


def lower_priority() -> None:
    """Give the calling thread a lower CPU priority (Linux schedules threads one by one), so work nobody waits
    for never takes a core from the model server reading a person's request; a no-op where it cannot."""
    with contextlib.suppress(AttributeError, OSError):
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, max(os.getpriority(os.PRIO_PROCESS, thread), BACKGROUND_NICENESS))


class TurnActivity:
    """How many turns run at this moment across the engine's sessions, so background work waits for quiet: a
    person's reply never shares the model server or the machine's cores with a summary, a merge or a fact list."""

    def __init__(self) -> None:
        self._running = 0
        self._changed = threading.Condition()

    @property
    def running_turns(self) -> int:
        with self._changed:
            return self._running

    @contextmanager
    def running(self) -> Iterator[None]:
        """Count a turn as running for the duration of the block."""
        with self._changed:
            self._running += 1
        try:
            yield
        finally:
            with self._changed:
                self._running -= 1
                self._changed.notify_all()

    def wait_quiet(self, timeout: float = LONGEST_WAIT) -> bool:
        """Block until no turn runs (True), or `timeout` seconds pass while turns keep coming (False)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._running == 0, timeout)
