"""For a model that cannot call tools, call them for it: a deterministic intent step recognises arithmetic
and date/time questions and emits the same AIMessage(tool_calls) a tool-calling model would."""

import uuid
from typing import Literal, TypedDict

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from graph.intent.detect import detect_tool_call
from state import ChatState
from state.turns import extract_current_turn, latest_user_text


class IntentUpdate(TypedDict, total=False):
    """What the intent step writes to the turn's state: the tool call it asks for, when the question needs one."""

    messages: list[BaseMessage]


def make_intent_node(active: bool):
    """A node that asks for a tool when the question needs one; inactive for tool-calling models."""

    def intent(state: ChatState) -> IntentUpdate:
        current = extract_current_turn(state.get("messages", []))
        if not active or state.get("route") != "agent" or any(isinstance(m, ToolMessage) for m in current):
            return {}
        call = detect_tool_call(latest_user_text(state))
        if call is None:
            return {}
        request = {**call, "id": f"intent-{uuid.uuid4().hex[:12]}", "type": "tool_call"}
        return {"messages": [AIMessage("", tool_calls=[request])]}

    return intent


def route_after_intent(state: ChatState) -> Literal["tools", "llm"]:
    """Run the tool the intent step asked for; otherwise straight to the model."""
    messages = state.get("messages", [])
    last = messages[-1] if messages else None
    return "tools" if isinstance(last, AIMessage) and last.tool_calls else "llm"
