"""A turn starts at the person's message and is completed at the final answer: every helper of `state.turns`
reads the same turns, and the contract's `graph.context` functions are these."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage

import graph.context
import state.turns
from state.turns import (
    before_turn,
    completed_turn_count,
    has_unfinished_turn,
    latest_user_text,
    numbered,
    question_indexes,
    question_of,
    split_turns,
    turns_of,
)
from tests.conftest import plain_turn, tool_turn

pytestmark = pytest.mark.unit


def test_a_completed_transcript_has_the_same_turns_from_its_questions_and_from_its_answers():
    messages = plain_turn(1) + tool_turn(2) + plain_turn(3)
    completed, current = split_turns(messages)
    assert current == []
    assert [[question, *answer] for _, question, answer in turns_of(messages)] == completed
    assert [number for number, _, _ in turns_of(messages)] == [1, 2, 3]
    assert [turn for turn, message in numbered(messages) if isinstance(message, HumanMessage)] == [1, 2, 3]
    assert [messages[start] for start in question_indexes(messages)] == [turn[0] for turn in completed]


def test_a_question_waiting_for_its_answer_is_the_turn_in_progress():
    messages = plain_turn(1) + [HumanMessage("second question", id="q2")]
    assert completed_turn_count(messages) == 1 and has_unfinished_turn(messages)
    assert latest_user_text({"messages": messages}) == "second question"
    assert not has_unfinished_turn(plain_turn(1)) and latest_user_text({"messages": plain_turn(1)}) == ""


def test_what_comes_before_the_first_question_is_turn_0_on_the_page_and_in_the_export():
    greeting = AIMessage("Hello!", id="hello")
    messages = [greeting, *plain_turn(1)]
    assert turns_of(messages)[0] == (0, None, [greeting])
    assert numbered(messages)[:2] == [(0, greeting), (1, messages[1])]
    assert [message for _, message in numbered(messages)] == messages


def test_a_turns_question_and_what_came_before_it():
    messages = plain_turn(1) + plain_turn(2)
    assert question_of(messages, 2) is messages[2]
    assert question_of(messages, 0) is None and question_of(messages, 3) is None
    assert before_turn(messages, 2) == messages[:2]
    assert before_turn(messages, 3) == messages


def test_the_contracts_turn_functions_are_the_ones_defined_here():
    for name in ("split_turns", "extract_last_n_turns", "extract_current_turn", "is_turn_end", "latest_user_text"):
        assert getattr(graph.context, name) is getattr(state.turns, name)
