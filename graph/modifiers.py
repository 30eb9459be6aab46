"""Seed 004's context modifiers: a custom agent prompt above the latest user message, reminders at
the end, old tool results as a placeholder, and long earlier messages cut (seed 001)."""

from collections.abc import Sequence

from langchain_core.messages import BaseMessage, HumanMessage, ToolMessage

from graph.context_budget import TOOL_PLACEHOLDER, shorten

CITATION_REMINDER = "[Reminder] Cite the reference documents you used as [1], [2], ..."


def insert_agent_prompt(context: list[BaseMessage], current_count: int, agent_prompt: str) -> list[BaseMessage]:
    """The custom agent prompt as a user message right above the current turn; it moves with it."""
    if not agent_prompt.strip():
        return context
    at = len(context) - current_count
    return [*context[:at], HumanMessage(f"[Agent instructions]\n{agent_prompt.strip()}"), *context[at:]]


def append_reminders(context: list[BaseMessage], reminders: Sequence[str]) -> list[BaseMessage]:
    """Reminders as one user message at the very end of the context."""
    texts = [text.strip() for text in reminders if text and text.strip()]
    return [*context, HumanMessage("\n".join(texts))] if texts else context


def hide_old_tool_results(context: list[BaseMessage], current_count: int) -> list[BaseMessage]:
    """Tool results of earlier turns become a short placeholder; the calls themselves stay."""
    cut = len(context) - current_count
    return [
        message.model_copy(update={"content": TOOL_PLACEHOLDER})
        if index < cut and isinstance(message, ToolMessage) else message
        for index, message in enumerate(context)
    ]


def clip_earlier(context: list[BaseMessage], current_count: int, limit: int) -> list[BaseMessage]:
    """Messages before the current turn cut to `limit` characters (seed 001: 2,000)."""
    cut = len(context) - current_count
    return [shorten(message, limit, "shortened for the model") if 0 < index < cut else message
            for index, message in enumerate(context)]
