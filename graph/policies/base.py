"""The one interface every context policy implements: when to summarize, and what the context carries."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from langchain_core.messages import BaseMessage

from graph.context import covered_turn_count
from state import SummaryRecord
from state.turns import split_turns

Block = tuple[list[int], list[BaseMessage]]


@dataclass(frozen=True)
class PolicyInput:
    """What a policy looks at to decide whether to summarize now."""

    messages: Sequence[BaseMessage]
    history: Sequence[SummaryRecord]
    context_window: int
    fixed_tokens: int  # system prompt and tool definitions


@dataclass(frozen=True)
class ContextPolicy:
    """A context strategy from the seeds.

    due: the blocks of whole turns to summarize now (oldest first).
    incremental: a new summary folds the previous one in (seeds 001, 002): it covers turns 1..n.
    summaries_in_context: how many of the latest summaries the context carries (None: all).
    message_chars: messages are cut to this many characters in the context (seed 001).
    consolidates: old summaries merge into higher levels past the summary budget (seed 000).
    announces_compression: a summary is reported as "context compressed", tokens before and after (seed 002).
    """

    name: str
    label: str
    due: Callable[[PolicyInput], list[Block]]
    incremental: bool = False
    summaries_in_context: int | None = None
    message_chars: int | None = None
    consolidates: bool = False
    announces_compression: bool = False

    def previous(self, history: Sequence[SummaryRecord]) -> SummaryRecord | None:
        """The record a new summary folds in: the latest one, for incremental policies."""
        return history[-1] if self.incremental and history else None

    def carried(self, history: Sequence[SummaryRecord]) -> list[SummaryRecord]:
        """The summaries the system prompt carries under this policy."""
        if self.incremental:
            return list(history[-1:])
        if self.summaries_in_context is not None:
            return list(history[-self.summaries_in_context :])
        return list(history)


def uncovered_turns(view: PolicyInput) -> tuple[int, list[list[BaseMessage]]]:
    """The number of turns summaries cover, and the completed turns after them."""
    turns, _ = split_turns(view.messages)
    covered = covered_turn_count(view.history)
    return covered, turns[covered:]


def keep_recent(turns: list[list[BaseMessage]], messages: int = 0, rounds: int = 0) -> int:
    """How many trailing whole turns hold at least `messages` messages and `rounds` turns."""
    kept, count = 0, 0
    for turn in reversed(turns):
        if count >= messages and kept >= rounds:
            break
        kept += 1
        count += len(turn)
    return kept


def block_of(covered: int, turns: list[list[BaseMessage]], first_n: int) -> list[Block]:
    """The first `first_n` uncovered turns as one block numbered after the covered ones."""
    if first_n <= 0:
        return []
    numbers = list(range(covered + 1, covered + first_n + 1))
    return [(numbers, [message for turn in turns[:first_n] for message in turn])]
