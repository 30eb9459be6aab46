"""A turn takes its session's lock once, never inside itself: a new message, a regenerated answer, an edited
question and a resumed turn each enter it one time on their thread, on both backends."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from graph.storage import Storage
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel

TURN_THREAD = "turn"  # the name of the thread a turn runs on (`graph.session.queue.TurnRun`)

pytestmark = pytest.mark.graph


class LockCount:
    """The storage's `session_lock`, counted as turns enter it: how often, and how deeply nested."""

    def __init__(self, storage: Storage) -> None:
        self.entries, self.deepest, self._depth = 0, 0, 0
        locked = storage.session_lock

        @contextmanager
        def counted(session_id: str, wait: bool = True) -> Iterator[bool]:
            on_turn = threading.current_thread().name == TURN_THREAD
            if on_turn:
                self.entries, self._depth = self.entries + 1, self._depth + 1
                self.deepest = max(self.deepest, self._depth)
            try:
                with locked(session_id, wait) as held:
                    yield held
            finally:
                self._depth -= on_turn

        storage.session_lock = counted  # type: ignore[method-assign]

    def taken(self) -> tuple[int, int]:
        """(entries, deepest nesting) since the last call."""
        counted = self.entries, self.deepest
        self.entries, self.deepest = 0, 0
        return counted


def test_each_kind_of_turn_takes_the_session_lock_once(database):
    chat = ScriptedChatModel()
    engine = make_engine(database, chat)
    try:
        locks = LockCount(engine.storage)
        session = engine.session("s")
        for n in (1, 2):
            assert send(session, f"question {n}")[-1].text == f"Reply to: question {n}"
            assert locks.taken() == (1, 1)

        events = session.regenerate().wait()
        engine.wait_idle()
        assert events[-1].text == "Reply to: question 2" and locks.taken() == (1, 1)

        events = session.edit(1, "question 1, edited").wait()
        engine.wait_idle()
        assert events[-1].text == "Reply to: question 1, edited" and locks.taken() == (1, 1)

        chat.script = [ConnectionError("refused")]
        assert session.send("question 2").wait()[-1].kind == "error" and session.unfinished()
        engine.wait_idle()
        assert locks.taken() == (1, 1)
        events = session.resume().wait()
        engine.wait_idle()
        assert events[-1].text == "Reply to: question 2" and not session.unfinished()
        assert locks.taken() == (1, 1)
        assert engine.storage.journal_read("s") is None
    finally:
        engine.close()
