"""Work nobody waits for runs at a lower CPU priority than the person's reply: the summaries prepared ahead and a
turn's housekeeping after its answer (its indexing among it) leave the cores to the model server and to the other
people's turns."""

import os
import threading

import pytest

from graph.recall.index import RecallIndex
from graph.session.activity import BACKGROUND_NICENESS, lower_priority
from tests.conftest import make_engine

pytestmark = pytest.mark.unit


def niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def test_a_thread_that_lowers_its_priority_leaves_the_others_as_they_were():
    seen = []
    worker = threading.Thread(target=lambda: (lower_priority(), seen.append(niceness())))
    before = niceness()
    worker.start()
    worker.join()
    assert seen == [max(before, BACKGROUND_NICENESS)]
    assert niceness() == before  # only the calling thread


def test_summaries_ahead_and_the_housekeeping_after_an_answer_run_lowered(tmp_path, monkeypatch):
    after_answer = []
    backfill = RecallIndex.backfill

    def noted(self, session_id, *args, **kwargs):
        after_answer.append(niceness())
        return backfill(self, session_id, *args, **kwargs)

    monkeypatch.setattr(RecallIndex, "backfill", noted)
    engine = make_engine(tmp_path / "chat.sqlite")
    try:
        engine.session("lowered").send("Hello there").wait()
        assert after_answer == [max(niceness(), BACKGROUND_NICENESS)]
        assert engine.preparer._executor.submit(niceness).result() == max(niceness(), BACKGROUND_NICENESS)
    finally:
        engine.close()


def test_a_turn_is_indexed_after_its_answer_lowered_while_recall_indexes_at_the_turns_own_priority(tmp_path,
                                                                                                   monkeypatch):
    """Indexing a turn's sentences is most of a turn's CPU: done after the answer at the turn's priority, it takes
    the cores from the people whose turns run meanwhile. Recall indexing what it searches is part of a turn."""
    calls: dict[str, list[int]] = {"after answer": [], "recall": []}
    index_session = RecallIndex.index_session

    def noted(self, session_id, messages, *args, **kwargs):
        calls["recall" if "through" in kwargs else "after answer"].append(niceness())
        return index_session(self, session_id, messages, *args, **kwargs)

    monkeypatch.setattr(RecallIndex, "index_session", noted)
    engine = make_engine(tmp_path / "chat.sqlite")
    own = niceness()
    try:
        session = engine.session("indexed")
        session.send("My sister Mina lives in Busan and teaches piano.").wait()
        session.send("Where does my sister live, and what does she teach?").wait()
        assert calls["after answer"] and set(calls["after answer"]) == {max(own, BACKGROUND_NICENESS)}
        assert calls["recall"] and set(calls["recall"]) == {own}
    finally:
        engine.close()
