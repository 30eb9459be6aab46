"""A session's turns in order, each on its own thread: one begins once the turns before it have their answers."""

from __future__ import annotations

import atexit
import logging
import threading
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from queue import Queue
from typing import Any

from state.session import TurnEvent

logger = logging.getLogger(__name__)

_DONE = object()
_ANSWERED = object()  # the answer is final and saved: what follows is housekeeping nobody waits for
EXIT_WAIT_SECONDS = 10.0  # how long a process that ends waits for a turn's work after its answer
_started: weakref.WeakSet[TurnRun] = weakref.WeakSet()


@atexit.register
def _finish_housekeeping() -> None:
    """Let turns whose answer is saved finish the work after it before the interpreter goes: a thread stopped
    inside the embedding model's native code would abort the process."""
    for run in list(_started):
        if run.is_answered.is_set():
            run._thread.join(EXIT_WAIT_SECONDS)


class TurnRun:
    """A turn running on its own thread: iterate it for events as they come, until its answer is final and
    saved (the work after it, older turns gaining their vectors, goes on without keeping anyone); closing it stops
    the turn.

    The engine starts it at once, so a turn runs even if nobody iterates; `wait()` returns every event once all
    of the turn's work is done.
    """

    def __init__(self, work: Callable[[TurnRun], Iterator[TurnEvent]],
                 on_exit: Callable[[], None] = lambda: None) -> None:
        self.stop_event = threading.Event()
        self.cancelled = threading.Event()  # dropped before it began: the engine closed or the session went
        self.events: list[TurnEvent] = []
        self.is_answered = threading.Event()
        self.is_indexed = threading.Event()  # recall and search have its turn (set too when the run ends anyway)
        self._finished = False  # the queue's end was read
        self._streamed: list[str] = []  # the reply's text so far, whoever reads the events (a page reloaded too)
        self._queue: Queue[Any] = Queue()
        self._work, self._on_exit = work, on_exit
        self._thread = threading.Thread(target=self._produce, name="turn", daemon=True)

    def start(self) -> TurnRun:
        """Begin running; returns itself."""
        _started.add(self)
        self._thread.start()
        return self

    def _produce(self) -> None:
        try:
            for event in self._work(self):
                self._note_streamed(event)
                self._queue.put(event)
        except Exception as error:  # storage closed under a turn that outlived its engine
            if self.cancelled.is_set():
                logger.debug("A turn ended after its engine closed: %s", error)
            else:
                logger.exception("A turn failed outside the graph")
                self._queue.put(TurnEvent("error", str(error), {"error": error}))
        finally:
            self.is_indexed.set()
            self._on_exit()
            self._queue.put(_DONE)

    def answered(self) -> None:
        """The answer is final and saved: iteration ends here, and Stop has nothing left to stop."""
        self.is_answered.set()
        self._queue.put(_ANSWERED)

    def _note_streamed(self, event: TurnEvent) -> None:
        """Keep the reply's text as it streams; the text before a tool call is not the answer."""
        if event.kind == "token":
            self._streamed.append(event.text)
        elif event.kind == "tool" and event.tool["phase"] == "call":
            self._streamed.clear()

    @property
    def streamed(self) -> str:
        """The reply's text streamed so far."""
        return "".join(self._streamed)

    def __iter__(self) -> Iterator[TurnEvent]:
        while True:
            item = self._queue.get()
            if item is _ANSWERED:
                return
            if item is _DONE:
                self._finished = True
                self._queue.put(_DONE)  # a second iteration ends at once
                return
            self.events.append(item)
            yield item

    def __enter__(self) -> TurnRun:
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Leaving the block early stops the turn and waits until it has saved itself; an answered turn has."""
        if not self.is_answered.is_set():
            self.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """End the model's stream at its next token; what was streamed is kept as the answer."""
        self.stop_event.set()

    def cancel(self) -> None:
        """Drop the turn if it has not begun, stop it if it has (the engine closes or the session goes)."""
        self.cancelled.set()
        self.stop_event.set()

    def wait(self, timeout: float | None = None) -> list[TurnEvent]:
        """Let the turn finish and return all of its events."""
        self._thread.join(timeout)
        while not self.running and not self._finished:
            for _ in self:
                pass
        return self.events

    def close(self, timeout: float | None = None) -> None:
        """Stop the turn if it still runs, and wait (at most `timeout`) until it has saved itself."""
        if self.running:
            self.stop()
        self._thread.join(timeout)


POLL_SECONDS = 0.1


class TurnQueue:
    """The runs of every session of one engine, in the order they were sent, first come first served: a run begins
    once the runs before it have their answers, and Stop reaches only the turn whose reply is streaming; safe across
    threads."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._waiting: dict[str, deque[TurnRun]] = {}
        self._active: dict[str, TurnRun] = {}

    def join(self, session_id: str, run: TurnRun) -> None:
        """Put a run at the end of its session's queue (called by `send`, before the run's thread starts)."""
        with self._changed:
            self._waiting.setdefault(session_id, deque()).append(run)

    def wait_turn(self, session_id: str, run: TurnRun) -> bool:
        """Block until every run sent before `run` in its session has its answer saved (the work after an answer, its
        indexing, goes on beside the next turn); False when it was cancelled while waiting."""
        with self._changed:
            while not self._ahead_answered(session_id, run):
                if run.cancelled.is_set():
                    return False
                self._changed.wait(POLL_SECONDS)
            return not run.cancelled.is_set()

    def _ahead_answered(self, session_id: str, run: TurnRun) -> bool:
        """Whether the runs before `run` in its session's queue all have their answers; the caller holds the lock."""
        for ahead in self._waiting[session_id]:
            if ahead is run:
                return True
            if not ahead.is_answered.is_set():
                return False
        return True

    def answered(self, session_id: str, run: TurnRun) -> None:
        """The run's answer is final and saved: its events end, and the session's next run may begin."""
        run.answered()
        with self._changed:
            if self._active.get(session_id) is run:
                del self._active[session_id]
            self._changed.notify_all()

    def begin(self, session_id: str, run: TurnRun) -> None:
        """Mark the run as the one streaming (it holds the session's lock)."""
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
        """Whether a turn of this session is queued or running here, its answer not yet saved (a turn just answered
        lets go of the session's lock a moment later, which a caller may wait out; its indexing holds no lock)."""
        with self._changed:
            return any(not run.is_answered.is_set() for run in self._waiting.get(session_id, ()))
