"""A chat's title without a model is the gist of its first message; a model's title is read from its reply."""

import pytest

from prompt.title import parse_title
from state.titles import GIST_CHARS, gist_title

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("message", "title"), [
    ("Hi! Can you help me plan a 5-day trip to Kyoto in April with my kids?", "Plan a 5-day trip to Kyoto in April…"),
    ("What is the capital of France?", "Capital of France"),
    ("Hey there, I need to write a cover letter for a data analyst job. Any tips?",
     "Write a cover letter for a data analyst…"),
    ("Plan a trip to Busan in May", "Plan a trip to Busan in May"),
    ("안녕하세요! 부산 여행 계획 좀 짜줘", "부산 여행 계획"),
    ("你好，帮我计划一下去上海的旅行", "计划一下去上海的旅行"),
    ("hello", "Hello"),  # a greeting alone stays what it is
    ("17 * 23", "17 * 23"),
])
def test_the_gist_drops_greetings_and_asking_and_keeps_what_is_asked(message: str, title: str):
    assert gist_title(message) == title


def test_a_long_first_message_gives_a_short_title_cut_between_words():
    title = gist_title("Summarize this article about the history of the printing press in Europe and Asia, "
                       "from woodblocks to Gutenberg and beyond, in five bullet points")
    assert len(title) <= GIST_CHARS + 1 and title.endswith("…") and " " in title
    assert title.startswith("Summarize this article about the history")


def test_an_empty_message_has_no_title():
    assert gist_title("") == "" and gist_title("   \n ") == ""


@pytest.mark.parametrize(("reply", "title"), [
    ("Kyoto Family Trip", "Kyoto Family Trip"),
    ('Title: "Kyoto Family Trip".\nHope this helps!', "Kyoto Family Trip"),
    ("제목: 부산 여행 계획", "부산 여행 계획"),
    ("**Trip planning**", "Trip planning"),
    ("# Not a heading, [a link](http://x) and *stars*", "# Not a heading, [a link](http://x) and *stars*"),
    ("", None),
    ("x" * 200, None),
])
def test_a_models_title_is_its_first_line_without_label_quotes_or_full_stop(reply: str, title: str | None):
    assert parse_title(reply) == title
