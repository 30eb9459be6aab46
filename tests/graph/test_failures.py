"""CONTRACT failure rules: a failed summary never fails the turn; a failed reply resumes cleanly."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from tests.conftest import run_turn

pytestmark = pytest.mark.graph


def test_failed_summary_answers_from_raw_turns_and_writes_nothing(graph, chat_model, summary_model):
    for n in range(1, 4):
        run_turn(graph, n)
    summary_model.script = [TimeoutError("summary model timed out")]
    state = run_turn(graph, 4)
    assert state["summary_history"] == []
    assert state["messages"][-1].content == "Reply to: question 4"
    context = chat_model.calls[-1]
    assert [m.content for m in context[1:] if isinstance(m, HumanMessage)] == [
        "question 1", "question 2", "question 3", "question 4"
    ]


def test_summary_backlog_is_caught_up_on_the_next_turn(graph, chat_model, summary_model):
    for n in range(1, 4):
        run_turn(graph, n)
    summary_model.script = [ConnectionError("refused")]
    run_turn(graph, 4)
    state = run_turn(graph, 5)
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3]]
    context = chat_model.calls[-1]
    assert "[1-3턴]" in context[0].content
    assert [m.content for m in context[1:] if isinstance(m, HumanMessage)] == ["question 4", "question 5"]
    for n in range(6, 8):
        state = run_turn(graph, n)
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3], [4, 5, 6]]


def test_empty_summary_counts_as_a_failure(graph, summary_model):
    for n in range(1, 4):
        run_turn(graph, n)
    summary_model.script = ["   "]
    assert run_turn(graph, 4)["summary_history"] == []


def test_failed_reply_raises_and_resumes_without_losing_or_doubling(graph, chat_model):
    for n in range(1, 4):
        run_turn(graph, n)
    chat_model.script = [RuntimeError("HTTP 500 from the model")]
    with pytest.raises(RuntimeError, match="HTTP 500"):
        run_turn(graph, 4)
    config = {"configurable": {"thread_id": "s1"}}
    pending = graph.get_state(config)
    assert pending.next == ("llm",)
    assert pending.values["messages"][-1].content == "question 4"
    assert [r["turns"] for r in pending.values["summary_history"]] == [[1, 2, 3]]
    state = graph.invoke(None, config)
    humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
    assert humans == ["question 1", "question 2", "question 3", "question 4"]
    assert state["messages"][-1].content == "Reply to: question 4"
    assert len(state["summary_history"]) == 1


def test_failed_tool_round_resumes_at_the_model(graph, chat_model):
    from langchain_core.messages import AIMessage

    chat_model.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "2+2"}, "id": "t1"}]),
        RuntimeError("connection reset"),
    ]
    with pytest.raises(RuntimeError):
        run_turn(graph, 1, text="what is 2+2?")
    state = graph.invoke(None, {"configurable": {"thread_id": "s1"}})
    kinds = [type(m).__name__ for m in state["messages"]]
    assert kinds == ["HumanMessage", "AIMessage", "ToolMessage", "AIMessage"]
    assert state["messages"][2].content == "4"


def test_tool_error_becomes_an_error_result_the_model_answers_from(graph, chat_model):
    from langchain_core.messages import AIMessage, ToolMessage

    chat_model.script = [
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "__import__('os')"}, "id": "t1"}]),
        "That expression is not something I can calculate.",
    ]
    state = run_turn(graph, 1, text="calculate __import__('os')")
    result = next(m for m in state["messages"] if isinstance(m, ToolMessage))
    assert result.content.startswith("Error: ")
    assert result.status == "error"
    assert state["messages"][-1].content.startswith("That expression")


def test_tool_loop_is_bounded(graph, chat_model):
    from langchain_core.messages import AIMessage

    from graph.reply.compose import MAX_TOOL_ROUNDS

    chat_model.reply = lambda messages: AIMessage(
        "still working", tool_calls=[{"name": "get_current_datetime", "args": {}, "id": f"t{len(messages)}"}]
    )
    state = run_turn(graph, 1, text="what time is it?")
    tool_calls = [m for m in state["messages"] if isinstance(m, AIMessage) and m.tool_calls]
    assert len(tool_calls) == MAX_TOOL_ROUNDS
    assert state["messages"][-1].tool_calls == []
    assert state["messages"][-1].content == "still working"


def test_a_target_too_small_for_a_sentence_still_gets_a_summary(graph, chat_model, summary_model):
    chat_model.reply = lambda messages: AIMessage("ok")
    summary_model.reply = lambda messages: AIMessage("The person greeted the assistant three times.")
    for n, text in enumerate(["hi", "yo", "hey"], start=1):
        run_turn(graph, n, text, rate=0.1)  # 3 turns of 7 characters: a target of 0-2 characters
    state = run_turn(graph, 4, "hello", rate=0.1)
    record, = state["summary_history"]
    assert record["turns"] == [1, 2, 3] and 0 < record["summary_chars"] <= 3
    assert "The person greeted"[: record["summary_chars"]] == record["summary"]
