"""What a caller passes the session API is checked by its type where it enters, on both backends: an id that is no
text, a pin or thumb on a message only another version holds, a turn number given as text, and a setting of the
wrong type are each refused with a reason a person can read, nothing is stored, and the session keeps answering."""

import json
import math

import pytest

from graph.engine import session_json
from graph.storage.shared import SharedTables
from state.refusals import Refused, WrongType
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.faults

NOT_TEXT = [["x"], {"id": "x"}, 7, None, math.nan]
TEXT_SETTINGS = ["system_prompt", "context_policy", "agent_prompt", "reminder", "model", "language"]


@pytest.fixture
def engine(database):
    engine = make_engine(database, ScriptedChatModel())
    yield engine
    engine.close()


def answers(engine, session_id: str = "s") -> str:
    """The answer to one more turn, and the session's export read back, so a broken session shows."""
    session = engine.session(session_id)
    events = send(session, "one more question")
    assert [event.kind for event in events if event.kind == "error"] == []
    json.loads(session_json(session_id, "title", session.state()))
    return events[-1].text


@pytest.mark.parametrize("message_id", [["x"], {"id": 1}, 7, ("a",)], ids=["list", "dict", "int", "tuple"])
def test_an_id_that_is_no_text_is_refused_and_the_session_still_answers(engine, message_id):
    session = engine.session("s")
    send(session, "question 1")
    for change in (lambda: session.pin(message_id), lambda: session.pin(message_id, pinned=False),
                   lambda: session.give_feedback(message_id, "up")):
        with pytest.raises(TypeError, match="A message is named by its id") as refused:
            change()
        assert isinstance(refused.value, WrongType) and "메시지는 id" in refused.value.text("ko")
    assert session.state().get("pinned") in (None, []) and session.state().get("feedback") in (None, {})
    assert answers(engine) == "Reply to: one more question"


def test_a_pin_or_thumb_on_a_message_only_another_version_holds_is_refused(engine):
    session = engine.session("s")
    send(session, "question 1")
    send(session, "question 2")
    old_answer = session.messages()[-1]
    session.regenerate().wait()
    session.services.wait_idle()
    assert old_answer.id not in {message.id for message in session.messages()}
    for change in (lambda: session.pin(old_answer.id), lambda: session.give_feedback(old_answer.id, "up"),
                   lambda: session.pin("never-a-message")):
        with pytest.raises(ValueError, match="not in the conversation shown") as refused:
            change()
        assert isinstance(refused.value, Refused)
    assert session.state().get("pinned") in (None, []) and session.state().get("feedback") in (None, {})
    shown = session.messages()[-1].id
    session.pin(shown)
    session.give_feedback(shown, "down")
    assert session.state()["pinned"] == [shown] and session.state()["feedback"] == {shown: "down"}


@pytest.mark.parametrize("turn", ["2", 2.0, ["2"], True], ids=["text", "float", "list", "bool"])
def test_a_turn_number_that_is_no_number_is_refused_clearly(engine, turn):
    session = engine.session("s")
    send(session, "question 1")
    send(session, "question 2")
    before = session.messages()
    for rewrite in (lambda: session.regenerate(turn=turn), lambda: session.edit(turn, "question 2 again"),
                    lambda: session.regenerate(language="ko", turn=turn)):
        events = rewrite().wait()
        assert [event.kind for event in events] == ["error"]
        assert events[0].data["code"] == "turn_wrong_type"
        assert "not supported" not in events[0].text and "(1, 2, 3, …)" in events[0].text
    for switch in (lambda: session.show_version(turn, 1), lambda: session.edit_summary(turn, "text"),
                   lambda: session.turn_excerpts([turn])):
        with pytest.raises(TypeError, match="A turn is named by its number"):
            switch()
    assert session.messages() == before
    assert answers(engine) == "Reply to: one more question"


def test_a_message_or_language_that_is_no_text_is_refused_as_an_event(engine):
    session = engine.session("s")
    events = session.send(["hello"]).wait()  # type: ignore[arg-type]
    assert events[0].data["code"] == "text_wrong_type" and "is text, not list" in events[0].text
    events = session.send("hello", language=["ko"]).wait()  # type: ignore[arg-type]
    assert events[0].data["code"] == "language_wrong_type"
    events = session.send("hello", compression_rate="0.3").wait()  # type: ignore[arg-type]
    assert events[0].data["code"] == "setting_not_number"
    assert session.messages() == [] and engine.sessions() == []
    assert answers(engine) == "Reply to: one more question"


@pytest.mark.parametrize("field", TEXT_SETTINGS)
@pytest.mark.parametrize("value", NOT_TEXT + [math.inf], ids=["list", "dict", "int", "none", "nan", "inf"])
def test_a_text_setting_of_another_type_is_refused_and_nothing_is_stored(engine, field, value):
    session = engine.session("s")
    send(session, "question 1")
    with pytest.raises(TypeError, match=f"The setting {field} must be text"):
        session.save_settings(**{field: value})
    with pytest.raises(ValueError, match=f"The setting {field} must be text"):
        session.save_settings(**{field: value})
    assert engine.storage.load_settings("s") == session.settings() and getattr(session.settings(), field) != value
    assert answers(engine) == "Reply to: one more question"


@pytest.mark.parametrize(("field", "value"), [("recall", "no"), ("recall", 0), ("hide_old_tool_results", ["x"]),
                                              ("compression_rate", "0.3"), ("compression_rate", [0.3]),
                                              ("context_budget", {"tokens": 4000}), ("context_budget", True)])
def test_a_switch_or_number_of_another_type_is_refused(engine, field, value):
    session = engine.session("s")
    with pytest.raises(TypeError, match=f"The setting {field} must be"):
        session.save_settings(**{field: value})
    assert answers(engine) == "Reply to: one more question"


def test_a_rate_or_budget_that_is_nan_is_the_default_and_no_nan_is_written(engine):
    session = engine.session("s")
    saved = session.save_settings(compression_rate=math.nan, context_budget=math.nan)
    assert saved == engine.storage.load_settings("s")
    assert saved.compression_rate == 0.3 and saved.context_budget == 4_000
    assert isinstance(engine.storage, SharedTables)
    with engine.storage.rows(transaction=False) as cur:
        stored = cur.execute("SELECT settings FROM chat_sessions WHERE thread_id = ?", ("s",)).one()
    assert stored is not None and "NaN" not in json.dumps(stored["settings"])
    assert answers(engine) == "Reply to: one more question"
