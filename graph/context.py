"""Pure turn functions: where turns begin and end, which are summarized, and when a summary is due."""

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

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


_SPLITS: OrderedDict[tuple, tuple[list[list[BaseMessage]], list[BaseMessage]]] = OrderedDict()
SPLITS_KEPT = 32


def _transcript_key(messages: Sequence[BaseMessage]) -> tuple | None:
    """Identifies a transcript by its length and message ids (they are unique and a transcript only grows)."""
    if not messages:
        return None
    picks = (messages[0].id, messages[len(messages) // 2].id, messages[-1].id)
    return None if None in picks else (len(messages), *picks)


def split_turns(messages: Sequence[BaseMessage]) -> tuple[list[list[BaseMessage]], list[BaseMessage]]:
    """Split a transcript into its completed turns and the turn still in progress.

    A turn asks this several times of the same transcript, and the next turn of the same transcript with a few
    messages more, so recent answers are kept and a longer transcript is split on from the longest one it
    begins with (callers get their own outer lists; the turns inside are shared and never changed).
    """
    key = _transcript_key(messages)
    known = _SPLITS.get(key) if key else None
    if known is None:
        known = _split_on(messages, _longest_known_start(messages))
        if key:
            _SPLITS[key] = known
            while len(_SPLITS) > SPLITS_KEPT:
                _SPLITS.popitem(last=False)
    return list(known[0]), list(known[1])


def _longest_known_start(messages: Sequence[BaseMessage]) -> tuple[int, tuple[list[list[BaseMessage]], list]]:
    """The longest split transcript this one begins with (same length-and-ids key on its first messages)."""
    best: tuple[int, tuple[list[list[BaseMessage]], list]] = (0, ([], []))
    for (length, first, middle, last), split in list(_SPLITS.items()):
        if best[0] < length <= len(messages) and messages[0].id == first and \
                messages[length // 2].id == middle and messages[length - 1].id == last:
            best = (length, split)
    return best


def _split_on(messages: Sequence[BaseMessage],
              start: tuple[int, tuple[list[list[BaseMessage]], list]]) -> tuple[list[list[BaseMessage]], list]:
    done, (known_turns, known_current) = start
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
