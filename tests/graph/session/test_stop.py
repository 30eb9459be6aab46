"""A stopped turn keeps what was streamed and leaves the session ready for the next message."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.session.runner import finish_stopped_turn, thread_config
from state.turns import STOPPED_MARK, completed_turn_count, has_unfinished_turn
from tests.conftest import run_turn, send

pytestmark = pytest.mark.graph


def test_stop_keeps_partial_text_and_completes_the_turn(graph, chat_model):
    run_turn(graph, 1)
    chat_model.script = [RuntimeError("interrupted")]  # the reply never finished
    with pytest.raises(RuntimeError, match="interrupted"):
        run_turn(graph, 2)
    finish_stopped_turn(graph, "s1", "Partial answer so")
    state = graph.get_state(thread_config("s1"))
    assert state.next == ()
    assert state.values["messages"][-1].content == "Partial answer so ⏹"
    assert completed_turn_count(state.values["messages"]) == 2
    assert run_turn(graph, 3)["messages"][-1].content == "Reply to: question 3"


def test_stop_during_tool_round_cancels_the_open_calls(graph, chat_model):
    chat_model.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "1+1"}, "id": "t1"}]),
    ]
    graph.update_state(thread_config("s1"), {"messages": [HumanMessage("what is 1+1?"), chat_model.script[0]],
                                              "turn_count": 1, "session_id": "s1"}, as_node="summary")
    finish_stopped_turn(graph, "s1", "")
    messages = graph.get_state(thread_config("s1")).values["messages"]
    assert isinstance(messages[-2], ToolMessage) and messages[-2].tool_call_id == "t1"
    assert messages[-1].content == "⏹" and not has_unfinished_turn(messages)


def test_stop_after_the_turn_finished_changes_nothing(graph):
    before = run_turn(graph, 1)["messages"]
    finish_stopped_turn(graph, "s1", "late click")
    assert graph.get_state(thread_config("s1")).values["messages"] == before


def test_closing_the_stream_mid_reply_loses_nothing(engine, chat_model):
    session = engine.session("s1")
    send(session, "question 1")
    answer = " ".join(f"word{i}" for i in range(200))
    chat_model.script = [answer]
    chat_model.delay = 0.01
    run = session.send("question 2")
    first = next(event for event in run if event.kind == "token")
    run.close()  # what any click during the stream does
    assert first.text == "word0"
    reply = run.wait()[-1]
    assert reply.kind == "reply" and reply.data == {"stopped": True}
    messages = session.messages()
    assert [m.content for m in messages if isinstance(m, HumanMessage)] == ["question 1", "question 2"]
    assert not session.unfinished() and session.turns_completed() == 2
    kept = messages[-1].content
    assert kept == reply.text and kept.endswith(STOPPED_MARK)
    assert answer.startswith(kept.removesuffix(STOPPED_MARK).rstrip()) and len(kept) < len(answer)
    assert send(session, "question 3")[-1].text == "Reply to: question 3"


def test_stop_ends_a_streaming_model_call_at_its_next_token(engine, chat_model):
    session = engine.session("s1")
    chat_model.script = [" ".join(f"word{i}" for i in range(200))]
    chat_model.delay = 0.01
    run = session.send("tell me everything")
    tokens = []
    for event in run:
        if event.kind == "token":
            tokens.append(event.text)
            session.stop()
    reply = run.events[-1]
    assert reply.kind == "reply" and reply.data["stopped"] is True
    assert len(tokens) < 20  # the model was cut off, not read to its end
    assert reply.text == ("".join(tokens) + " " + STOPPED_MARK).lstrip()
    messages = session.messages()
    assert messages[-2].content == "tell me everything" and messages[-1].content == reply.text
    assert not session.unfinished()
