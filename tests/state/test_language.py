"""The language layer's sentences and questions, in English, Korean and Chinese."""

import pytest

from state.language.questions import asks, is_question, is_request, last_question, questions_in, tells
from state.language.sentences import split_sentences

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("text", "expected"), [
    ("My sister lives in Busan. She is 31! Is that old?", ["My sister lives in Busan.", "She is 31!", "Is that old?"]),
    ("It costs 3.5 euros. Fine", ["It costs 3.5 euros.", "Fine"]),
    ("제주도에 가요. 언제 갈까? 다음 주!", ["제주도에 가요.", "언제 갈까?", "다음 주!"]),
    ("我去成都了。住了四晚！你呢？", ["我去成都了。", "住了四晚！", "你呢？"]),
    ("first line\nsecond line", ["first line", "second line"]),
    ('She said "I am tired. Very." Then she left.', ['She said "I am tired. Very."', "Then she left."]),
    ("Well… I think so", ["Well…", "I think so"]),
    ("", []),
])
def test_sentences_end_where_a_person_ends_them(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


@pytest.mark.parametrize("sentence", [
    "Where did we eat last Friday?", "where did we eat last friday", "Who is looking after my cat",
    "콩이 누가 봐줘", "회의가 몇 시였더라", "회의가 몇 시였더라.", "다음 회의는 언제야", "예산이 얼마였지",
    "他是谁呢", "你去哪儿", "这趟一共准备花多少钱？", "你吃饭了吗", "你吃饭了吗。",
])
def test_questions_with_or_without_a_mark(sentence: str) -> None:
    assert is_question(sentence)
    assert not tells(sentence)


@pytest.mark.parametrize("sentence", [
    "I know what you mean.", "My dog is called Kongi.", "What a day!", "제주도에 가요.", "콩이는 지우가 봐줘요.",
    "我不知道吃什么好。", "我住在成都。", "The meeting is on Thursday at 3 pm", "언제든 연락해",
    "민석 씨 커피는 맛이 다르더라", "액자 보더니 울더라", "내일 말해 줘야지", "我出去玩那几天苗苗帮我带狗",
    "这几天好累",
])
def test_statements_are_not_questions(sentence: str) -> None:
    assert not is_question(sentence)


@pytest.mark.parametrize("sentence", ["给我约了10月16号上午", "给我爸买了套好点的茶具", "기억해 둘게"])
def test_what_was_done_for_the_person_is_no_request(sentence: str) -> None:
    assert tells(sentence)


@pytest.mark.parametrize("sentence", [
    "Name one primary colour.", "맛집 추천해 줘", "请告诉我他的名字", "Tell me a joke", "给我讲个故事",
])
def test_requests_to_the_assistant_ask_but_tell_nothing(sentence: str) -> None:
    assert is_request(sentence)
    assert asks(sentence)
    assert not tells(sentence)


def test_the_questions_of_a_text_and_the_one_it_ends_on() -> None:
    text = "We went to Jeju. Where did we stay?\nIt was lovely. 다음엔 어디 갈까?"
    assert questions_in(text) == ["Where did we stay?", "다음엔 어디 갈까?"]
    assert last_question(text) == "다음엔 어디 갈까?"
    assert last_question("Where did we stay? It was lovely.") == ""
    assert last_question("") == ""


def test_a_chinese_request_said_with_a_suggestion_particle_tells_nothing() -> None:
    assert is_request("你推荐一些餐厅吧。")
    assert is_request("你能帮我订个位子")
    assert not is_request("我们昨天去了一家餐厅。")
