"""A turn streams reply tokens from the llm node only, plus tool, summary and error events."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from state.turns import completed_turn_count, has_unfinished_turn
from tests.conftest import send, transcript

pytestmark = pytest.mark.graph


def test_tokens_come_from_the_llm_node_only(engine, chat_model):
    session = engine.session("s1")
    for n in range(1, 4):
        send(session, f"question {n}")
    chat_model.script = ["four is the answer"]
    events = send(session, "question 4")
    tokens = "".join(e.text for e in events if e.kind == "token")
    assert tokens == "four is the answer"
    assert "Summary of" not in tokens
    summaries = [e for e in events if e.kind == "summary"]
    assert len(summaries) == 1 and summaries[0].data["turns"] == [[1, 2, 3]]
    assert events[-1].kind == "reply" and events[-1].text == "four is the answer"


def test_tool_calls_and_results_are_events(engine, chat_model):
    chat_model.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "6*7"}, "id": "c1"}]),
        "42",
    ]
    events = send(engine.session("s1"), "what is 6*7?")
    call = next(e for e in events if e.kind == "tool" and e.data["phase"] == "call")
    result = next(e for e in events if e.kind == "tool" and e.data["phase"] == "result")
    assert call.text == "calculator" and call.data["args"] == {"expression": "6*7"}
    assert result.text == "42" and result.data["id"] == "c1" and result.data["name"] == "calculator"
    assert [e.kind for e in events].index("tool") < [e.kind for e in events].index("reply")
    assert events[-1].kind == "reply" and events[-1].text == "42"


def test_failed_turn_is_an_error_event_and_retry_answers_it(engine, chat_model):
    session = engine.session("s1")
    send(session, "question 1")
    chat_model.script = [ConnectionError("refused")]
    events = send(session, "question 2")
    assert [e.kind for e in events][-1] == "error"
    error = events[-1]
    assert isinstance(error.data["error"], ConnectionError) and "cannot be reached" in error.text
    assert session.unfinished() and session.messages()[-1].content == "question 2"
    retried = session.retry()
    assert retried[-1].kind == "reply" and retried[-1].text == "Reply to: question 2"
    assert not session.unfinished() and session.turns_completed() == 2


def test_empty_message_is_refused_without_a_turn(engine, chat_model):
    session = engine.session("s1")
    events = session.send(" \n\t\x00 ").wait()
    assert [e.kind for e in events] == ["error"] and events[0].data["code"] == "empty"
    assert chat_model.calls == [] and session.messages() == []


def test_turn_bookkeeping(engine):
    messages = transcript(3)
    assert completed_turn_count(messages) == 3
    assert not has_unfinished_turn(messages)
    assert has_unfinished_turn(messages + [HumanMessage("q4")])
    session = engine.session("s1")
    for n in range(1, 4):
        send(session, f"question {n}")
    assert session.turns_completed() == 3 and session.state()["turn_count"] == 3
    assert not session.unfinished()
    assert session.summary_due() == [[1, 2, 3]]
    windowed = engine.session("s3")
    windowed.save_settings(context_policy="sliding_window")
    for n in range(1, 6):
        send(windowed, f"question {n}")
    assert windowed.summary_due() == []  # 10 messages are not more than 10
    send(windowed, "question 6")
    assert windowed.summary_due() == [[1, 2, 3]]  # 12 messages > 10, the last 3 turns stay raw
