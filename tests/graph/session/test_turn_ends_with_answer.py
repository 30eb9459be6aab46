"""A turn ends for the person when its answer is final and saved: the events stop there and Stop has nothing
left to stop, while older turns gain their vectors behind it; `wait()` still returns once
that work is done too, and the next turn of the session is answered meanwhile, without waiting for it."""

import threading

import pytest

from graph.recall.index import RecallIndex
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph


@pytest.fixture
def held_housekeeping(monkeypatch):
    """The work after the answer (older turns gaining their vectors) held until the test lets it go."""
    release, began = threading.Event(), threading.Event()
    backfill = RecallIndex.backfill

    def held(self, session_id, *args, **kwargs):
        began.set()
        assert release.wait(60), "the test never let the housekeeping go"
        return backfill(self, session_id, *args, **kwargs)

    monkeypatch.setattr(RecallIndex, "backfill", held)
    yield began, release
    release.set()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_the_events_end_with_the_answer_while_the_housekeeping_goes_on(tmp_path, held_housekeeping, streaming):
    began, release = held_housekeeping
    engine = make_engine(tmp_path / "chat.sqlite", ScriptedChatModel(disable_streaming=not streaming))
    try:
        session = engine.session("answered")
        run = session.send("My sister Hana lives in Busan.")
        with run:
            kinds = [event.kind for event in run]
        assert kinds[-1] == "reply" and "error" not in kinds
        assert run.is_answered.is_set() and began.wait(30)
        assert run.running  # the housekeeping is still held: the person was not kept for it
        assert session.messages()[-1].content  # the answer is saved already, and the chat list names it
        assert [(s.title, s.turns) for s in engine.sessions()] == [("My sister Hana lives in Busan", 1)]
        second = session.send("What is my sister's name?")
        assert second.is_answered.wait(60) and run.running  # answered while the turn before still works
        release.set()
        assert [e.kind for e in run.wait(60)][-1] == "reply" and not run.running
        assert [e.kind for e in second.wait(60)][-1] == "reply"
        assert [s.title for s in engine.sessions()] == ["My sister Hana lives in Busan"]
    finally:
        release.set()
        engine.close()
