"""Each session's turns first come, first served: sends join a queue in the order they are made, the head
runs, and Stop reaches only the turn whose reply is streaming."""

from __future__ import annotations

import threading
from collections import deque

from graph.session.turn_run import TurnRun

POLL_SECONDS = 0.1


class TurnQueue:
    """The runs of every session of one engine, in the order they were sent; safe across threads."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._waiting: dict[str, deque[TurnRun]] = {}
        self._active: dict[str, TurnRun] = {}

    def join(self, session_id: str, run: TurnRun) -> None:
        """Put a run at the end of its session's queue (called by `send`, before the run's thread starts)."""
        with self._changed:
            self._waiting.setdefault(session_id, deque()).append(run)

    def wait_turn(self, session_id: str, run: TurnRun) -> bool:
        """Block until `run` heads its session's queue; False when it was cancelled while waiting."""
        with self._changed:
            while self._waiting[session_id][0] is not run:
                if run.cancelled.is_set():
                    return False
                self._changed.wait(POLL_SECONDS)
            return not run.cancelled.is_set()

    def begin(self, session_id: str, run: TurnRun) -> None:
        """Mark the head run as the one streaming (it holds the session's lock)."""
        with self._changed:
            self._active[session_id] = run

    def leave(self, session_id: str, run: TurnRun) -> None:
        """Take a finished or cancelled run out, letting the next one go."""
        with self._changed:
            runs = self._waiting.get(session_id)
            if runs is not None and run in runs:
                runs.remove(run)
                if not runs:
                    del self._waiting[session_id]
            if self._active.get(session_id) is run:
                del self._active[session_id]
            self._changed.notify_all()

    def active(self, session_id: str) -> TurnRun | None:
        """The run whose reply is streaming in this session, if any."""
        with self._changed:
            return self._active.get(session_id)

    def runs(self, session_id: str | None = None) -> list[TurnRun]:
        """The runs of one session (or of all), oldest first."""
        with self._changed:
            if session_id is not None:
                return list(self._waiting.get(session_id, ()))
            return [run for runs in self._waiting.values() for run in runs]

    def busy(self, session_id: str) -> bool:
        """Whether a turn of this session is queued or running here, its answer not yet saved (the work after an
        answer holds the session's lock a moment, which a caller may wait out)."""
        with self._changed:
            return any(not run.is_answered.is_set() for run in self._waiting.get(session_id, ()))
