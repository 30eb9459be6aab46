"""Work nobody waits for runs at a lower CPU priority than the person's reply: the summaries prepared ahead and a
turn's housekeeping after its answer leave the cores to the model server."""

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
