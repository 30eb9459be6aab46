"""A session's time zone is checked where it enters and where it is read, on both backends: a name no zone has (ten
thousand characters, unknown) is refused by the session API, said in the page's language, and nothing is stored;
one already stored reads as none, so the session opens and answers, after a restart too, until a good one is saved."""

import json
import uuid

import pytest

from state.refusals import Refused
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel
from tests.graph.storage.conformance.test_settings import store_raw_settings

pytestmark = pytest.mark.storage

LONG = "Asia/" + "x" * 10_000  # past any file name's length: the zone database cannot even look it up


def answered(events, text: str) -> bool:
    return [event.kind for event in events if event.kind == "error"] == [] and events[-1].text == f"Reply to: {text}"


@pytest.mark.parametrize("name", [LONG, "Nowhere/Atlantis", "../../etc/passwd"])
def test_a_zone_that_is_none_is_refused_where_it_enters_and_nothing_is_stored(database, name):
    engine = make_engine(database, ScriptedChatModel())
    try:
        session = engine.session("zone")
        session.save_settings(time_zone="Asia/Seoul")
        with pytest.raises(Refused) as refused:
            session.save_settings(time_zone=name)
        assert refused.value.key == "time_zone_unknown" and "시간대" in refused.value.text("ko")
        assert engine.storage.load_settings("zone").time_zone == "Asia/Seoul"
        assert answered(send(session, "question 1"), "question 1")
    finally:
        engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "non-streaming"])
def test_a_session_stored_with_a_zone_that_is_none_opens_and_answers_after_restarts(database, streaming):
    session_id = f"stored-zone-{uuid.uuid4().hex[:8]}"
    engine = make_engine(database, ScriptedChatModel(disable_streaming=not streaming))
    try:
        send(engine.session(session_id), "question 1")
        store_raw_settings(engine.storage, session_id, json.dumps({"time_zone": LONG, "reminder": "kept"}))
        assert answered(send(engine.session(session_id), "question 2"), "question 2")
    finally:
        engine.close()
    for n in (3, 4):  # the app started again, twice
        engine = make_engine(database, ScriptedChatModel(disable_streaming=not streaming))
        try:
            session = engine.session(session_id)
            assert session.settings().time_zone == "" and session.settings().reminder == "kept"
            assert answered(send(session, f"question {n}"), f"question {n}")
            assert "Today's date:" in str(session.last_context()[0].content)
        finally:
            engine.close()
    engine = make_engine(database, ScriptedChatModel())
    try:
        engine.session(session_id).save_settings(time_zone="Asia/Seoul")  # a good one replaces it whole
        stored = engine.storage.load_settings(session_id)
        assert (stored.time_zone, stored.reminder) == ("Asia/Seoul", "kept")
    finally:
        engine.close()
