"""A question about someone described rather than named ("my climbing partner's job"): the quote that names them,
then what was said of them that answers; no answer about them, no second quote; the relative "who" in a description
asks for no one."""

import pytest

from graph.recall.asked import kind_asked
from graph.recall.lead import answering_quotes, memory_lead

pytestmark = pytest.mark.unit


def conversation(language: str, lines: list[tuple[str, float]]) -> list[dict]:
    """Four lines about other things (measured far from the question), then the given ones, at turns 10 and on."""
    filler = {"en": ["The bus was late again.", "My desk plant has a new leaf.", "It rained all day.",
                     "I watched a whale documentary."],
              "zh": ["公交车又晚点了。", "桌上的绿植长新叶子了。", "下了一整天雨。", "看了部鲸鱼纪录片。"]}[language]
    said = [*((text, 0.80 + 0.002 * at) for at, text in enumerate(filler)), *lines]
    turns = [*range(1, len(filler) + 1), *range(10, 10 + len(lines))]
    return [{"turn": turn, "rank": turn, "meaning": {text: meaning},
             "record": {"turn": turn, "date": "2026-09-20", "user": text, "assistant": "Got it."}}
            for turn, (text, meaning) in zip(turns, said, strict=True)]


@pytest.mark.parametrize(("language", "question", "described", "answer"), [
    ("en", "What does my climbing partner do for work?", "Tonight's climbing night with Hayoung! We go every Monday.",
     "Hayoung is a sign language interpreter, she signs the news."),
    ("zh", "常跟我去攀岩的那位是做什么工作的？", "今晚跟小何去攀岩！每周一都去。",
     "小何是手语翻译，新闻里那个小框就是他。"),
])
def test_who_is_described_is_found_first_then_what_was_said_of_them(language, question, described, answer):
    recalled = conversation(language, [(described, 0.93), (answer, 0.84)])
    assert [quote.line.turn for quote in answering_quotes(question, recalled)] == [10, 11]
    lead = memory_lead(question, recalled)
    assert described.split("！")[0].split("!")[0] in lead and answer.split("，")[0].split(",")[0] in lead


def test_nothing_said_of_them_that_answers_leaves_the_description_alone():
    recalled = conversation("en", [("Tonight's climbing night with Hayoung! We go every Monday.", 0.93),
                                   ("Hayoung loves spicy noodles.", 0.84)])
    turns = [quote.line.turn for quote in answering_quotes("What does my climbing partner do for work?", recalled)]
    assert 11 not in turns and len(turns) <= 1


@pytest.mark.parametrize(("question", "kind"), [
    ("Where is the coworker who used to be a barista from?", "place"),
    ("How does the friend who got me into ceramics earn her living?", "job"),
    ("Who's my mechanic?", "who"), ("And who fixed the AC?", "who"), ("With whom did I travel?", "who"),
])
def test_a_relative_who_in_a_description_asks_for_no_one(question, kind):
    asked = kind_asked(question)
    assert asked and asked.name == kind


def test_a_question_about_a_thing_looks_for_no_one():
    recalled = conversation("en", [("The design review committee meets October 14. Director Choi loves it.", 0.93),
                                   ("Director Choi flies to Busan on October 20.", 0.84)])
    question = "When is the committee review for the library?"
    assert [quote.line.turn for quote in answering_quotes(question, recalled)] == [10]


def test_what_was_said_of_them_is_found_even_when_another_line_is_quoted_first():
    recalled = conversation("en", [("Tonight's climbing night with Hayoung! We go every Monday.", 0.93),
                                   ("Hayoung is a sign language interpreter.", 0.84),
                                   ("My brother-in-law is an air traffic controller and works at night.", 0.94)])
    turns = [quote.line.turn for quote in answering_quotes("What does my climbing partner do for work?", recalled)]
    assert turns == [10, 11]
