"""One pass at a time writes a session's indexed turns: a pass that read the session before a turn was taken back
writes nothing, and recall does not wait long for a pass still writing: it searches what is indexed."""

import threading

import pytest

from graph.recall.index import RecallIndex
from tests.conftest import make_engine

pytestmark = pytest.mark.unit


def held_writes(writing: threading.Event, release: threading.Event):
    """`RecallIndex._index_new` as a pass that says it writes, then waits for `release` before it does."""
    writes = RecallIndex._index_new

    def held(self, session_id, turns, today, last, *embed):
        writing.set()
        assert release.wait(60)
        return writes(self, session_id, turns, today, last, *embed)

    return held


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
    held = held_writes(writing, release)

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
    held = held_writes(writing, release)

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


def test_one_sessions_turns_are_read_while_anothers_read_waits_on_storage(tmp_path, monkeypatch):
    engine = make_engine(tmp_path / "chat.sqlite")
    reading, release = threading.Event(), threading.Event()
    try:
        for name in ("slow", "quick"):
            engine.session(name).send(f"My parrot in {name} is called Pico").wait()
        engine.wait_idle()
        storage = engine.recall.storage
        read = storage.recall_vectors

        def held(session_id, after):
            if session_id == "slow":
                reading.set()
                assert release.wait(60)
            return read(session_id, after)

        monkeypatch.setattr(storage, "recall_vectors", held)
        engine.recall.forget("slow")
        engine.recall.forget("quick")
        slow = threading.Thread(target=engine.recall._session_vectors, args=("slow",))
        slow.start()
        assert reading.wait(60)
        assert engine.recall._session_vectors("quick").turns == [1]  # not behind the other session's read
        assert slow.is_alive()
        release.set()
        slow.join(60)
        assert engine.recall._session_vectors("slow").turns == [1]
    finally:
        release.set()
        engine.close()


def test_a_copy_read_before_the_turns_were_taken_back_is_not_kept(tmp_path, monkeypatch):
    engine = make_engine(tmp_path / "chat.sqlite")
    reading, release = threading.Event(), threading.Event()
    try:
        session = engine.session("rewound")
        session.send("My parrot is called Pico").wait()
        engine.wait_idle()
        storage = engine.recall.storage
        read = storage.recall_vectors

        def held(session_id, after):
            rows = read(session_id, after)
            reading.set()
            assert release.wait(60)
            return rows

        engine.recall.forget("rewound")
        monkeypatch.setattr(storage, "recall_vectors", held)
        found: list = []
        reader = threading.Thread(target=lambda: found.append(engine.recall._session_vectors("rewound")))
        reader.start()
        assert reading.wait(60)
        monkeypatch.setattr(storage, "recall_vectors", read)
        engine.recall.drop_from("rewound", 1)  # taken back while the reader held its rows
        release.set()
        reader.join(60)
        assert found[0].turns == [1]  # the reader had read before the turn was taken back
        assert engine.recall._session_vectors("rewound").turns == []  # but its copy was not kept
    finally:
        release.set()
        engine.close()
