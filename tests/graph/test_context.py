"""Seed 000's context at each turn, as the chat model receives it through the graph: one system message
with every summary in order, the completed turns no summary covers, then the current turn."""

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.graph_config import GraphConfig
from state.session import SessionSettings
from tests.conftest import run_turn

pytestmark = pytest.mark.graph


def calculator_reply(messages: list[BaseMessage]) -> AIMessage:
    """Call the calculator for `compute ...`, answer from its result, and echo anything else."""
    last = messages[-1]
    if isinstance(last, ToolMessage):
        return AIMessage(f"The result is {last.content}")
    if isinstance(last, HumanMessage) and str(last.content).startswith("compute "):
        call = {"name": "calculator", "args": {"expression": str(last.content)[8:]}, "id": f"c{len(messages)}"}
        return AIMessage("", tool_calls=[call])
    return AIMessage(f"Reply to: {last.content}")


def question(n: int, tool_every: int = 0) -> str:
    return f"compute {n} * 2" if tool_every and n % tool_every == 0 else f"question {n}"


def play(graph, turns: int, tool_every: int = 0) -> dict:
    """Run turns 1..`turns` and return the last state."""
    for n in range(1, turns + 1):
        state = run_turn(graph, n, text=question(n, tool_every))
    return state


def shown(messages: list[BaseMessage]) -> list[tuple[str, str]]:
    return [(message.type, str(message.content)) for message in messages]


@pytest.mark.parametrize("turn", [4, 7, 10])
def test_context_holds_all_summaries_and_one_raw_turn(turn, graph, chat_model):
    chat_model.reply = calculator_reply
    state = play(graph, turn, tool_every=3)
    context = chat_model.calls[-1]
    summaries = state["summary_history"]
    assert [r["turns"] for r in summaries] == [[f, f + 1, f + 2] for f in range(1, turn, 3)]
    assert isinstance(context[0], SystemMessage)
    assert shown(context[1:]) == [("human", f"question {turn}")]
    for summary in summaries:
        assert f"[{summary['turns'][0]}-{summary['turns'][-1]}턴] {summary['summary']}" in context[0].content
    positions = [context[0].content.index(s["summary"]) for s in summaries]
    assert positions == sorted(positions)


def test_context_turn_5_keeps_turn_4_raw(graph, chat_model):
    play(graph, 5)
    assert shown(chat_model.calls[-1][1:]) == [("human", "question 4"), ("ai", "Reply to: question 4"),
                                                ("human", "question 5")]


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_context_before_any_summary_is_all_raw(turn, graph, chat_model):
    state = play(graph, turn)
    context = chat_model.calls[-1]
    assert shown(context[1:]) == shown(state["messages"][:-1])
    assert "[이전 대화 요약]" not in context[0].content


def test_system_prompt_carries_base_prompt_and_date(chat_model, summary_model):
    graph = build_graph(chat_model, summary_model, InMemorySaver(), GraphConfig(base_prompt="Be brief."))
    run_turn(graph, 1, text="q")
    system = chat_model.calls[-1][0].content
    assert system.startswith("Be brief.")
    assert re.search(r"Today's date: \d{4}-\d{2}-\d{2} \(\w+\)", system)
    assert not re.search(r"\d{2}:\d{2}", system)  # no time of day: the request would change every minute


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Etc/GMT+12"])  # UTC+14 and UTC-12: another day somewhere
def test_the_date_in_the_system_prompt_is_the_persons_day(zone, chat_model, summary_model):
    graph = build_graph(chat_model, summary_model, InMemorySaver())
    graph.invoke({"messages": [HumanMessage("q")], "turn_count": 1, "session_id": "s1", "compression_rate": 0.3},
                 {"configurable": {"thread_id": "s1"}}, context=SessionSettings(time_zone=zone))
    days = {datetime.now(ZoneInfo(zone)).strftime("%Y-%m-%d") for _ in range(2)}  # a day that turns meanwhile
    assert re.search(r"Today's date: (\d{4}-\d{2}-\d{2})", chat_model.calls[-1][0].content)[1] in days


def test_context_of_turn_50_has_16_summaries_and_two_raw_turns(graph, chat_model):
    state = play(graph, 50)
    context = chat_model.calls[-1]
    assert len(state["summary_history"]) == 16
    assert context[0].content.count("턴] ") == 16
    assert shown(context[1:]) == [("human", "question 49"), ("ai", "Reply to: question 49"),
                                  ("human", "question 50")]
