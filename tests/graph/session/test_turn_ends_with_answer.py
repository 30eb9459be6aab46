"""A turn ends for the person when its answer is final and saved: the events stop there and Stop has nothing
left to stop, while recall's index and the title are brought up to date behind it; `wait()` still returns once
that work is done too, and the next turn waits for it in the session's queue."""

import threading

import pytest

import graph.session.turn
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph


@pytest.fixture
def held_housekeeping(monkeypatch):
    """The work after the answer held until the test lets it go."""
    release, began = threading.Event(), threading.Event()
    follow = graph.session.turn.follow_shown_line

    def held(services, session_id):
        began.set()
        assert release.wait(60), "the test never let the housekeeping go"
        follow(services, session_id)

    monkeypatch.setattr(graph.session.turn, "follow_shown_line", held)
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
        assert session.messages()[-1].content  # the answer is saved already
        second = session.send("What is my sister's name?")
        assert not second.is_answered.wait(0.2)  # the next turn waits its place behind the housekeeping
        release.set()
        assert [e.kind for e in run.wait(60)][-1] == "reply" and not run.running
        assert [e.kind for e in second.wait(60)][-1] == "reply"
        assert [s.title for s in engine.sessions()] != [""]  # the title followed the shown line
    finally:
        release.set()
        engine.close()
