"""Any string through the session API's text inputs (messages, session ids, titles, document names, owners,
settings) either works or is refused with a clear message, and the session loads and answers after, on both
backends."""

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.documents.store import DocumentRefused
from graph.engine import Engine
from tests.conftest import make_engine, send

pytestmark = pytest.mark.faults

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=120)  # surrogates and controls included
ODD_TEXT = st.one_of(ANY_TEXT, st.sampled_from(["", " ", "\x00", "\ud800", "\u202e", "<!--", "```", "'; DROP TABLE x",
                                                "a" * 400, "\U0001f468\u200d\U0001f469", "한국어", "中文"]))
EXAMPLES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
_ids = itertools.count()


@pytest.fixture
def engine(database):
    opened = make_engine(database)
    yield opened
    opened.close()


def fresh(engine: Engine, owner: str | None = None):
    return engine.session(f"s{next(_ids)}", owner=owner)


def answers(session) -> bool:
    """The session loads, and a plain message after gets its answer."""
    session.messages()
    events = send(session, "hello again")
    last = session.messages()[-2:]
    return [e.kind for e in events][-1] == "reply" and [m.type for m in last] == ["human", "ai"] and \
        last[0].content == "hello again" and last[1].content.startswith("Reply to:")


def refused_clearly(error: Exception) -> bool:
    return len(str(error)) > 10 and "Traceback" not in str(error)


@EXAMPLES
@given(text=ODD_TEXT)
def test_any_message(engine, text):
    session = fresh(engine)
    events = send(session, text)
    assert [e.kind for e in events][-1] in ("reply", "error")
    if events[-1].kind == "error":
        assert events[-1].data.get("code") == "empty" and session.messages() == []
    assert answers(session)


@EXAMPLES
@given(text=ODD_TEXT)
def test_any_session_id_and_owner(engine, text):
    for open_with in (lambda: engine.session(text), lambda: engine.session(f"o{next(_ids)}", owner=text)):
        try:
            session = open_with()
        except ValueError as error:
            assert refused_clearly(error)
            continue
        assert answers(session)
        assert session.id in [info.session_id for info in engine.sessions(owner=session.owner or None)]


@EXAMPLES
@given(text=ODD_TEXT)
def test_any_title(engine, text):
    session = fresh(engine)
    send(session, "first")
    engine.rename(session.id, text)
    title = next(info.title for info in engine.sessions() if info.session_id == session.id)
    assert title and "\x00" not in title and answers(session)


@EXAMPLES
@given(text=ODD_TEXT)
def test_any_document_name(engine, text):
    session = fresh(engine)
    try:
        added = session.add_document(text, b"The launch code is 0451.")
    except DocumentRefused as error:
        assert refused_clearly(error) and session.documents() == []
    else:
        assert [d.title for d in session.documents()] == [added.title]
    assert answers(session)


@EXAMPLES
@given(text=ODD_TEXT, field=st.sampled_from(["system_prompt", "agent_prompt", "reminder"]))
def test_any_setting_text(engine, text, field):
    session = fresh(engine)
    try:
        session.save_settings(**{field: text})
    except ValueError as error:
        assert refused_clearly(error)
    assert answers(session)
