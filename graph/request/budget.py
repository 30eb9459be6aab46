"""One model request by part, and the ways a part gives way to a budget, shortening the request, never the
transcript: earlier messages lose old tool results (seed 004) and long text (seed 001); last, the last turn and
the current one are shortened with a visible note. `graph.request.layout` decides when (seldom, and deep).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from langchain_core.messages import BaseMessage, HumanMessage, ToolMessage

from graph.request.tokens import count_messages, count_text, cut_to_tokens
from prompt.request_notes import EARLIER_SHORTENED, OMITTED_NOTE, PINNED_HEADER, RECENT_SHORTENED, TOOL_PLACEHOLDER
from state import SummaryRecord
from state.turns import message_text

EARLIER_MESSAGE_CHARS = 2000
SETTING_SHARE = 0.15  # a person's system prompt, agent prompt and reminder may each take this share of the budget
PIN_SHARE = 0.25  # pinned messages outside the raw turns may take this share of the budget together
NOTE_TOKENS = 24  # what the note on a shortened message costs


def setting_limit(budget: int) -> int:
    """The most tokens a system prompt, agent prompt or reminder may have within `budget`."""
    return int(budget * SETTING_SHARE)


def within_tokens(text: str, tokens: int, note: str) -> str:
    """`text` cut to `tokens` tokens, note included, saying how much was left out."""
    if count_text(text) <= tokens:
        return text
    kept = cut_to_tokens(text, tokens - NOTE_TOKENS)
    return OMITTED_NOTE.format(kept=kept, note=note, omitted=len(text) - len(kept))


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
    lines = [f"- {'user' if isinstance(m, HumanMessage) else 'assistant'}: "
             f"{message_text(shorten(m, EARLIER_MESSAGE_CHARS, EARLIER_SHORTENED))}" for m in pinned]
    return [HumanMessage("\n".join([PINNED_HEADER, *lines]))]


def pins_within_share(pinned: Sequence[BaseMessage], budget: int | None) -> list[BaseMessage]:
    """The newest pinned messages that fit their share of `budget` together: the oldest leave first."""
    if not budget:
        return list(pinned)
    limit, low, high = int(budget * PIN_SHARE), 0, len(pinned)  # how many of the newest fit: between low and high
    while low < high:
        middle = (low + high + 1) // 2
        if count_messages(pinned_message(pinned[len(pinned) - middle:])) <= limit:
            low = middle
        else:
            high = middle - 1
    return list(pinned[len(pinned) - low:])


@dataclass
class RequestParts:
    """One model request by part, oldest to newest as the model reads it."""

    render_system: Callable[[Sequence[SummaryRecord]], BaseMessage]
    summaries: list[SummaryRecord]
    raw_turns: list[list[BaseMessage]]
    current: list[BaseMessage]
    pinned: list[BaseMessage] = field(default_factory=list)
    recalled: list[BaseMessage] = field(default_factory=list)  # what this turn shows first: recall, documents
    following: list[BaseMessage] = field(default_factory=list)  # what a question asking back brought: after it
    preface: list[BaseMessage] = field(default_factory=list)  # the agent prompt: the same every turn, up front
    after: list[BaseMessage] = field(default_factory=list)  # reminders at the very end
    pinned_ids: frozenset[str] = frozenset()
    raw_numbers: list[int] = field(default_factory=list)  # each raw turn's number
    anchored: list[list[BaseMessage]] = field(default_factory=list)  # what stands in front of each raw turn

    def __post_init__(self) -> None:
        if len(self.raw_numbers) != len(self.raw_turns):
            self.raw_numbers = list(range(1, len(self.raw_turns) + 1))

    def system(self) -> BaseMessage:
        return self.render_system(self.summaries)

    def raw(self) -> list[BaseMessage]:
        return [message for turn in self.raw_turns for message in turn]

    def shown_before(self) -> list[BaseMessage]:
        """The blocks earlier turns showed, each still in front of its turn."""
        return [message for block in self.anchored for message in block]

    def shown(self) -> list[BaseMessage]:
        """Every block the request carries: earlier turns', and this turn's before and after its message."""
        return [*self.shown_before(), *self.recalled, *self.following]

    def messages(self) -> list[BaseMessage]:
        """The request in order: what never changes first, what is new last."""
        anchored = self.anchored if len(self.anchored) == len(self.raw_turns) else [[] for _ in self.raw_turns]
        raw = [message for block, turn in zip(anchored, self.raw_turns, strict=True) for message in [*block, *turn]]
        return [self.system(), *self.preface, *pinned_message(self.pinned), *raw, *self.recalled, *self.current,
                *self.following, *self.after]

    def tokens(self) -> int:
        return count_messages(self.messages())


def earlier_form(turn: Sequence[BaseMessage], pinned_ids: frozenset[str]) -> list[BaseMessage]:
    """A turn before the last cut as the request carries it: tool results as a placeholder, long text shortened."""
    return [_earlier(message, pinned_ids) for message in turn]


def _earlier(message: BaseMessage, pinned_ids: frozenset[str]) -> BaseMessage:
    if isinstance(message, ToolMessage) and message.id not in pinned_ids:
        return message.model_copy(update={"content": TOOL_PLACEHOLDER})
    return shorten(message, EARLIER_MESSAGE_CHARS, EARLIER_SHORTENED)


def shorten_recent(parts: RequestParts, budget_tokens: int) -> RequestParts:
    """Cut the last raw turn's and the current turn's long messages to share what budget is left."""
    last = parts.raw_turns[-1] if parts.raw_turns else []
    fixed = replace(parts, raw_turns=parts.raw_turns[:-1], raw_numbers=parts.raw_numbers[:-1],
                    anchored=parts.anchored[:-1], current=[])
    recent = [*last, *parts.current]
    spare = budget_tokens - fixed.tokens() - 8 * len(recent)
    per_message = max(spare, 0) // max(len(recent), 1)
    cut = [_within(message, per_message) for message in recent]
    raw = [*parts.raw_turns[:-1], cut[: len(last)]] if last else parts.raw_turns
    return replace(parts, raw_turns=raw, current=cut[len(last):])


def _within(message: BaseMessage, tokens: int) -> BaseMessage:
    text = message_text(message)
    shortened = within_tokens(text, tokens, RECENT_SHORTENED)
    return message if shortened == text else message.model_copy(update={"content": shortened})


def within_budget(parts: RequestParts, budget_tokens: int) -> RequestParts:
    """The last resort, so no request is ever over its budget: pinned messages left out, oldest first (the person's
    message is never shortened for them), then the recent long messages shortened, the oldest summaries and the
    oldest raw turns left out until it fits."""
    while parts.tokens() > budget_tokens and parts.pinned:
        parts = replace(parts, pinned=parts.pinned[1:])
    parts = shorten_recent(parts, budget_tokens) if parts.tokens() > budget_tokens else parts
    while parts.tokens() > budget_tokens and parts.summaries:
        parts = replace(parts, summaries=parts.summaries[1:])
    while parts.tokens() > budget_tokens and parts.raw_turns:
        anchored = parts.anchored[1:] if len(parts.anchored) == len(parts.raw_turns) else parts.anchored
        parts = replace(parts, raw_turns=parts.raw_turns[1:], raw_numbers=parts.raw_numbers[1:], anchored=anchored)
    return shorten_recent(parts, budget_tokens) if parts.tokens() > budget_tokens else parts
