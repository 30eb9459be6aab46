"""Shared fixtures: fake models, an in-memory graph, and transcripts built turn by turn."""

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from tests.fakes import ScriptedChatModel, summary_reply


def plain_turn(n: int) -> list[BaseMessage]:
    """A turn without tools: question n and its answer."""
    return [HumanMessage(f"question {n}"), AIMessage(f"answer {n}")]


def tool_turn(n: int) -> list[BaseMessage]:
    """A turn with one tool round: Human, AI(tool_calls), Tool, AI(final)."""
    call_id = f"call-{n}"
    return [
        HumanMessage(f"compute {n} * 2"),
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": f"{n}*2"}, "id": call_id}]),
        ToolMessage(str(n * 2), tool_call_id=call_id, name="calculator"),
        AIMessage(f"{n} * 2 = {n * 2}"),
    ]


def transcript(count: int, tool_every: int = 0) -> list[BaseMessage]:
    """`count` completed turns; every `tool_every`-th one uses a tool."""
    messages: list[BaseMessage] = []
    for n in range(1, count + 1):
        messages += tool_turn(n) if tool_every and n % tool_every == 0 else plain_turn(n)
    return messages


@pytest.fixture
def chat_model() -> ScriptedChatModel:
    return ScriptedChatModel()


@pytest.fixture
def summary_model() -> ScriptedChatModel:
    return ScriptedChatModel(reply=summary_reply)


@pytest.fixture
def graph(chat_model, summary_model):
    return build_graph(chat_model, summary_model, InMemorySaver())


def run_turn(graph, n: int, text: str | None = None, session_id: str = "s1", rate: float = 0.3) -> dict:
    """Invoke turn n the way the app does and return the resulting state."""
    return graph.invoke(
        {
            "messages": [HumanMessage(text or f"question {n}")],
            "turn_count": n,
            "session_id": session_id,
            "compression_rate": rate,
        },
        {"configurable": {"thread_id": session_id}},
    )
