"""Stopping a reply: end the model's stream at its next token, and keep what was streamed."""

import threading
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import AIMessage, ToolMessage
from langgraph.graph.state import CompiledStateGraph

from graph.session.transcript import has_unfinished_turn, thread_config

STOPPED_NOTE = "⏹"


class GenerationStopped(RuntimeError):
    """The person stopped the reply; raised inside the model call to end its stream."""


class StopSignal(BaseCallbackHandler):
    """Ends a streaming model call at its next token once the stop event is set."""

    raise_error = True

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop

    def _check(self) -> None:
        if self.stop.is_set():
            raise GenerationStopped("stopped by the user")

    def on_chat_model_start(self, serialized: dict, messages: list, **kwargs: Any) -> None:
        self._check()

    def on_llm_new_token(self, token: str, **kwargs: Any) -> None:  # type: ignore[override]
        self._check()


def finish_stopped_turn(graph: CompiledStateGraph, session_id: str, partial_text: str) -> str | None:
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
        ToolMessage("Cancelled: the user stopped the turn.", tool_call_id=call["id"], name=call["name"], status="error")
        for call in (last.tool_calls if isinstance(last, AIMessage) else [])
        if call["id"] not in answered
    ]
    text = f"{partial_text.rstrip()} {STOPPED_NOTE}".strip()
    graph.update_state(config, {"messages": [*cancelled, AIMessage(text)]}, as_node="llm")
    return text
