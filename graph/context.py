"""Pure turn functions: where turns begin and end, which are summarized, and when a summary is due."""

from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from graph.storage.speedups.transcript_splits import Split, remembered_split
from state import SummaryRecord
from state.messages import message_text

TURNS_PER_SUMMARY = 3


def should_summarize(turn_count: int) -> bool:
    """True on turns 4, 7, 10, ...: the three turns before them are ready to summarize."""
    if turn_count < 4:
        return False
    return (turn_count - 1) % TURNS_PER_SUMMARY == 0


def is_turn_end(message: BaseMessage) -> bool:
    """A turn ends at the assistant's final answer: an AIMessage without tool calls."""
    return isinstance(message, AIMessage) and not message.tool_calls


def split_turns(messages: Sequence[BaseMessage]) -> tuple[list[list[BaseMessage]], list[BaseMessage]]:
    """Split a transcript into its completed turns and the turn still in progress (remembered: see
    `graph.storage.speedups.transcript_splits`; callers get their own outer lists, the turns inside are shared
    and never changed)."""
    known = remembered_split(messages, _split_on)
    return list(known[0]), list(known[1])


def _split_on(messages: Sequence[BaseMessage], done: int, start: Split) -> Split:
    """The split of `messages`, made on from `start`, the split of its first `done` messages."""
    known_turns, known_current = start
    turns: list[list[BaseMessage]] = list(known_turns)
    current: list[BaseMessage] = list(known_current)
    for message in messages[done:]:
        current.append(message)
        if is_turn_end(message):
            turns.append(current)
            current = []
    return turns, current


def extract_last_n_turns(messages: Sequence[BaseMessage], n: int) -> list[BaseMessage]:
    """Messages of the last n completed turns, in order; the turn in progress is left out."""
    if n <= 0:
        return []
    turns, _ = split_turns(messages)
    return [message for turn in turns[-n:] for message in turn]


def extract_current_turn(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """Every message after the last completed turn."""
    for index in range(len(messages) - 1, -1, -1):
        if is_turn_end(messages[index]):
            return list(messages[index + 1 :])
    return list(messages)


def covered_turn_count(summary_history: Sequence[SummaryRecord]) -> int:
    """How many leading turns the summaries cover (the highest summarized turn number)."""
    return max((max(record["turns"]) for record in summary_history if record["turns"]), default=0)


def first_raw_turn(summary_history: Sequence[SummaryRecord], completed: int, keep_last_turn: bool) -> int:
    """The first completed turn a request carries raw: the first no summary covers, or, keeping the last turn, the
    last one the latest summary covers (it stays raw until the next summary, so the request only grows meanwhile)."""
    covered = covered_turn_count(summary_history)
    if keep_last_turn and covered:
        return min(covered, completed)
    return covered + 1


def pending_summary_blocks(
    messages: Sequence[BaseMessage], summary_history: Sequence[SummaryRecord]
) -> list[tuple[list[int], list[BaseMessage]]]:
    """Full blocks of three completed, not yet summarized turns, oldest first, with their numbers."""
    turns, _ = split_turns(messages)
    covered = covered_turn_count(summary_history)
    blocks = []
    start = covered
    while start + TURNS_PER_SUMMARY <= len(turns):
        numbers = list(range(start + 1, start + TURNS_PER_SUMMARY + 1))
        block = [message for turn in turns[start : start + TURNS_PER_SUMMARY] for message in turn]
        blocks.append((numbers, block))
        start += TURNS_PER_SUMMARY
    return blocks


def latest_user_text(state: Mapping[str, Any]) -> str:
    """The text of the newest user message of the turn in progress."""
    for message in reversed(extract_current_turn(state.get("messages", []))):
        if isinstance(message, HumanMessage):
            return message_text(message)
    return ""
