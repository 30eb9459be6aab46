"""Seed 000's unit tests: the summary trigger, turn extraction and the blocks due for a summary."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.context import (
    extract_current_turn,
    extract_last_n_turns,
    pending_summary_blocks,
    should_summarize,
    split_turns,
)
from tests.conftest import plain_turn, tool_turn, transcript

pytestmark = pytest.mark.unit


def record(first: int, text: str = "summary") -> dict:
    turns = [first, first + 1, first + 2]
    return {
        "thread_id": "s1", "turns": turns, "turn_length": 3, "original_chars": 100,
        "summary_chars": len(text), "compression_rate": 0.3, "summary": f"{text} {first}-{first + 2}",
    }


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_should_summarize_false_for_first_three_turns(turn):
    assert should_summarize(turn) is False


@pytest.mark.parametrize("turn", [4, 7, 10, 13, 16, 49])
def test_should_summarize_true_every_three_turns_from_four(turn):
    assert should_summarize(turn) is True


@pytest.mark.parametrize("turn", [0, -3, 5, 6, 8, 9, 11, 12, 50])
def test_should_summarize_false_elsewhere(turn):
    assert should_summarize(turn) is False


def test_extract_last_n_turns_returns_whole_tool_turns_in_order():
    messages = plain_turn(1) + tool_turn(2) + plain_turn(3)
    assert extract_last_n_turns(messages, 2) == tool_turn(2) + plain_turn(3)


def test_extract_last_n_turns_excludes_turn_in_progress():
    in_progress = [HumanMessage("q4"), AIMessage("", tool_calls=[{"name": "calculator", "args": {}, "id": "x"}])]
    messages = transcript(3) + in_progress
    assert extract_last_n_turns(messages, 1) == plain_turn(3)


@pytest.mark.parametrize("n", [0, -1])
def test_extract_last_n_turns_non_positive_n_is_empty(n):
    assert extract_last_n_turns(transcript(3), n) == []


def test_extract_last_n_turns_more_than_available_gives_all():
    assert extract_last_n_turns(transcript(2), 5) == transcript(2)


def test_ai_message_with_empty_tool_calls_ends_a_turn():
    messages = [HumanMessage("hi"), AIMessage("hello", tool_calls=[])]
    assert split_turns(messages) == ([messages], [])


def test_extract_current_turn_after_last_completed_turn():
    current = [HumanMessage("q3"), AIMessage("", tool_calls=[{"name": "calculator", "args": {}, "id": "a"}]),
               ToolMessage("1", tool_call_id="a")]
    assert extract_current_turn(transcript(2) + current) == current


def test_extract_current_turn_without_completed_turns_is_everything():
    messages = [HumanMessage("first")]
    assert extract_current_turn(messages) == messages


def test_extract_current_turn_after_a_completed_turn_is_empty():
    assert extract_current_turn(transcript(2)) == []


def test_pending_blocks_are_whole_three_turn_blocks_after_the_covered_turns():
    messages = transcript(7, tool_every=2)
    blocks = pending_summary_blocks(messages, [record(1)])
    assert [turns for turns, _ in blocks] == [[4, 5, 6]]
    assert blocks[0][1] == tool_turn(4) + plain_turn(5) + tool_turn(6)


def test_pending_blocks_catch_up_on_a_backlog():
    assert [turns for turns, _ in pending_summary_blocks(transcript(7), [])] == [[1, 2, 3], [4, 5, 6]]
