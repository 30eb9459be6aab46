"""Whether a Korean or Chinese message asks about the past is told by its form (its ending, particles, asking
words, a question mark), not by its script: a statement brings nothing back."""

import pytest

from graph.request.blocks import ASKS_BACK_REACH, STATEMENT_REACH, asks_back, recall_reach, tells_about_self

pytestmark = pytest.mark.unit

KOREAN_STATEMENTS = ["어제 지우랑 부산에서 회 먹었어.", "지우가 콩이랑 산책했어", "내일 비 온대",
                     "내 여동생은 부산에 살아."]
KOREAN_QUESTIONS = ["내 강아지 이름이 뭐더라?", "하영이 직업이 뭐랬지", "우리 회사 대표가 누구더라",
                    "명절 때 집에 출발한 날이 며칠이었지", "콩이 주치의가 누구였지", "지우 생일 알려줘",
                    "지우 잘 지내니"]
CHINESE_STATEMENTS = ["我昨天给房东发了消息。", "老王帮我修了空调", "小林下个月去成都"]
CHINESE_QUESTIONS = ["房东叫什么名字", "老王是做什么的？", "小林去成都了吗", "周叔住哪", "我妹妹几号生日",
                     "我的房租多少钱", "帮我修空调的是谁"]


@pytest.mark.parametrize("text", KOREAN_STATEMENTS + CHINESE_STATEMENTS)
def test_a_statement_does_not_ask_back(text: str):
    assert not asks_back(text) and recall_reach(text) == STATEMENT_REACH


@pytest.mark.parametrize("text", KOREAN_QUESTIONS + CHINESE_QUESTIONS)
def test_a_question_asks_back_by_its_form(text: str):
    assert asks_back(text) and recall_reach(text) == ASKS_BACK_REACH


def test_a_statement_of_ones_own_is_told_by_its_first_person_not_by_a_word_starting_alike():
    assert tells_about_self("내 여동생은 부산에 살아.") and tells_about_self("我妹妹住在上海。")
    assert not tells_about_self("내일 비 온대.")  # 내일, tomorrow, is not 내, my


@pytest.mark.parametrize("text", ["Speaking of which, i'm curious, any more tips for dairy-free baking?",
                                  "I wonder, is it going to rain tomorrow?", "Can I ask, what's a good pasta sauce?"])
def test_a_question_put_in_the_first_person_is_not_about_the_person(text: str):
    assert not asks_back(text)


@pytest.mark.parametrize("text", ["I'm curious, where did I say my sister lives?", "I wonder what my dog's name was?"])
def test_a_question_about_the_person_asks_back_however_it_is_put(text: str):
    assert asks_back(text)
