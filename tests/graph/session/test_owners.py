"""Each person's sessions their own, through the session API on both backends: another owner's id answers as
an unknown one, and nothing of it is read, listed, found, changed or deleted; without an owner the API is the
single-person one it always was."""

import pytest

from graph.engine import SessionNotFound
from graph.models import ModelProfile
from tests.conftest import make_engine, send

pytestmark = pytest.mark.graph

ADA, BOB = "ada@example.com", "bob@example.com"


@pytest.fixture(params=[True, False], ids=["streaming", "non-streaming"])
def engine(request, database):
    """An engine on each backend, its fake chat model streaming or not."""
    profile = ModelProfile(label="fake", provider="remote", streaming=request.param, tools=True,
                           structured_output=True, context_window=128_000)
    opened = make_engine(database, profile=profile)
    yield opened
    opened.close()


def test_each_owner_lists_and_finds_only_their_own_sessions(engine):
    ada, bob = engine.session(owner=ADA), engine.session(owner=BOB)
    send(ada, "My favourite fruit is the mango.")
    send(bob, "My favourite fruit is the papaya.")
    assert [s.session_id for s in engine.sessions(owner=ADA)] == [ada.id]
    assert [s.session_id for s in engine.sessions(owner=BOB)] == [bob.id]
    assert engine.sessions() == []  # the single-person default owns neither
    assert [hit["session_id"] for hit in engine.search("fruit", owner=ADA)] == [ada.id]
    assert [hit["session_id"] for hit in engine.search("fruit", owner=BOB)] == [bob.id]
    assert engine.search("papaya", owner=ADA) == [] and engine.search("fruit") == []


def test_another_owners_session_id_is_not_found_and_nothing_of_it_is_read(engine):
    ada = engine.session("shared-link", owner=ADA)
    send(ada, "The door code is 4711.")
    with pytest.raises(SessionNotFound) as refused:
        engine.session("shared-link", owner=BOB)
    assert "4711" not in str(refused.value)
    with pytest.raises(SessionNotFound):
        engine.session("shared-link")  # nor the default owner's
    unknown = engine.session("never-used", owner=BOB)  # an unknown id is a new session, as without sign-in
    assert unknown.messages() == [] and unknown.owner == BOB


def test_a_handle_on_an_id_someone_else_claimed_first_writes_nothing(engine):
    late = engine.session("raced", owner=BOB)  # taken while the id was still free
    first = engine.session("raced", owner=ADA)
    send(first, "Ada's first message")
    before = first.messages()

    events = send(late, "Bob's message")
    assert [(e.kind, e.data.get("code")) for e in events] == [("error", "not_found")]
    for write in (lambda: late.save_settings(reminder="x"), lambda: late.pin(before[0].id),
                  lambda: late.give_feedback(before[1].id, "up"), lambda: late.add_document("a.txt", b"secret"),
                  lambda: late.remove_document(1), lambda: late.edit_summary(1, "changed")):
        with pytest.raises(SessionNotFound):
            write()
    assert first.messages() == before and first.documents() == [] and first.settings().reminder == ""
    assert "pinned" not in first.state() or first.state()["pinned"] == []


def test_another_owner_can_neither_rename_nor_delete_a_session(engine):
    ada = engine.session(owner=ADA)
    send(ada, "keep me")
    for act in (lambda: engine.delete(ada.id, owner=BOB), lambda: engine.rename(ada.id, "mine now", owner=BOB),
                lambda: engine.delete(ada.id)):
        with pytest.raises(SessionNotFound):
            act()
    assert [(s.session_id, s.title) for s in engine.sessions(owner=ADA)] == [(ada.id, "Keep me")]
    engine.rename(ada.id, "Ada's chat", owner=ADA)
    engine.delete(ada.id, owner=ADA)
    assert engine.sessions(owner=ADA) == [] and engine.session(ada.id, owner=BOB).messages() == []


def test_without_an_owner_the_session_api_is_the_single_person_one(engine):
    session = engine.session("local")
    send(session, "My parrot is called Kiwi.")
    assert [s.session_id for s in engine.sessions()] == ["local"]
    assert engine.session("local").turns_completed() == 1
    assert [hit["session_id"] for hit in engine.search("parrot")] == ["local"]
    with pytest.raises(SessionNotFound):
        engine.session("local", owner=ADA)


def test_the_configured_default_owner_sees_the_sessions_made_without_sign_in(database):
    engine = make_engine(database, default_owner=ADA)
    try:
        send(engine.session("before-sign-in"), "made on the local app")
        assert [s.session_id for s in engine.sessions(owner=ADA)] == ["before-sign-in"]
        assert engine.session("before-sign-in", owner=ADA).turns_completed() == 1
        assert engine.sessions(owner=BOB) == []
    finally:
        engine.close()
