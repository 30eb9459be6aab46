"""Keep a model request within one budget by shortening the request, never the transcript.

A request is held by part, so each part gives way in its own order when the total is over:
earlier messages first lose old tool results (seed 004) and long text (seed 001); then the
oldest summaries leave the system message; then the oldest raw turns leave whole (the last
completed turn always stays, pinned messages move to the pinned block); then the recalled
turns; last, the last turn and the current one are shortened with a visible note.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from langchain_core.messages import BaseMessage, HumanMessage, ToolMessage

from graph.request.tokens import count_messages
from prompt.context import EARLIER_SHORTENED, OMITTED_NOTE, PINNED_HEADER, RECENT_SHORTENED, TOOL_PLACEHOLDER
from state import SummaryRecord
from state.messages import message_text

EARLIER_MESSAGE_CHARS = 2000
CHARS_PER_TOKEN_FLOOR = 2  # conservative: most text has more characters per token


def shorten(message: BaseMessage, limit: int, note: str) -> BaseMessage:
    """A copy of `message` cut to `limit` characters with a note saying how much was left out."""
    text = message_text(message)
    if len(text) <= limit:
        return message
    kept = text[: max(limit, 0)]
    content = OMITTED_NOTE.format(kept=kept, note=note, omitted=len(text) - len(kept))
    return message.model_copy(update={"content": content})


def pinned_message(pinned: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Pinned messages of turns outside the raw context, as one user message after the system message."""
    if not pinned:
        return []
    lines = [f"- {'user' if isinstance(m, HumanMessage) else 'assistant'}: {message_text(m)}" for m in pinned]
    return [HumanMessage("\n".join([PINNED_HEADER, *lines]))]


@dataclass
class RequestParts:
    """One model request by part, oldest to newest as the model reads it."""

    render_system: Callable[[Sequence[SummaryRecord]], BaseMessage]
    summaries: list[SummaryRecord]
    raw_turns: list[list[BaseMessage]]
    current: list[BaseMessage]
    pinned: list[BaseMessage] = field(default_factory=list)
    recalled: list[BaseMessage] = field(default_factory=list)
    inserted: list[BaseMessage] = field(default_factory=list)  # documents, agent prompt: above the current turn
    after: list[BaseMessage] = field(default_factory=list)  # reminders at the very end
    pinned_ids: frozenset[str] = frozenset()

    def system(self) -> BaseMessage:
        return self.render_system(self.summaries)

    def raw(self) -> list[BaseMessage]:
        return [message for turn in self.raw_turns for message in turn]

    def messages(self) -> list[BaseMessage]:
        """The request in order."""
        return [self.system(), *pinned_message(self.pinned), *self.raw(), *self.recalled, *self.inserted,
                *self.current, *self.after]

    def tokens(self) -> int:
        return count_messages(self.messages())


def _earlier(message: BaseMessage, pinned_ids: frozenset[str]) -> BaseMessage:
    if message.id in pinned_ids:
        return message
    if isinstance(message, ToolMessage):
        return message.model_copy(update={"content": TOOL_PLACEHOLDER})
    return shorten(message, EARLIER_MESSAGE_CHARS, EARLIER_SHORTENED)


def fit_request(parts: RequestParts, budget_tokens: int | None) -> RequestParts:
    """The request within `budget_tokens` (unchanged when it fits or there is no budget)."""
    if not budget_tokens or parts.tokens() <= budget_tokens:
        return parts
    parts = replace(parts, summaries=list(parts.summaries), pinned=list(parts.pinned),
                    raw_turns=[[_earlier(m, parts.pinned_ids) for m in turn] for turn in parts.raw_turns])
    while parts.summaries and parts.tokens() > budget_tokens:
        parts.summaries.pop(0)
    while len(parts.raw_turns) > 1 and parts.tokens() > budget_tokens:
        dropped = parts.raw_turns.pop(0)
        parts.pinned.extend(m for m in dropped if m.id in parts.pinned_ids)
    if parts.recalled and parts.tokens() > budget_tokens:
        parts.recalled = []
    if parts.tokens() > budget_tokens:
        parts = _shorten_recent(parts, budget_tokens)
    return parts


def _shorten_recent(parts: RequestParts, budget_tokens: int) -> RequestParts:
    """Cut the last raw turn's and the current turn's long messages to share what budget is left."""
    last = parts.raw_turns[-1] if parts.raw_turns else []
    fixed = replace(parts, raw_turns=parts.raw_turns[:-1], current=[])
    recent = [*last, *parts.current]
    spare = budget_tokens - fixed.tokens() - 8 * len(recent)
    per_message = max(spare, 0) * CHARS_PER_TOKEN_FLOOR // max(len(recent), 1)
    cut = [shorten(message, per_message, RECENT_SHORTENED) for message in recent]
    raw = [*parts.raw_turns[:-1], cut[: len(last)]] if last else parts.raw_turns
    return replace(parts, raw_turns=raw, current=cut[len(last):])
