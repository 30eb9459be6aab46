"""The request's context, as pure functions: when a summary is due, which turns the summaries cover and which a
request carries raw. What a turn is lives in `state.turns`; the contract's turn functions are importable here."""

from collections.abc import Sequence

from langchain_core.messages import BaseMessage

from state import SummaryRecord
from state.turns import extract_current_turn, extract_last_n_turns, is_turn_end, latest_user_text, split_turns

__all__ = ["TURNS_PER_SUMMARY", "covered_turn_count", "extract_current_turn", "extract_last_n_turns",
           "first_raw_turn", "is_turn_end", "latest_user_text", "pending_summary_blocks", "should_summarize",
           "split_turns"]

TURNS_PER_SUMMARY = 3


def should_summarize(turn_count: int) -> bool:
    """True on turns 4, 7, 10, ...: the three turns before them are ready to summarize."""
    if turn_count < 4:
        return False
    return (turn_count - 1) % TURNS_PER_SUMMARY == 0


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
