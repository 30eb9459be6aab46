"""Stopping a reply: end the model's stream at its next token, and keep what was streamed."""

import logging
from collections.abc import Iterator

from langchain_core.messages import AIMessage, ToolMessage
from langgraph.graph.state import CompiledStateGraph

from graph.turns import TurnEvent, has_unfinished_turn, thread_config

logger = logging.getLogger(__name__)


def drain_stopped(events: Iterator[TurnEvent]) -> None:
    """Let a stopped run end by itself, so it saves its state on the way out (a closed one may not)."""
    try:
        for _ in events:
            pass
    except Exception:  # the run's own ending (stop or failure) is already reflected in its saved state
        logger.info("Stopped run ended", exc_info=True)


STOPPED_NOTE = "⏹"


def finish_stopped_turn(graph: CompiledStateGraph, session_id: str, partial_text: str) -> None:
    """Close a turn the person stopped: keep what was streamed as the answer, cancel open tool calls."""
    config = thread_config(session_id)
    snapshot = graph.get_state(config)
    messages = snapshot.values.get("messages", [])
    if not has_unfinished_turn(messages):
        return
    answered = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
    last = messages[-1]
    cancelled = [
        ToolMessage("Cancelled: the user stopped the turn.", tool_call_id=call["id"], name=call["name"], status="error")
        for call in (last.tool_calls if isinstance(last, AIMessage) else [])
        if call["id"] not in answered
    ]
    text = f"{partial_text.rstrip()} {STOPPED_NOTE}".strip()
    graph.update_state(config, {"messages": [*cancelled, AIMessage(text)]}, as_node="llm")
