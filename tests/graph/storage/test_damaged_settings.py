"""A session whose stored settings were damaged in the database still loads and answers on both backends: the
damaged value (or field) is the default, told once in the log, and the next save writes whole settings again."""

import json
import logging
import uuid

import pytest

from graph.engine import session_json
from state.session import SessionSettings
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel
from tests.graph.storage.conformance.test_settings import NO_OBJECT, NOT_JSON, damage_warnings, store_raw_settings

pytestmark = pytest.mark.storage


@pytest.mark.parametrize("raw", [*NO_OBJECT, *NOT_JSON, json.dumps({"system_prompt": 7, "reminder": "kept"})])
def test_a_session_with_damaged_settings_loads_and_answers(database, backend, raw, caplog):
    if backend == "postgres" and raw in NOT_JSON:
        pytest.skip("PostgreSQL's JSON column does not hold text that is not JSON")
    engine = make_engine(database, ScriptedChatModel())
    session_id = f"damaged-{uuid.uuid4().hex[:8]}"  # told once per session and value: a new one each
    try:
        session = engine.session(session_id)
        send(session, "question 1")
        store_raw_settings(engine.storage, session_id, raw)
        with caplog.at_level(logging.WARNING):
            for n in (2, 3):
                events = send(session, f"question {n}")
                assert [event.kind for event in events if event.kind == "error"] == []
                assert events[-1].text == f"Reply to: question {n}"
        assert len(damage_warnings(caplog, session_id)) == 1
        assert session.settings().system_prompt == "" and session.settings().recall is True
        json.loads(session_json(session_id, "title", session.state()))
        session.save_settings(reminder="whole again")
        assert engine.storage.load_settings(session_id) == SessionSettings(reminder="whole again")
    finally:
        engine.close()
