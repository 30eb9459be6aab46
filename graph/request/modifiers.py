"""Seed 004's context modifiers: a custom agent prompt above the latest user message, reminders at
the end, old tool results as a placeholder, and long earlier messages cut (seed 001); for a model that cannot
call tools, tool results as notes."""

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.request.budget import EARLIER_MESSAGE_CHARS, shorten
from prompt.request_notes import AGENT_INSTRUCTIONS, EARLIER_SHORTENED, TOOL_PLACEHOLDER
from prompt.tools import RESULT_AS_TEXT
from state.turns import message_text


def agent_prompt_message(agent_prompt: str) -> list[BaseMessage]:
    """The custom agent prompt as a user message, placed right above the current turn."""
    if not agent_prompt.strip():
        return []
    return [HumanMessage(AGENT_INSTRUCTIONS.format(agent_prompt=agent_prompt.strip()))]


def reminder_message(reminders: Sequence[str]) -> list[BaseMessage]:
    """Reminders as one user message, placed at the very end of the request."""
    texts = [text.strip() for text in reminders if text and text.strip()]
    return [HumanMessage("\n".join(texts))] if texts else []


def modify_earlier(turn: Sequence[BaseMessage], message_chars: int | None, hide_tool_results: bool,
                   pinned_ids: frozenset[str] = frozenset()) -> list[BaseMessage]:
    """An earlier turn as the request carries it: long messages cut (seed 001), old tool results as a
    placeholder (seed 004); pinned messages stay whole up to the length of any earlier message."""
    modified = []
    for message in turn:
        if message.id in pinned_ids:  # whole, up to the length any earlier message may have
            if message_chars:
                message = shorten(message, max(message_chars, EARLIER_MESSAGE_CHARS), EARLIER_SHORTENED)
        else:
            if message_chars:
                message = shorten(message, message_chars, EARLIER_SHORTENED)
            if hide_tool_results and isinstance(message, ToolMessage):
                message = message.model_copy(update={"content": TOOL_PLACEHOLDER})
        modified.append(message)
    return modified


def tools_as_text(turn: Sequence[BaseMessage]) -> list[BaseMessage]:
    """A turn for a model that cannot call tools: tool calls leave, tool results become plain notes."""
    shown: list[BaseMessage] = []
    for message in turn:
        if isinstance(message, ToolMessage):
            shown.append(HumanMessage(RESULT_AS_TEXT.format(name=message.name or "tool", text=message_text(message)),
                                      id=message.id))
        elif isinstance(message, AIMessage) and message.tool_calls:
            if message_text(message).strip():
                shown.append(AIMessage(message_text(message), id=message.id))
        else:
            shown.append(message)
    return shown
