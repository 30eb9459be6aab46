"""The request layout on its own: what a turn shows stays in front of that turn's message, a later turn adds only
what is not there, documents keep the numbers they were shown under, and a cut goes deep once."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from graph.request.blocks import (
    asks_back,
    document_candidates,
    document_numbers,
    recall_candidates,
    recall_reach,
    render_block,
)
from graph.request.budget import RequestParts
from graph.request.layout import LOW_MARK, lay_out, without_kind, without_turn
from graph.request.reuse import fingerprint, read_before
from graph.request.tokens import count_messages
from state.turns import message_text

pytestmark = pytest.mark.unit


def parts_at(turn: int, words: int = 5) -> RequestParts:
    """Turns 1..turn-1 raw, then the current question."""
    turns = [[HumanMessage(f"question {n} " + "word " * words, id=f"h{n}"), AIMessage(f"answer {n}", id=f"a{n}")]
             for n in range(1, turn)]
    current = [HumanMessage(f"question {turn} " + "word " * words)]
    return RequestParts(lambda s: SystemMessage("Be kind."), [], turns, current,
                        raw_numbers=list(range(1, turn)))


def recalled(*turns: int) -> list[dict]:
    return [{"turn": n, "rank": rank, "tokens": 20, "text": f"(2026-01-0{n % 9 + 1}, turn {n}) fact {n}"}
            for rank, n in enumerate(turns, 1)]


def texts(parts: RequestParts) -> list[str]:
    return [message_text(m) for m in parts.messages()]


def test_a_block_stays_in_front_of_its_turn_and_is_not_shown_twice():
    first = lay_out(parts_at(5), None, 5, recall_candidates(recalled(1, 2)), 2_000, 0.08, render_block)
    second = lay_out(parts_at(6), first.frame, 6, recall_candidates(recalled(2, 3)), 2_000, 0.08, render_block)
    before, after = texts(first.parts), texts(second.parts)
    assert after[: len(before)] == before  # the request only grew
    assert [c.key for c in second.added] == ["turn:3"]  # turn 2 was there already
    assert sum("turn 2)" in text for text in after) == 1


def test_what_a_question_asking_back_recalled_follows_it_for_its_answer_only():
    asked = lay_out(parts_at(5), None, 5, recall_candidates(recalled(1, 2)), 2_000, 1.0, render_block)
    request = texts(asked.parts)
    assert request[-2].startswith("question 5") and "turn 1)" in request[-1]  # after the question
    after = lay_out(parts_at(6), asked.frame, 6, [], 2_000, 0.0, render_block)
    assert texts(after.parts)[: len(request) - 1] == request[:-1]  # the next turn grows from the question on
    assert not any("turn 1)" in text for text in texts(after.parts)) and not after.cut


def test_documents_keep_the_number_they_were_first_shown_under():
    memo = {"title": "memo.txt", "contents": "Mina's birthday is on May 3."}
    plan = {"title": "plan.md", "contents": "Ship on Thursday."}
    first = lay_out(parts_at(2), None, 2, document_candidates([memo]), 2_000, 0.03, render_block)
    second = lay_out(parts_at(3), first.frame, 3, document_candidates([memo, plan]), 2_000, 0.03, render_block)
    numbers = document_numbers(second.frame)
    assert sorted(numbers.values()) == [1, 2]
    assert '"document": 2' in message_text(second.parts.recalled[0]) and "plan.md" in message_text(
        second.parts.recalled[0])
    assert "memo.txt" not in message_text(second.parts.recalled[0])  # shown at turn 2, still there


def test_a_question_brings_back_little_and_a_question_about_the_person_much_more():
    many = recall_candidates(recalled(*range(1, 30)))
    told = lay_out(parts_at(31), None, 31, many, 4_000, recall_reach("Where is the key?"), render_block)
    asked = lay_out(parts_at(31), None, 31, many, 4_000, recall_reach("Where is my key?"), render_block)
    assert 0 < len(told.added) < len(asked.added)


def test_past_the_budget_the_request_is_cut_once_to_the_low_mark():
    frame = None
    cuts = []
    for turn in range(2, 60):
        laid = lay_out(parts_at(turn, words=30), frame, turn, [], 1_500, 0.03, render_block)
        frame = laid.frame
        assert count_messages(laid.parts.messages()) <= 1_500
        if laid.cut:
            cuts.append(turn)
            assert count_messages(laid.parts.messages()) <= 1_500 * LOW_MARK
    assert len(cuts) >= 2 and min(b - a for a, b in zip(cuts, cuts[1:], strict=False)) >= 3


def test_a_turn_taken_back_or_recall_switched_off_takes_its_blocks_along():
    laid = lay_out(parts_at(5), None, 5, recall_candidates(recalled(1, 2)), 2_000, 0.08, render_block)
    assert without_turn(laid.frame, 5)["blocks"] == []
    assert without_kind(laid.frame, "recall")["blocks"] == []


def test_a_question_about_the_person_asks_back_one_about_the_assistant_does_not():
    assert asks_back("What is my cat called?") and asks_back("When did Maria donate her car?")
    assert asks_back("Which martial art do I practise?") and asks_back("My cat, what was its name again?")
    assert asks_back("우리 언니 어디 살아?") and asks_back("我的猫叫什么？")
    assert not asks_back("How are you?") and not asks_back("I saw how it works.")
    assert recall_reach("Where is the spare key?") > recall_reach("I saw how it works.") == 0
    assert recall_reach("What did my sister say?") > recall_reach("Where is the spare key?")


def test_a_question_put_alone_naming_what_only_a_few_earlier_turns_said_asks_back_one_in_passing_does_not():
    assert recall_reach("What area was hit by a flood?", names_earlier=True) == recall_reach("What did I say?")
    assert recall_reach("What area was hit by a flood?") < recall_reach("What area was hit?", names_earlier=True)
    assert recall_reach("The flood was bad.", names_earlier=True) == 0
    in_passing = "The rain was awful. What area was hit by a flood?"
    assert recall_reach(in_passing, names_earlier=True) == recall_reach(in_passing) < recall_reach("What did I say?")


def test_a_greeting_a_pasted_speaker_or_me_as_an_object_does_not_make_a_question_ask_back():
    assert not asks_back("[11:54 am on 2 May, 2022] Joanna: Hey Nate, how's it going?")
    assert not asks_back("Wow, your new hair looks amazing! Tell me all about it!")
    assert not asks_back("Thanks, Caroline! What was it like?") and not asks_back("Want to share some with me?")
    assert asks_back("Hey Nate, where did Maria go?") and asks_back("Joanna: What did I say about Busan?")
    assert asks_back("Tell me what my sister said.") and asks_back("Tell me about Hana?")
    assert asks_back("Remind me, what was the address?")


def test_tokens_read_before_are_the_shared_start_of_two_requests():
    first = [SystemMessage("Be kind.\nline two"), HumanMessage("hello")]
    second = [*first, AIMessage("hi"), HumanMessage("how are you")]
    changed = [SystemMessage("Be kind.\nline 2"), HumanMessage("hello")]
    assert read_before(fingerprint(first), fingerprint(second)) == count_messages(first) - 2  # reply primer aside
    assert 0 < read_before(fingerprint(first), fingerprint(changed)) < read_before(fingerprint(first),
                                                                                    fingerprint(second))
