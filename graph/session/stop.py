"""Stopping a reply: end the model's stream at its next token, and keep what was streamed."""

from langchain_core.messages import AIMessage, ToolMessage

from graph.builder import ChatGraph
from graph.models.cancel import GenerationStopped, StopSignal
from graph.session.configs import thread_config
from prompt.tools import TOOL_CANCELLED
from state.messages import STOPPED_MARK
from state.turns import has_unfinished_turn

__all__ = ["GenerationStopped", "StopSignal", "finish_stopped_turn"]


def finish_stopped_turn(graph: ChatGraph, session_id: str, partial_text: str) -> str | None:
    """Close a turn the person stopped: keep what was streamed as the answer, cancel open tool calls.

    Returns the answer kept, or None when the turn had already ended.
    """
    config = thread_config(session_id)
    messages = graph.get_state(config).values.get("messages", [])
    if not has_unfinished_turn(messages):
        return None
    answered = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
    last = messages[-1]
    cancelled = [
        ToolMessage(TOOL_CANCELLED, tool_call_id=call["id"], name=call["name"], status="error")
        for call in (last.tool_calls if isinstance(last, AIMessage) else [])
        if call["id"] not in answered
    ]
    text = f"{partial_text.rstrip()} {STOPPED_MARK}".strip()
    graph.update_state(config, {"messages": [*cancelled, AIMessage(text)]}, as_node="llm")
    return text
