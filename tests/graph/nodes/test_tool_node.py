"""Every tool call runs within a deadline and a result cap, whatever the tool does, and Stop reaches it."""

import contextvars
import threading
import time
from typing import Any

import pytest
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.graph import START, MessagesState, StateGraph

from graph.models.cancel import StopSignal
from graph.nodes.tools import MALFORMED_ARGUMENTS, make_tool_node

pytestmark = pytest.mark.unit

CALLER = contextvars.ContextVar("CALLER", default="unset")


@tool
def slow(seconds: float) -> str:
    """Sleep, then answer."""
    time.sleep(seconds)
    return "done"


@tool
def verbose(chars: int) -> str:
    """Answer with a long text."""
    return "x" * chars


@tool
def caller() -> str:
    """Name the caller, read from a context variable the caller set."""
    return CALLER.get()


@tool
def failing() -> str:
    """Always fail."""
    raise ValueError("the tool broke")


class ToolStarts(BaseCallbackHandler):
    """Records the tools a run's callbacks saw start."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def on_tool_start(self, serialized: dict[str, Any], input_str: str, **kwargs: Any) -> None:
        self.names.append(serialized["name"])


def run(node, name: str, args: dict, config: dict | None = None) -> tuple[ToolMessage, float]:
    """One tool call through the node in a one-node graph: its result and the seconds it took."""
    builder = StateGraph(MessagesState)
    builder.add_node("tools", node)
    builder.add_edge(START, "tools")
    call = {"name": name, "args": args, "id": "call-1", "type": "tool_call"}
    started = time.monotonic()
    result = builder.compile().invoke({"messages": [AIMessage("", tool_calls=[call])]}, config)
    return result["messages"][-1], time.monotonic() - started


def test_a_tool_past_its_deadline_is_answered_with_an_error_at_the_deadline():
    message, seconds = run(make_tool_node([slow], timeout_seconds=0.2), "slow", {"seconds": 5})
    assert message.content == "Error: the tool slow took longer than 0.2 s"
    assert (message.status, message.tool_call_id, message.name) == ("error", "call-1", "slow")
    assert seconds < 2


def test_a_tool_within_its_deadline_sees_the_callers_context_and_callbacks():
    token = CALLER.set("the graph")
    starts = ToolStarts()
    try:
        message, _ = run(make_tool_node([caller], timeout_seconds=5), "caller", {}, {"callbacks": [starts]})
    finally:
        CALLER.reset(token)
    assert (message.content, message.status) == ("the graph", "success")
    assert starts.names == ["caller"]


def test_a_tool_error_still_becomes_an_error_result_on_the_worker_thread():
    message, _ = run(make_tool_node([failing], timeout_seconds=5), "failing", {})
    assert (message.content, message.status) == ("Error: the tool broke", "error")


def test_malformed_arguments_are_refused_before_the_tool_starts():
    reason = "the arguments for slow were not a JSON object ('{seconds: 5')"
    message, seconds = run(make_tool_node([slow], timeout_seconds=5), "slow", {MALFORMED_ARGUMENTS: reason})
    assert message.content.startswith(f"Error: {reason}; call the tool again")
    assert message.status == "error" and seconds < 1


def test_stop_ends_the_wait_for_a_running_tool():
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    message, seconds = run(make_tool_node([slow], timeout_seconds=30), "slow", {"seconds": 5},
                           {"callbacks": [StopSignal(stop)]})
    assert (message.content, message.status) == ("Cancelled: the user stopped the turn.", "error")
    assert seconds < 2


@pytest.mark.parametrize("chars", [999, 1000])
def test_a_result_within_the_cap_is_kept_whole(chars):
    message, _ = run(make_tool_node([verbose], result_chars=1000), "verbose", {"chars": chars})
    assert message.content == "x" * chars


def test_a_result_past_the_cap_is_cut_with_a_note():
    message, _ = run(make_tool_node([verbose], result_chars=1000), "verbose", {"chars": 100_000})
    assert message.content.startswith("x" * 1000 + "\n[cut: the result had 100,000 characters")
    assert len(message.content) < 1100
