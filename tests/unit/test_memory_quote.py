"""The person's own words that answer a question about them: the sentence that shares the question's words,
quoted with its turn and day, in the question's language; nothing when nothing said matches."""

import pytest

from graph.recall.quote import best_quote, led_by_quote, memory_lead, stems


def item(turn: int, user: str, date: str = "2026-11-19") -> dict:
    return {"turn": turn, "record": {"turn": turn, "date": date, "user": user, "assistant": "I live in Tokyo."}}


RECALLED = [
    item(9, "Where does my sister live again?"),
    item(2, "My sister's name is Hana and she lives in Busan. I like green tea."),
    item(4, "I have a meeting with my landlord on March 14 at 3pm. My monthly rent budget is 1,850 dollars."),
    item(6, "내 여동생은 부산에 살아. 이름은 하나야."),
    item(7, "我的航班号是KE123，酒店在明洞。"),
]


@pytest.mark.parametrize(("question", "lead"), [
    ("Where does my sister live?",
     'You said on turn 2 (2026-11-19): "My sister\'s name is Hana and she lives in Busan."'),
    ("When is my meeting?", 'You said on turn 4 (2026-11-19): "I have a meeting with my landlord on March 14 at 3pm."'),
    ("What is my monthly rent budget?", 'You said on turn 4 (2026-11-19): "My monthly rent budget is 1,850 dollars."'),
    ("내 여동생은 어디에 살아?", '6턴(2026-11-19)에 이렇게 말씀하셨어요: "내 여동생은 부산에 살아."'),
    ("我的航班号是多少？", "您在第7轮（2026-11-19）说过：“我的航班号是KE123，酒店在明洞。”"),
])
def test_the_sentence_that_answers_is_quoted_with_its_turn_and_day(question, lead):
    assert memory_lead(question, RECALLED) == lead


@pytest.mark.parametrize("question", ["What is the capital of France?", "Where do I work?", "What?", ""])
def test_a_question_nothing_said_answers_gets_no_quote(question):
    assert memory_lead(question, RECALLED) == ""


def test_only_the_persons_statements_are_quoted_never_the_assistants_or_their_own_questions():
    quote = best_quote("Where does my sister live?", [item(9, "Where does my sister live again?"),
                                                     item(3, "I moved last year.")])
    assert quote is None
    assert best_quote("Where do I live?", [item(2, "Hello there.")]) is None  # "I live in Tokyo" is the model's


def test_words_meet_across_their_forms():
    assert stems("lives living lived") == stems("live") == {"liv"}
    assert stems("여동생은 여동생이") == {"여동생"}


@pytest.mark.parametrize(("reply", "follows"), [
    ("She lives in Busan with her family.", True),
    ("I live in Tokyo, Japan.", False),
    ("Your meeting is at 1pm next week.", False),
    ("", False),
])
def test_the_models_text_follows_the_quote_only_when_it_agrees(reply, follows):
    lead = 'You said on turn 2 (2026-11-19): "My sister\'s name is Hana and she lives in Busan."'
    shown = led_by_quote(lead, "Where does my sister live?", reply)
    assert shown == (f"{lead}\n\n{reply}" if follows else lead)


def test_a_documents_line_is_quoted_with_its_name_before_recalled_turns():
    notes = {"title": "notes.txt", "contents": "Trip notes.\nFlight KE123 departs Incheon at 9:40 on May 3.\n"
                                               "Hotel confirmation: HX-5521."}
    assert memory_lead("What is my flight number?", RECALLED, [notes]) == \
        'From notes.txt: "Flight KE123 departs Incheon at 9:40 on May 3."'
    assert memory_lead("hotel confirmation 알려줘", [], [notes]) == \
        'notes.txt에 이렇게 적혀 있어요: "Hotel confirmation: HX-5521."'
