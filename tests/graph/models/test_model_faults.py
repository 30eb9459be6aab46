"""Model faults at every call over a 30-turn conversation: nothing lost, nothing doubled,
turn numbers consistent, every turn summarized exactly once, and the UI explains and retries."""

import random

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.context import split_turns
from graph.reply.compose import EmptyReplyError
from graph.session.runner import thread_config
from tests.conftest import make_engine, send
from tests.fakes import faults, summary_reply
from tests.fakes.faults import FaultyModel, model_of_kind

pytestmark = pytest.mark.faults

TURNS = 30


def reply(messages):
    last = messages[-1]
    if isinstance(last, ToolMessage) and last.status == "error":  # fix the call and try again
        return AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "6*7"},
                                          "id": f"retry{len(messages)}"}])
    if isinstance(last, ToolMessage):
        return AIMessage(f"Tool said: {last.content}")
    text = str(last.content)
    if text.startswith("compute"):
        return AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "6*7"},
                                          "id": f"c{len(messages)}"}])
    return AIMessage(f"Reply to: {text}")


def run_with_retries(session, text, attempts=10):
    """Send a message like the app does, then press Retry until the turn has its answer."""
    events = send(session, text)
    errors = 0
    for _ in range(attempts):
        if events[-1].kind == "reply":
            assert not session.unfinished()
            return errors
        assert events[-1].kind == "error" and session.unfinished()  # the message is kept
        assert [m.content for m in session.messages() if isinstance(m, HumanMessage)][-1] == text
        errors += 1
        events = session.retry()
        session.services.wait_idle()
    raise AssertionError(f"turn {text!r} never completed")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_faults_lose_and_double_nothing(seed, database, model_kind):
    rng = random.Random(seed)
    chat_faults = {k: rng.choice(faults.FAULTS) for k in rng.sample(range(80), 20)}
    summary_faults = {k: rng.choice(faults.RAISING) for k in range(0, 12, 3)}
    chat = model_of_kind(model_kind, reply, chat_faults)
    summary = model_of_kind(model_kind if model_kind != "tool_calling" else "streaming", summary_reply,
                            summary_faults)
    engine = make_engine(database, chat, summary)
    session = engine.session("s")
    texts = [f"compute {n}" if n % 4 == 0 else f"question {n}" for n in range(1, TURNS + 1)]
    failures = sum(run_with_retries(session, text) for text in texts)
    assert failures > 0
    state = session.state()
    assert [m.content for m in state["messages"] if isinstance(m, HumanMessage)] == texts
    turns, current = split_turns(state["messages"])
    assert len(turns) == TURNS and current == []
    assert state["turn_count"] == TURNS
    ids = [m.id for m in state["messages"]]
    assert len(ids) == len(set(ids))
    for turn in turns:  # every tool call has exactly one result, inside its own turn
        calls = [c["id"] for m in turn if isinstance(m, AIMessage) for c in m.tool_calls]
        results = [m.tool_call_id for m in turn if isinstance(m, ToolMessage)]
        assert sorted(calls) == sorted(results)
    covered = [n for record in state["summary_history"] for n in record["turns"]]
    assert covered == list(range(1, len(covered) + 1))  # each turn summarized exactly once, in order
    assert len(covered) >= TURNS - 6
    engine.close()


def test_malformed_tool_call_gets_an_error_result_and_the_model_recovers(database, model_kind):
    chat = model_of_kind(model_kind, reply, {0: faults.malformed_tool_call})
    engine = make_engine(database, chat, FaultyModel(reply=summary_reply))
    events = send(engine.session("s"), "compute 6*7")
    results = [e for e in events if e.kind == "tool" and e.data["phase"] == "result"]
    assert results[0].data["status"] == "error" and results[0].text.startswith("Error:")
    assert results[-1].data["status"] == "success" and results[-1].text == "42"
    messages = engine.session("s").messages()
    error = next(m for m in messages if isinstance(m, ToolMessage))
    assert error.status == "error" and error.content.startswith("Error:")
    assert messages[-1].content == events[-1].text == "Tool said: 42"
    engine.close()


def test_unparsable_tool_arguments_are_answered_with_a_json_error(model_kind):
    chat = model_of_kind(model_kind, reply, {0: faults.malformed_tool_call})
    graph = build_graph(chat, FaultyModel(reply=summary_reply), InMemorySaver())
    state = graph.invoke({"messages": [HumanMessage("compute 6*7")], "turn_count": 1, "session_id": "s",
                          "compression_rate": 0.3}, thread_config("s"))
    error = next(m for m in state["messages"] if isinstance(m, ToolMessage))
    assert error.status == "error" and "not a JSON object" in error.content and error.tool_call_id == "bad-1"
    assert state["messages"][-1].content == "Tool said: 42"


def test_empty_reply_keeps_the_turn_open_for_retry(database, model_kind):
    chat = model_of_kind(model_kind, reply, {0: faults.empty_reply})
    engine = make_engine(database, chat, FaultyModel(reply=summary_reply))
    session = engine.session("s")
    error = send(session, "hello there friend")[-1]
    assert error.kind == "error" and isinstance(error.data["error"], EmptyReplyError)
    assert "empty reply" in error.text and session.unfinished()
    assert session.retry()[-1].text == "Reply to: hello there friend"
    said = [m.content for m in session.messages() if not isinstance(m, ToolMessage) and m.content]
    assert said == ["hello there friend", "Reply to: hello there friend"]
    engine.close()


@pytest.mark.parametrize(
    "fault, words",
    [(faults.timeout, "너무 늦습니다"), (faults.connection_refused, "연결할 수 없습니다"),
     (faults.server_error, "HTTP 500"), (faults.empty_reply, "빈 답")],
)  # the UI's default language is Korean
def test_ui_explains_each_fault_and_retry_answers(fault, words, fake_engine):
    from streamlit.testing.v1 import AppTest

    fake_engine.chat.__class__ = FaultyModel
    fake_engine.chat.faults = {0: fault}
    app = AppTest.from_file("../../../app.py", default_timeout=30).run()
    app.chat_input[0].set_value("hello there, how are you?").run()
    assert not app.exception
    assert any(words in e.value for e in app.error)
    app.button(key="retry").click().run()
    assert not app.error
    assert app.chat_message[-1].markdown[-1].value == "Reply to: hello there, how are you?"
