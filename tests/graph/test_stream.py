"""A turn streams reply tokens from the llm node only, plus tool and summary events."""

from langchain_core.messages import AIMessage

from graph.turns import completed_turn_count, has_unfinished_turn, stream_turn, summary_due, turn_input
from tests.conftest import run_turn, transcript


def test_tokens_come_from_the_llm_node_only(graph, chat_model, summary_model):
    for n in range(1, 4):
        run_turn(graph, n)
    state = graph.get_state({"configurable": {"thread_id": "s1"}}).values
    chat_model.script = ["four is the answer"]
    events = list(stream_turn(graph, "s1", turn_input("question 4", "s1", 0.3, state["messages"])))
    tokens = "".join(e.text for e in events if e.kind == "token")
    assert tokens == "four is the answer"
    assert "Summary of" not in tokens
    assert [e.kind for e in events].count("summary") == 1
    assert events[-1].kind == "reply" and events[-1].text == "four is the answer"


def test_tool_calls_and_results_are_events(graph, chat_model):
    chat_model.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "6*7"}, "id": "c1"}]),
        "42",
    ]
    events = list(stream_turn(graph, "s1", turn_input("what is 6*7?", "s1", 0.3, [])))
    call = next(e for e in events if e.kind == "tool_call")
    result = next(e for e in events if e.kind == "tool_result")
    assert call.text == "calculator" and call.data["args"] == {"expression": "6*7"}
    assert result.text == "42" and result.data["id"] == "c1"


def test_turn_bookkeeping():
    messages = transcript(3)
    assert completed_turn_count(messages) == 3
    assert turn_input("hi", "s", 0.3, messages)["turn_count"] == 4
    assert not has_unfinished_turn(messages)
    from langchain_core.messages import HumanMessage

    assert has_unfinished_turn(messages + [HumanMessage("q4")])
    assert summary_due(messages, []) == [[1, 2, 3]]
    assert summary_due(transcript(6), [], "seed003") == [[1, 2, 3]]  # 12 messages > 10, keep 3 turns
    assert summary_due(transcript(5), [], "seed003") == []
