"""A stopped turn keeps what was streamed and leaves the session ready for the next message."""

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.turns import completed_turn_count, finish_stopped_turn, has_unfinished_turn, thread_config
from tests.conftest import run_turn


def test_stop_keeps_partial_text_and_completes_the_turn(graph, chat_model):
    run_turn(graph, 1)
    chat_model.script = [RuntimeError("interrupted")]  # the reply never finished
    try:
        run_turn(graph, 2)
    except RuntimeError:
        pass
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
