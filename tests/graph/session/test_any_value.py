"""Any value, of any type, given the session API as a setting or as the id of a pinned or thumbed message is either
taken as a value of its field's type or refused with a reason a person can read; nothing else is stored, and the
session loads, answers and exports after, on both backends."""

import json
import math
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph.engine import Engine, session_json
from state.refusals import Refused
from state.session import SessionSettings
from tests.conftest import make_engine, send
from tests.graph.session.test_any_text import fresh

pytestmark = pytest.mark.faults

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                    st.text(max_size=40), st.sampled_from(["", "nan", "0.3", "4000", "\x00", "한국어", "中文"]))
ANY_VALUE = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner),
                                                          st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                         max_leaves=6)
FIELDS = [field.name for field in fields(SessionSettings)]
FIELD_TYPES = {field.name: field.type for field in fields(SessionSettings)}
EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def engine(database):
    opened = make_engine(database)
    yield opened
    opened.close()


def answers_and_exports(engine: Engine, session_id: str) -> bool:
    """The session loads, a plain message gets its answer, and the export is JSON."""
    session = engine.session(session_id)
    events = send(session, "hello again")
    json.loads(session_json(session_id, "title", session.state()))
    return [event.kind for event in events if event.kind == "error"] == [] and \
        session.messages()[-1].content == "Reply to: hello again"


def of_its_type(settings_now: SessionSettings) -> bool:
    """Every field holds a value of its declared type (a bool is no number here), and no number is NaN."""
    for name in FIELDS:
        value, kind = getattr(settings_now, name), FIELD_TYPES[name]
        if kind in (int, float) and (isinstance(value, bool) or not isinstance(value, int | float)
                                     or math.isnan(value)):
            return False
        if kind in (str, bool) and type(value) is not kind:
            return False
    return True


@EXAMPLES
@given(field=st.sampled_from(FIELDS), value=ANY_VALUE)
def test_any_setting_value_is_taken_as_its_type_or_refused_clearly(engine, field, value):
    session = fresh(engine)
    send(session, "question 1")
    before = session.settings()
    try:
        saved = session.save_settings(**{field: value})
    except Refused as refused:
        assert len(str(refused)) > 10 and "Traceback" not in str(refused) and refused.text("ko")
        assert session.settings() == before  # nothing stored
    else:
        assert saved == session.settings() == engine.storage.load_settings(session.id)
    assert of_its_type(session.settings())
    assert answers_and_exports(engine, session.id)


@EXAMPLES
@given(message_id=ANY_VALUE, pinned=st.booleans(), thumb=st.sampled_from(["up", "down", None]))
def test_any_message_id_pins_a_message_shown_or_is_refused_clearly(engine, message_id, pinned, thumb):
    session = fresh(engine)
    send(session, "question 1")
    shown = {message.id for message in session.messages()}
    for change in (lambda: session.pin(message_id, pinned=pinned), lambda: session.give_feedback(message_id, thumb)):
        try:
            change()
        except Refused as refused:
            assert len(str(refused)) > 10 and refused.text("ko")
        else:
            assert message_id in shown
    state = session.state()
    assert set(state.get("pinned") or []) <= shown and set(state.get("feedback") or {}) <= shown
    assert answers_and_exports(engine, session.id)
