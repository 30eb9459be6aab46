"""Tool calls of every malformed shape become one `Error: ...` result each: the turn completes, Retry is
never needed, and no request afterwards carries a call without its result."""

import pytest
from langchain_core.messages import AIMessage, ToolMessage

from tests.conftest import make_engine, send
from tests.fakes import summary_reply
from tests.fakes.faults import model_of_kind

pytestmark = pytest.mark.faults

SHAPES = {
    "no name and no id": lambda: AIMessage("", invalid_tool_calls=[
        {"name": None, "args": '{"expression": "1+1"}', "id": None, "error": None, "type": "invalid_tool_call"}]),
    "arguments a JSON array": lambda: AIMessage("", invalid_tool_calls=[
        {"name": "calculator", "args": "[1, 2, 3]", "id": "arr-1", "error": None, "type": "invalid_tool_call"}]),
    "duplicate ids": lambda: AIMessage("", tool_calls=[
        {"name": "calculator", "args": {"expression": "2+2"}, "id": "same"},
        {"name": "calculator", "args": {"expression": "3+3"}, "id": "same"}]),
    "empty name": lambda: AIMessage("", tool_calls=[{"name": "", "args": {}, "id": "nameless"}]),
    "unknown tool": lambda: AIMessage("", tool_calls=[{"name": "rm_rf", "args": {}, "id": "u1"}]),
}


def answer(messages):
    last = messages[-1]
    if isinstance(last, ToolMessage):
        return AIMessage("done after the tool")
    return AIMessage(f"Reply to: {last.content}")


def assert_every_call_answered_once(messages):
    calls = [call["id"] for m in messages if isinstance(m, AIMessage) for call in m.tool_calls]
    results = [m.tool_call_id for m in messages if isinstance(m, ToolMessage)]
    assert all(isinstance(call_id, str) and call_id for call_id in calls)
    assert sorted(calls) == sorted(results) and len(set(calls)) == len(calls)


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_malformed_tool_call_is_answered_with_one_error_and_the_turn_completes(shape, database, model_kind):
    fault_at = 1 if model_kind == "tool_calling" else 0  # that model asks for the date first
    chat = model_of_kind(model_kind, answer, {fault_at: SHAPES[shape]})
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    session = engine.session("tools")
    events = send(session, "compute something")
    assert events[-1].kind == "reply" and events[-1].text == "done after the tool"
    assert not session.unfinished()
    messages = session.messages()
    assert_every_call_answered_once(messages)
    errors = [m for m in messages if isinstance(m, ToolMessage) and m.status == "error"]
    assert len(errors) == 1 and errors[0].content.startswith("Error:")
    send(session, "and now?")
    assert_every_call_answered_once(chat.calls[-1])  # the next request has no orphaned call
    assert session.messages()[-1].content == "Reply to: and now?"
    engine.close()
