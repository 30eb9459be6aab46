"""A summary speaks the page's language: the person's lines under a label in it, a tool's result stated under the
tool's name in it (never raw output), and the person's facts (numbers, names, allergies, plans) kept before a
question or a sum, in Korean and Chinese as in English."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.memory.extractive import ExtractiveSummarizer, extractive_summary, sentences_of, summary_lines
from graph.memory.merge import merge_records
from graph.memory.summarize import summarize_block
from graph.memory.summary_labels import speaker_lines, stated_result

pytestmark = pytest.mark.unit


def sum_turn(question: str, reply: str) -> list:
    """A turn the calculator answers."""
    return [HumanMessage(question),
            AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17*23"}, "id": "c1"}]),
            ToolMessage("391", tool_call_id="c1", name="calculator"), AIMessage(reply)]


KOREAN = [
    HumanMessage("다음 주에 제주도 여행을 가요. 예산은 45만 원이에요."),
    AIMessage("제주도 여행이라니 정말 좋겠네요! 45만 원이면 숙소와 렌터카, 식비까지 충분히 계획할 수 있어요. "
              "날씨를 미리 확인하시고, 인기 있는 식당은 예약해 두시는 것을 추천드려요. 즐거운 여행 되세요."),
    HumanMessage("강아지 보리도 데려가요. 그리고 저는 땅콩 알레르기가 있어요."),
    AIMessage("보리와 함께라니 멋지네요. 반려견 동반이 가능한 숙소와 해변을 찾아보시면 좋아요. 땅콩 알레르기가 "
              "있으시다면 음식을 주문할 때 꼭 재료를 확인하시고, 비상약도 챙기세요. "
              "더 필요한 게 있으면 말씀해 주세요."),
    *sum_turn("17*23은?", "17 곱하기 23은 391입니다. 다른 계산도 도와드릴까요? 언제든지 편하게 물어보세요. "
                          "계산기는 사칙연산과 거듭제곱도 할 수 있어요."),
]
CHINESE = [
    HumanMessage("下周我要去杭州旅行。预算是三千五百元。"),
    AIMessage("杭州旅行听起来很棒！三千五百元的预算足够安排住宿、交通和餐饮。建议提前查看天气，热门餐厅最好提前预订。"
              "西湖边的景色非常美，祝您旅途愉快。"),
    HumanMessage("我会带上我的狗豆豆。我对花生过敏。"),
    AIMessage("带着豆豆一起去真好。可以找一些允许带宠物的酒店和景点。您对花生过敏的话，点菜时一定要问清楚配料，"
              "也记得带上常用药。还有什么需要帮忙的吗？"),
    *sum_turn("17*23等于多少？", "17乘以23等于391。还需要算别的吗？随时都可以问我。计算器也能算乘方和百分比。"),
]


def summary_of(messages, language: str, rate: float = 0.3) -> str:
    """The summary of a block of three turns in the page's `language`."""
    return summarize_block(ExtractiveSummarizer(), "s", [1, 2, 3], messages, rate, language=language)["summary"]


def test_a_korean_summary_labels_the_person_in_korean_and_keeps_their_facts():
    summary = summary_of(KOREAN, "ko")
    assert summary.startswith("사용자: ")
    assert "User:" not in summary and "Tool:" not in summary and "calculator" not in summary
    for fact in ("45만 원", "보리", "땅콩 알레르기", "제주도"):
        assert fact in summary, (fact, summary)
    scores = {sentence.text: sentence.score for sentence in sentences_of(speaker_lines(KOREAN))}
    facts = [scores[text] for text in ("예산은 45만 원이에요.", "강아지 보리도 데려가요.",
                                       "그리고 저는 땅콩 알레르기가 있어요.")]
    assert min(facts) > max(scores["17*23은?"], scores["17*23 = 391"])  # a question or a sum comes after them


def test_a_chinese_summary_labels_the_person_in_chinese_and_keeps_their_facts():
    summary = summary_of(CHINESE, "zh")
    assert summary.startswith("用户: ")
    assert "User:" not in summary and "Tool:" not in summary
    for fact in ("三千五百元", "豆豆", "花生过敏", "杭州"):
        assert fact in summary, (fact, summary)


@pytest.mark.parametrize(("language", "calculator"), [("ko", "계산기"), ("zh", "计算器"), ("en", "Calculator")])
def test_a_tools_result_is_stated_under_its_name_in_the_pages_language(language, calculator):
    summary = extractive_summary(speaker_lines(sum_turn("What is 17*23?", "It is 391.")), 10**9, language)
    assert f"{calculator}: 17*23 = 391" in summary


def test_raw_output_and_failures_are_left_out():
    assert stated_result("lookup", '{"rows": [1, 2]}', {}) == ""
    assert stated_result("calculator", "Error: division by zero", {"expression": "1/0"}) == ""
    assert stated_result("get_current_datetime", "2026-11-27 09:00:00 KST (Friday)", {}) == \
        "2026-11-27 09:00:00 KST (Friday)"
    lines = speaker_lines([HumanMessage("rows?"), ToolMessage('{"rows": [1]}', tool_call_id="t", name="lookup")])
    assert lines == [("User", "rows?")]


def test_a_label_in_any_language_reads_back_as_whom_it_names():
    assert summary_lines("사용자: 예산은 45만 원이에요.\n计算器: 17*23 = 391\n보리는 세 살이에요.") == [
        ("User", "예산은 45만 원이에요."), ("calculator", "17*23 = 391"), ("Summary", "보리는 세 살이에요.")]


def test_a_merge_relabels_in_the_pages_language_and_an_unlabelled_line_stays_unlabelled():
    records = [summarize_block(ExtractiveSummarizer(), "s", [1], KOREAN[:2], 0.5, language="en"),
               summarize_block(ExtractiveSummarizer(), "s", [2], KOREAN[2:4], 0.5, language="en")]
    records[1]["summary"] = "보리는 세 살 된 강아지예요."  # edited by the person: no label
    merged = merge_records(ExtractiveSummarizer(), records, 200, "s", language="ko")["summary"]
    assert merged.startswith("사용자: ") and "User:" not in merged
    assert "\n보리는 세 살 된 강아지예요." in merged
