"""Seed 000's sequence tests and the 10-turn simulation, run through the compiled graph."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from graph.context import split_turns
from tests.conftest import run_turn
from tests.fakes.models import summary_calls

pytestmark = pytest.mark.graph


def test_turn_4_summarizes_turns_1_to_3_before_answering(graph, chat_model, summary_model):
    for n in range(1, 4):
        state = run_turn(graph, n)
        assert state["summary_history"] == []
    state = run_turn(graph, 4)
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3]]
    context = chat_model.calls[-1]
    assert len(context) == 2 and isinstance(context[0], SystemMessage)
    assert "[1-3턴] " + state["summary_history"][0]["summary"] in context[0].content
    assert context[1] == HumanMessage("question 4", id=context[1].id)
    assert len(summary_calls(summary_model)) == 1


def test_summary_history_grows_to_1_2_3_at_turns_4_7_10(graph):
    sizes = {}
    previous = []
    for n in range(1, 11):
        state = run_turn(graph, n)
        assert state["summary_history"][: len(previous)] == previous  # older summaries are kept
        previous = state["summary_history"]
        sizes[n] = len(previous)
    assert sizes == {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 2, 10: 3}
    assert [r["turns"] for r in previous] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_context_sizes_at_turns_4_7_10_are_summaries_plus_one_raw_turn(graph, chat_model):
    for n in range(1, 11):
        run_turn(graph, n)
        context = chat_model.calls[-1]
        summaries = context[0].content.count("턴] ")
        if n in (4, 7, 10):
            assert summaries == (n - 1) // 3
            assert [type(m) for m in context[1:]] == [HumanMessage]


def test_summary_record_is_complete_and_consistent(graph, summary_model):
    for n in range(1, 5):
        state = run_turn(graph, n, rate=0.2)
    record = state["summary_history"][0]
    original = "".join(m.content for m in state["messages"][:6])
    assert record["thread_id"] == "s1"
    assert record["turns"] == [1, 2, 3] and record["turn_length"] == 3
    assert record["original_chars"] == len(original)
    assert record["summary_chars"] == len(record["summary"])
    assert record["compression_rate"] == 0.2
    assert record["original_tokens"] > 0 and record["summary_tokens"] > 0
    prompt = summary_calls(summary_model)[0][-1].content
    assert str(int(len(original) * 0.2)) in prompt


def test_compression_rate_change_applies_to_the_next_summary(graph):
    for n in range(1, 8):
        state = run_turn(graph, n, rate=0.3 if n < 5 else 0.5)
    assert [r["compression_rate"] for r in state["summary_history"]] == [0.3, 0.5]


def test_out_of_range_rate_in_state_is_clamped(graph):
    for n in range(1, 5):
        state = run_turn(graph, n, rate=7.0)
    assert state["summary_history"][0]["compression_rate"] == 0.5


def test_ten_turn_simulation_with_tool_turns(chat_model, summary_model):
    from langgraph.checkpoint.memory import InMemorySaver

    from graph.builder import build_graph

    def reply(messages):
        last = messages[-1]
        if isinstance(last, HumanMessage) and last.content.startswith("compute"):
            expression = last.content.removeprefix("compute ")
            call = {"name": "calculator", "args": {"expression": expression}, "id": f"c{len(messages)}"}
            return AIMessage("", tool_calls=[call])
        if isinstance(last, ToolMessage):
            return AIMessage(f"The result is {last.content}")
        return AIMessage(f"Reply to: {last.content}")

    chat_model.reply = reply
    graph = build_graph(chat_model, summary_model, InMemorySaver())
    for n in range(1, 11):
        text = f"compute {n} * 3" if n % 3 == 2 else f"question {n}"
        state = run_turn(graph, n, text=text)
        turns, current = split_turns(state["messages"])
        assert len(turns) == n and current == []
        assert state["messages"][-1].content in (f"The result is {n * 3}", f"Reply to: {text}")
    tool_results = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    assert [m.content for m in tool_results] == ["6", "15", "24"]
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    # the summary of turns 4-6 saw turn 5's tool call and its result together
    summary_prompt = summary_calls(summary_model)[1][-1].content
    assert "calculator" in summary_prompt and "Tool result (calculator): 15" in summary_prompt
    # the tool round of turn 8 sent the tool call and its result together in the context
    tool_round = next(c for c in chat_model.calls if isinstance(c[-1], ToolMessage) and c[-1].content == "24")
    assert isinstance(tool_round[-2], AIMessage) and tool_round[-2].tool_calls


def test_casual_turn_takes_the_fast_path_without_tools(graph, chat_model):
    state = run_turn(graph, 1, text="안녕하세요!")
    assert state["route"] == "casual"
    assert state["request_report"]["tool_tokens"] == 0
    state = run_turn(graph, 2, text="What is 17% of 2300?")
    assert state["route"] == "agent"
    assert state["request_report"]["tool_tokens"] > 0


def test_request_report_counts_every_part(graph):
    for n in range(1, 6):
        state = run_turn(graph, n)
    report = state["request_report"]
    assert report["turn"] == 5
    assert report["summary_tokens"] > 0 and report["raw_tokens"] > 0 and report["current_tokens"] > 0
    assert report["request_tokens"] < report["history_tokens"]


def test_sessions_do_not_share_state(graph):
    run_turn(graph, 1, text="my name is Mina", session_id="a")
    state_b = run_turn(graph, 1, text="hello there friend", session_id="b")
    assert [m.content for m in state_b["messages"] if isinstance(m, HumanMessage)] == ["hello there friend"]
