"""One instance serving many people: a question's vector is never made behind other turns' indexing, a turn is
answered before its own indexing, summaries for an endpoint elsewhere are made while turns run, and each session
has at most one summary job waiting."""

import threading

import numpy as np
import pytest

from graph.memory.planner import LATE_TURNS
from graph.memory.preparer import SummaryPreparer
from graph.models import ModelProfile
from graph.recall import embeddings
from graph.recall.index import RecallIndex
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel
from tests.fakes.models import summary_reply

pytestmark = pytest.mark.unit


class HeldModel:
    """A stand-in for the embedding model whose passages wait until released, as a long paste being indexed."""

    def __init__(self, release: threading.Event, entered: threading.Event) -> None:
        self.release, self.entered = release, entered

    def encode(self, texts: list[str], is_query: bool = False) -> np.ndarray:
        if not is_query:
            self.entered.set()
            assert self.release.wait(60), "the passage was never released"
        rows = np.zeros((len(texts), embeddings.DIMENSIONS), dtype=np.float32)
        rows[:, 0] = 1.0
        return rows


def held_pools(monkeypatch, size: int, release: threading.Event, entered: threading.Event) -> list[HeldModel]:
    """Fresh pools of `size` held stand-in models each and an empty cache; the models loaded, in order."""
    loaded: list[HeldModel] = []
    monkeypatch.setattr(embeddings, "_load", lambda: loaded.append(HeldModel(release, entered)) or loaded[-1])
    monkeypatch.setattr(embeddings, "_pools", {embeddings.QUERY: embeddings._ModelPool(size),
                                               embeddings.PASSAGE: embeddings._ModelPool(size)})
    monkeypatch.setattr(embeddings, "_cache", embeddings.OrderedDict())
    monkeypatch.setattr(embeddings, "_available", lambda: True)
    return loaded


def test_a_question_is_embedded_while_another_turn_is_indexed(monkeypatch):
    release, entered = threading.Event(), threading.Event()
    held_pools(monkeypatch, 1, release, entered)
    indexing = threading.Thread(target=embeddings.embed, args=(["a long paste being indexed"],))
    indexing.start()
    try:
        assert entered.wait(60)
        vector = embeddings.embed_query("what did I say about the paste?")  # returns although the paste waits
        assert vector is not None and vector[0] == 1.0
        assert indexing.is_alive()
    finally:
        release.set()
        indexing.join(60)
    assert not indexing.is_alive()


def test_two_sessions_index_at_once_with_a_model_each(monkeypatch):
    release, entered = threading.Event(), threading.Event()
    loaded = held_pools(monkeypatch, 2, release, entered)
    first = threading.Thread(target=embeddings.embed, args=(["the first session's turn"],))
    first.start()
    assert entered.wait(60)
    entered.clear()
    second = threading.Thread(target=embeddings.embed, args=(["the second session's turn"],))
    second.start()
    try:
        assert entered.wait(60)  # the second is being embedded while the first still is: two models
        assert len(loaded) == 2
    finally:
        release.set()
        first.join(60)
        second.join(60)


def test_a_turn_is_answered_before_its_own_indexing_and_searches_wait_for_it(tmp_path, monkeypatch):
    indexing, release = threading.Event(), threading.Event()
    index_session = RecallIndex.index_session

    def held(self, session_id, messages, day=None, **limits):
        if len(messages) >= 2 and threading.current_thread().name == "turn" and "generation" in limits:
            indexing.set()
            assert release.wait(60)
        return index_session(self, session_id, messages, day, **limits)

    monkeypatch.setattr(RecallIndex, "index_session", held)
    engine = make_engine(tmp_path / "chat.sqlite")
    try:
        run = engine.session("quick").send("My parrot is called Pico")
        events = list(run)  # iteration ends once the answer is saved, though the turn is not indexed yet
        assert [event for event in events if event.kind == "reply"]
        assert indexing.wait(60) and run.running
        found: list[list[dict]] = []
        searching = threading.Thread(target=lambda: found.append(engine.search("Pico")))
        searching.start()
        searching.join(0.2)
        assert searching.is_alive() and not found  # a search waits for the turn just answered to be indexed
        release.set()
        searching.join(60)
        assert [hit["session_id"] for hit in found[0]] == ["quick"]
        run.wait()
        assert engine.recall.storage.recall_last_turn("quick") == 1
    finally:
        release.set()
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_the_next_turn_is_answered_while_the_one_before_is_indexed(tmp_path, monkeypatch, streaming):
    indexing, release = threading.Event(), threading.Event()
    writes = RecallIndex._index_new

    def held(self, session_id, turns, today, last, *embed):
        if last == 1:
            indexing.set()
            assert release.wait(60)
        return writes(self, session_id, turns, today, last, *embed)

    monkeypatch.setattr(RecallIndex, "_index_new", held)
    engine = make_engine(tmp_path / "chat.sqlite", ScriptedChatModel(disable_streaming=not streaming))
    try:
        session = engine.session("quick")
        first = session.send("My parrot is called Pico")
        list(first)
        assert indexing.wait(60)
        second = session.send("And my cat is called Miso")
        assert [event.text for event in second if event.kind == "reply"] == ["Reply to: And my cat is called Miso"]
        assert first.running and engine.recall.storage.recall_last_turn("quick") == 0  # turn 1 is still being indexed
        release.set()
        first.wait()
        second.wait()
        assert engine.recall.storage.recall_last_turn("quick") == 2
    finally:
        release.set()
        engine.close()


