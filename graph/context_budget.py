"""Keep the context under a share of the model's window by shortening the context, never the transcript.

In order: old tool results become a placeholder (seed 004) and long messages of earlier
turns are cut to 2,000 characters (seed 001); then the oldest raw turns leave the context
(whole turns only); last, the current turn's long messages are cut with a visible note.
"""

from collections.abc import Sequence

from langchain_core.messages import BaseMessage, ToolMessage

from graph.context import message_text, split_turns
from graph.tokens import count_messages

DEFAULT_WINDOW_SHARE = 0.6
EARLIER_MESSAGE_CHARS = 2000
TOOL_PLACEHOLDER = "[tool result no longer available in the context]"
CHARS_PER_TOKEN_FLOOR = 2  # conservative: most text has more characters per token


def shorten(message: BaseMessage, limit: int, note: str) -> BaseMessage:
    """A copy of `message` cut to `limit` characters with a note saying how much was left out."""
    text = message_text(message)
    if len(text) <= limit:
        return message
    kept = text[: max(limit, 0)]
    return message.model_copy(update={"content": f"{kept}\n[{note}: {len(text) - len(kept):,} characters omitted]"})


def _earlier(message: BaseMessage) -> BaseMessage:
    if isinstance(message, ToolMessage):
        return message.model_copy(update={"content": TOOL_PLACEHOLDER})
    return shorten(message, EARLIER_MESSAGE_CHARS, "shortened for the model")


def fit_context(context: Sequence[BaseMessage], current_count: int, budget_tokens: int | None) -> list[BaseMessage]:
    """The context within `budget_tokens`; `current_count` trailing messages are the current turn."""
    messages = list(context)
    if not budget_tokens or count_messages(messages) <= budget_tokens:
        return messages
    system, current = messages[0], messages[len(messages) - current_count :]
    earlier = [_earlier(message) for message in messages[1 : len(messages) - current_count]]
    turns, rest = split_turns(earlier)
    turns = turns + ([rest] if rest else [])
    while turns and count_messages([system, *(m for t in turns for m in t), *current]) > budget_tokens:
        turns.pop(0)
    earlier = [message for turn in turns for message in turn]
    spare = budget_tokens - count_messages([system, *earlier])
    if count_messages([*current]) > spare:
        per_message = max(spare, 0) * CHARS_PER_TOKEN_FLOOR // max(len(current), 1)
        current = [shorten(message, per_message, "message shortened for the model; the chat keeps it whole")
                   for message in current]
    return [system, *earlier, *current]
