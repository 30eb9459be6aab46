"""A stopped turn keeps what was streamed and leaves the session ready for the next message."""

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.stopping import finish_stopped_turn
from graph.turns import completed_turn_count, has_unfinished_turn, thread_config
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


def test_closing_the_stream_mid_reply_loses_nothing(graph, chat_model):
    from graph.turns import stream_turn, turn_input

    run_turn(graph, 1)
    chat_model.script = ["a long streamed answer that the person stops"]
    events = stream_turn(graph, "s1", turn_input("question 2", "s1", 0.3, []))
    first = next(event for event in events if event.kind == "token")
    events.close()
    assert first.text == "a"
    finish_stopped_turn(graph, "s1", "a long")
    messages = graph.get_state(thread_config("s1")).values["messages"]
    assert [m.content for m in messages if isinstance(m, HumanMessage)] == ["question 1", "question 2"]
    assert not has_unfinished_turn(messages)
    assert messages[-1].content in ("a long ⏹", "a long streamed answer that the person stops")


def test_stop_signal_ends_a_streaming_model_call(graph, chat_model):
    import threading
    import time

    import pytest

    from graph.stop_signal import GenerationStopped
    from graph.turns import stream_turn, turn_input

    chat_model.script = [" ".join(f"word{i}" for i in range(200))]
    chat_model.delay = 0.01
    stop = threading.Event()
    events = stream_turn(graph, "s1", turn_input("tell me everything", "s1", 0.3, []), stop)
    started = time.monotonic()
    tokens = []
    with pytest.raises(GenerationStopped):
        for event in events:
            if event.kind == "token":
                tokens.append(event.text)
                stop.set()
    assert time.monotonic() - started < 1.0 and len(tokens) < 5
    messages = graph.get_state(thread_config("s1")).values["messages"]
    assert messages[-1].content == "tell me everything" and has_unfinished_turn(messages)
