"""Work nobody waits for runs at a lower CPU priority than the person's reply: the summaries prepared ahead and a
turn's housekeeping after its answer (its sentence vectors among it) leave the cores to the model server and to the
other people's turns."""

import os
import threading

import pytest

import graph.recall.indexed
from graph.recall.embeddings import from_bytes
from graph.recall.index import RecallIndex
from graph.session.activity import BACKGROUND_NICENESS, lower_priority
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

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


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_turn_is_found_by_its_words_at_once_and_gains_its_sentence_vectors_lowered(tmp_path, monkeypatch,
                                                                                     streaming):
    """A turn's sentence vectors are most of its CPU: made after the answer at the turn's priority, they took the
    cores from the people whose turns ran meanwhile. Its words are indexed at the turn's own priority, so the next
    turn's recall never waits behind the vectors."""
    indexed: list[tuple[bool, int]] = []
    embedded: list[int] = []
    index_session, turn_vectors = RecallIndex.index_session, graph.recall.indexed.turn_vectors

    def noted_index(self, session_id, messages, *args, **kwargs):
        if "through" not in kwargs:  # the pass after the answer, not recall's
            indexed.append((kwargs.get("embed", True), niceness()))
        return index_session(self, session_id, messages, *args, **kwargs)

    monkeypatch.setattr(RecallIndex, "index_session", noted_index)
    monkeypatch.setattr(graph.recall.indexed, "turn_vectors",
                        lambda texts: (embedded.append(niceness()), turn_vectors(texts))[1])
    engine = make_engine(tmp_path / "chat.sqlite", ScriptedChatModel(disable_streaming=not streaming))
    own = niceness()
    try:
        session = engine.session("indexed")
        session.send("My sister Mina lives in Busan and teaches piano.").wait()
        session.send("Where does my sister live, and what does she teach?").wait()
        assert indexed == [(False, own), (False, own)]
        assert embedded and set(embedded) == {max(own, BACKGROUND_NICENESS)}
        rows = engine.storage.recall_vectors("indexed", 0)
        assert [turn for turn, blob, *_ in rows if from_bytes(blob) is not None] == [1, 2]  # both have them now
        assert engine.recall._changes == 0  # put in the cached turns: the session was not read again
    finally:
        engine.close()
