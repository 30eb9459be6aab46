"""One pass at a time writes a session's indexed turns: a pass that read the session before a turn was taken back
writes nothing, and recall does not wait long for a pass still writing: it searches what is indexed."""

import threading

import pytest

from graph.recall.index import RecallIndex
from tests.conftest import make_engine

pytestmark = pytest.mark.unit


def test_a_turn_taken_back_while_its_indexing_waits_is_not_indexed_from_the_old_messages(tmp_path):
    engine = make_engine(tmp_path / "chat.sqlite")
    try:
        session = engine.session("rewritten")
        session.send("My parrot is called Pico").wait()
        state = session.state()
        generation = engine.recall.generation("rewritten")
        engine.recall.drop_from("rewritten", 1)  # a rewind, between the reading of the messages and the pass
        assert engine.recall.index_session("rewritten", state["messages"], generation=generation) == 0
        assert engine.recall.storage.recall_last_turn("rewritten") == 0
        assert engine.recall.index_session("rewritten", state["messages"]) == 1  # read again: indexed
    finally:
        engine.close()


def test_recall_goes_on_while_another_pass_still_writes_the_session(tmp_path, monkeypatch):
    engine = make_engine(tmp_path / "chat.sqlite")
    writing, release = threading.Event(), threading.Event()
    writes = RecallIndex._index_new

    def held(self, session_id, turns, today, last):
        writing.set()
        assert release.wait(60)
        return writes(self, session_id, turns, today, last)

    try:
        session = engine.session("busy")
        for text in ("My parrot is called Pico", "My cat is called Miso"):
            session.send(text).wait()
        messages = session.state()["messages"]
        engine.recall.drop_from("busy", 1)
        monkeypatch.setattr(RecallIndex, "_index_new", held)
        passing = threading.Thread(target=engine.recall.index_session, args=("busy", messages))
        passing.start()
        assert writing.wait(60)
        assert engine.recall.index_session("busy", messages, through=2, wait=0) == 0  # not kept waiting
        release.set()
        passing.join(60)
        assert engine.recall.storage.recall_last_turn("busy") == 2  # the pass wrote both turns
    finally:
        release.set()
        engine.close()


def test_a_sessions_writer_is_kept_only_while_a_pass_has_it(tmp_path, monkeypatch):
    engine = make_engine(tmp_path / "chat.sqlite")
    writing, release = threading.Event(), threading.Event()
    writes = RecallIndex._index_new

    def held(self, session_id, turns, today, last):
        writing.set()
        assert release.wait(60)
        return writes(self, session_id, turns, today, last)

    try:
        for name in ("a", "b", "c"):
            engine.session(name).send(f"My parrot {name} is called Pico").wait()
        assert list(engine.recall._writing) == []  # sessions served once keep no lock
        session = engine.session("a")
        session.send("And my cat is called Miso").wait()
        engine.wait_idle()
        messages = session.state()["messages"]
        monkeypatch.setattr(RecallIndex, "_index_new", held)
        first = threading.Thread(target=engine.recall.index_session, args=("held", messages))
        first.start()
        assert writing.wait(60)
        assert engine.recall.index_session("held", messages, wait=0.05) == 0  # one writer: it gives up
        assert list(engine.recall._writing) == ["held"]
        release.set()
        first.join(60)
        assert list(engine.recall._writing) == []
    finally:
        release.set()
        engine.close()
