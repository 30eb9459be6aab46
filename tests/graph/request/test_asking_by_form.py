"""Whether a Korean or Chinese message asks about the past is told by its form (its ending, particles, asking
words, a question mark), not by its script: a statement brings nothing back."""

import pytest

from graph.request.blocks import ASKS_BACK_REACH, STATEMENT_REACH, asks_back, recall_reach, tells_about_self

pytestmark = pytest.mark.unit

KOREAN_STATEMENTS = ["어제 지우랑 부산에서 회 먹었어.", "지우가 콩이랑 산책했어", "내일 비 온대",
                     "내 여동생은 부산에 살아.", "민석 씨가 내려 준 커피는 맛이 다르더라", "액자 보더니 울더라",
                     "메인 이미지 하나, 글 반. 내일 말해 줘야지"]  # -더라 tells what was seen; 줘야지, what one will do
KOREAN_QUESTIONS = ["내 강아지 이름이 뭐더라?", "하영이 직업이 뭐랬지", "우리 회사 대표가 누구더라",
                    "명절 때 집에 출발한 날이 며칠이었지", "콩이 주치의가 누구였지", "지우 생일 알려줘",
                    "지우 잘 지내니", "예린이는 뭐 하는 사람이야?", "조카 이름 결국 뭘로 정했대?",
                    "나는 무슨 커피 좋아해?", "우리는 어디서 만나?"]  # the person with a particle, as 내가
CHINESE_STATEMENTS = ["我昨天给房东发了消息。", "老王帮我修了空调", "小林下个月去成都"]
CHINESE_QUESTIONS = ["房东叫什么名字", "老王是做什么的？", "小林去成都了吗", "周叔住哪", "我妹妹几号生日",
                     "我的房租多少钱", "帮我修空调的是谁"]


@pytest.mark.parametrize("text", KOREAN_STATEMENTS + CHINESE_STATEMENTS)
def test_a_statement_does_not_ask_back(text: str):
    assert not asks_back(text) and recall_reach(text) == STATEMENT_REACH


@pytest.mark.parametrize("text", KOREAN_QUESTIONS + CHINESE_QUESTIONS)
def test_a_question_asks_back_by_its_form(text: str):
    assert asks_back(text) and recall_reach(text) == ASKS_BACK_REACH


@pytest.mark.parametrize("text", ["밥 먹고 바로 산책해도 돼?", "근데 10월 말에 거기 날씨 괜찮아?",
                                  "팬 하나로 되는 간단한 요리 있어?", "今晚攀岩，去之前吃点什么好？", "现金要带吗？"])
def test_a_question_for_the_assistant_about_no_one_brings_only_what_answers_it(text: str):
    assert not asks_back(text) and STATEMENT_REACH < recall_reach(text) < ASKS_BACK_REACH


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
