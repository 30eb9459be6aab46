"""The second round of attacks on owners, through the session API on both backends: odd owner strings, handles
kept across a change of hands, and operations on ids nobody has."""

import pytest

from graph.engine import SessionNotFound
from tests.conftest import make_engine, send

pytestmark = pytest.mark.graph

ADA, BOB = "ada@example.com", "bob@example.com"


@pytest.fixture
def engine(database):
    opened = make_engine(database)
    yield opened
    opened.close()


@pytest.mark.parametrize("owner", [ADA + "\x00", "\x00" + ADA, ADA + "\n", "\u200b", " ", "x" * 321,
                                   "ada\ud800@example.com"])
def test_an_owner_that_cannot_own_sessions_is_refused_everywhere(engine, owner):
    send(engine.session("ada-chat", owner=ADA), "The door code is 4711.")
    for entry in (lambda: engine.sessions(owner=owner), lambda: engine.search("door", owner=owner),
                  lambda: engine.session("ada-chat", owner=owner), lambda: engine.session(owner=owner),
                  lambda: engine.rename("ada-chat", "mine", owner=owner),
                  lambda: engine.delete("ada-chat", owner=owner)):
        with pytest.raises(ValueError) as refused:
            entry()
        assert "owner" in str(refused.value) and "4711" not in str(refused.value)
    assert [s.session_id for s in engine.sessions(owner=ADA)] == ["ada-chat"]


def test_a_handle_kept_from_before_an_id_changed_hands_reads_nothing_of_the_new_owner(engine):
    kept = engine.session("passed-on", owner=BOB)
    send(kept, "Bob's message")
    engine.delete("passed-on", owner=BOB)
    ada = engine.session("passed-on", owner=ADA)
    send(ada, "Ada's secret is 4711.")
    for read in (kept.state, kept.messages, kept.view, kept.last_context, kept.settings, kept.documents,
                 kept.turns_completed, kept.unfinished, kept.stop, kept.recover, lambda: kept.turn_excerpts([1]),
                 kept.versions, lambda: kept.show_version(1, 1)):
        with pytest.raises(SessionNotFound):
            read()
    assert "4711" in ada.messages()[0].content


def test_a_handle_on_a_free_id_that_someone_claims_reads_nothing_and_cannot_stop_their_reply(engine):
    early = engine.session("free", owner=BOB)
    assert early.messages() == []
    ada = engine.session("free", owner=ADA)
    send(ada, "Ada's message")
    with pytest.raises(SessionNotFound):
        early.messages()
    with pytest.raises(SessionNotFound):
        early.stop()


def test_operations_on_an_id_nobody_has_write_nothing(engine):
    with pytest.raises(SessionNotFound):
        engine.rename("never-made", "bob's title", owner=BOB)
    bob = engine.session("never-made", owner=BOB)
    for change in (lambda: bob.pin("m1"), lambda: bob.give_feedback("m1", "up"), lambda: bob.remove_document(1),
                   lambda: bob.edit_summary(1, "text"), lambda: bob.show_version(1, 1)):
        with pytest.raises(SessionNotFound):
            change()
    assert bob.summarize_now() is False
    for rewrite, code in ((bob.regenerate, "rewrite_nothing"), (lambda: bob.edit_last("again"), "rewrite_nothing"),
                          (bob.resume, "not_found")):
        events = rewrite().wait()
        assert [e.data.get("code") for e in events if e.kind == "error"] == [code]
    bob.stop()  # nothing runs: nothing to stop, nothing written
    assert engine.storage.session_owner("never-made") is None
    assert engine.sessions(owner=BOB) == [] and engine.sessions() == []
    default = engine.session("never-made")
    send(default, "the default owner's first message")
    assert engine.sessions()[0].title == "The default owner's first message"


def test_a_rewrite_refused_after_a_delete_leaves_the_id_free(engine):
    bob = engine.session("gone", owner=BOB)
    send(bob, "question")
    engine.delete("gone", owner=BOB)
    events = bob.regenerate().wait()
    assert [e.data.get("code") for e in events if e.kind == "error"] == ["rewrite_nothing"]
    assert engine.storage.session_owner("gone") is None
    ada = engine.session("gone", owner=ADA)
    send(ada, "Ada claims the free id")
    assert [s.session_id for s in engine.sessions(owner=ADA)] == ["gone"]