@pytest.mark.parametrize("provider, waits", [("remote", False), ("bundled", True)])
def test_summaries_wait_for_quiet_only_for_a_model_on_this_machine(tmp_path, provider, waits):
    profile = ModelProfile("fake", provider, True, True, True, 128_000, summarizes=True)
    engine = make_engine(tmp_path / "chat.sqlite", profile=profile)
    waited = []
    engine.preparer.wait_quiet = lambda: waited.append(1) or True
    try:
        session = engine.session("busy")
        for n in range(4):
            session.send(f"Question number {n} about the garden plan").wait()
        engine.preparer.wait()
        assert bool(waited) == waits
    finally:
        engine.close()


def test_a_later_turn_replaces_its_sessions_job_not_yet_begun():
    begun, release, ran = threading.Event(), threading.Event(), []

    class Recording(SummaryPreparer):
        def _run(self, session_id, rate, still_current, language=""):
            ran.append(session_id)
            if session_id == "first":
                begun.set()
                assert release.wait(60)

    preparer = Recording(planner=None, storage=None, read_state=lambda session_id: {})  # type: ignore[arg-type]
    try:
        preparer.schedule("first", 0.3)
        assert begun.wait(60)  # the only worker is busy: the next jobs wait
        earlier = preparer.schedule("second", 0.3)
        later = preparer.schedule("second", 0.3)
        assert earlier.cancelled()
        release.set()
        preparer.wait()
        assert later.done() and not later.cancelled()
        assert ran == ["first", "second"]
    finally:
        release.set()
        preparer.shutdown()


def test_waiting_for_the_preparer_waits_for_every_worker():
    releases = {name: threading.Event() for name in ("a", "b")}
    begun = threading.Barrier(3)

    class Held(SummaryPreparer):
        def _run(self, session_id, rate, still_current, language=""):
            begun.wait(60)
            assert releases[session_id].wait(60)

    preparer = Held(planner=None, storage=None, read_state=lambda session_id: {},  # type: ignore[arg-type]
                    workers=2)
    try:
        jobs = [preparer.schedule(name, 0.3) for name in releases]
        begun.wait(60)
        waiter = threading.Thread(target=preparer.wait)
        waiter.start()
        releases["a"].set()
        jobs[0].result(60)
        assert waiter.is_alive() and not jobs[1].done()  # "b" still runs: wait() has not returned
        releases["b"].set()
        waiter.join(60)
        assert not waiter.is_alive()
    finally:
        for release in releases.values():
            release.set()
        preparer.shutdown()


def test_a_sessions_jobs_run_one_at_a_time_on_many_workers():
    begun, release, ran, at_once = threading.Event(), threading.Event(), [], []
    running = set()

    class Held(SummaryPreparer):
        def _run(self, session_id, rate, still_current, language=""):
            at_once.append(session_id in running)
            running.add(session_id)
            ran.append(rate)
            if rate == 0.1:
                begun.set()
                assert release.wait(60)
            running.discard(session_id)

    preparer = Held(planner=None, storage=None, read_state=lambda session_id: {},  # type: ignore[arg-type]
                    workers=4)
    try:
        first = preparer.schedule("a", 0.1)
        assert begun.wait(60)
        second = preparer.schedule("a", 0.2)
        other = preparer.schedule("b", 0.3)
        other.result(60)  # another session's job runs beside it
        assert not second.done() and not second.running()  # the session's next job waits for its first
        release.set()
        first.result(60)
        second.result(60)
        assert ran == [0.1, 0.3, 0.2] and not any(at_once)
    finally:
        release.set()
        preparer.shutdown()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_turn_does_not_wait_for_the_summary_being_made_ahead(tmp_path, streaming):
    asked, release, on_turn = threading.Event(), threading.Event(), []

    def held(messages):
        on_turn.append(not threading.current_thread().name.startswith("summary-preparer"))
        asked.set()
        assert release.wait(60)
        return summary_reply(messages)

    engine = make_engine(tmp_path / "chat.sqlite", ScriptedChatModel(disable_streaming=not streaming),
                         ScriptedChatModel(reply=held), summary_late_turns=LATE_TURNS)
    try:
        session = engine.session("quick")
        for n in range(1, 4):
            session.send(f"Question {n} about the garden plan").wait()
        assert asked.wait(60)  # the summary model is busy with this session's work ahead
        assert session.summary_due() == []  # the page announces no summary the turn leaves to it
        fourth = session.send("Question 4 about the garden plan").wait()
        replies = [event.text for event in fourth if event.kind == "reply"]
        assert replies == ["Reply to: Question 4 about the garden plan"]
        assert not session.state().get("summary_history")  # turns 1-3 went raw, not waited for
        release.set()
        engine.wait_idle()
        assert session.summary_due() == [[1, 2, 3]]  # made ahead: the next turn applies it
        session.send("Question 5 about the garden plan").wait()
        assert [record["turns"] for record in session.state()["summary_history"]] == [[1, 2, 3]]
        assert on_turn and not any(on_turn)  # every summary was made ahead, none inside a turn
    finally:
        release.set()
        engine.close()
