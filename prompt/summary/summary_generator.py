"""The summary request: a transcript of whole turns and the target length as a number."""

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from state.turns import message_text

SUMMARY_PROMPT = """Summarize the conversation below for the assistant's own memory.

Rules:
- Write in the same language as the conversation.
- Keep every name, number, date, decision and preference stated; drop greetings and filler.
- Mention tools that were used and what they returned, in a few words.
- Write in the third person ("The user ...", "The assistant ...") as one plain paragraph.
- Aim for about {target_length} characters.

Conversation:
{transcript}

Summary (about {target_length} characters):"""

LENGTH_RETRY = ("That summary has {actual} characters; it must have between {low} and {high} characters "
                "(about {target_length}). Write it again at that length, keeping every name, number and date. "
                "Reply with the summary only.")

MAX_MESSAGE_CHARS = 3000


def _clip(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """Shorten one message for the prompt (seed 001: 3,000 characters per message)."""
    if len(text) <= limit:
        return text
    return text[:limit] + f" ...[{len(text) - limit} more characters]"


def _render_message(message: BaseMessage) -> str:
    """One transcript line per message, tool calls and tool results included."""
    text = _clip(message_text(message))
    if isinstance(message, HumanMessage):
        return f"User: {text}"
    if isinstance(message, ToolMessage):
        return f"Tool result ({message.name or 'tool'}): {text}"
    if isinstance(message, AIMessage) and message.tool_calls:
        calls = ", ".join(f"{call['name']}({call['args']})" for call in message.tool_calls)
        return f"Assistant called tools: {calls}" + (f" - {text}" if text else "")
    return f"Assistant: {text}"


def render_transcript(messages: Sequence[BaseMessage]) -> str:
    """The turns to summarize as plain text."""
    return "\n".join(_render_message(message) for message in messages)


INCREMENTAL_PROMPT = """Update the running summary of a conversation with the new messages below.

Rules:
- Write in the same language as the conversation.
- Keep every name, number, date, decision and preference from the previous summary and the new
  messages; later statements override earlier ones; drop greetings and filler.
- Write in the third person as one plain paragraph of about {target_length} characters.

Previous summary:
{previous}

New messages since the last summary:
{transcript}

Updated summary (about {target_length} characters):"""


def get_incremental_prompt(previous: str, messages: Sequence[BaseMessage], target_length: int) -> str:
    """Seed 001's versioned summary: the previous summary plus only the messages since it."""
    return INCREMENTAL_PROMPT.format(
        target_length=max(target_length, 1), previous=previous, transcript=render_transcript(messages)
    )


def get_prompt(messages: Sequence[BaseMessage], target_length: int) -> str:
    """The full summary request for these messages and this target length in characters."""
    return SUMMARY_PROMPT.format(
        target_length=max(target_length, 1), transcript=render_transcript(messages)
    )
