"""A remote model's summary is held to its target within 10%: trimmed at a sentence end (English, Korean,
Chinese), asked again once stating the numbers, then cut to fit; a summary never fails over its length."""

import re

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.memory.length import forced_fit, length_bounds, trim_to_bounds, within_bounds
from graph.memory.merge import merge_records
from graph.memory.summarize import answer_at_length, summarize_block
from prompt.summary.summary_generator import LENGTH_RETRY
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.unit

ENGLISH = "Ada lives in Lisbon. She runs a bakery near the river! Does she sell bread? She opened in 2019."
KOREAN = "철수는 부산에 산다. 그는 매주 토요일에 등산을 한다. 그의 누나는 서울에서 일한다. 둘은 설날에 만난다."
CHINESE = "小明住在北京。他每天早上跑步！他的妹妹在上海工作。他们春节见面。"


def test_bounds_are_ten_percent_either_side():
    assert length_bounds(100) == (90, 110)
    assert within_bounds("x" * 90, 100) and within_bounds("x" * 110, 100)
    assert not within_bounds("x" * 89, 100) and not within_bounds("x" * 111, 100)


@pytest.mark.parametrize("text", [ENGLISH, KOREAN, CHINESE])
def test_a_long_summary_is_cut_at_a_sentence_end_within_bounds(text):
    target = [match.end() for match in re.finditer(r"[.!?。！？]", text)][1]  # the second sentence's end
    trimmed = trim_to_bounds(text, target)
    assert trimmed == text[:target]
    assert within_bounds(trimmed, target) and trimmed[-1] in ".!?。！？"


def test_a_summary_within_bounds_stays_as_it_is():
    assert trim_to_bounds(ENGLISH, len(ENGLISH) - 5) == ENGLISH


def test_too_short_or_no_sentence_end_within_bounds_cannot_be_trimmed():
    assert trim_to_bounds("Short.", 100) is None
    assert trim_to_bounds("word " * 100, 100) is None  # no sentence end at all
    assert trim_to_bounds("A. " + "word " * 100, 100) is None  # the only end leaves it far too short


def test_forced_fit_cuts_a_long_answer_at_a_word_within_bounds_or_keeps_the_longest_short_one():
    cut = forced_fit(["word " * 100], 100)
    assert within_bounds(cut, 100) and cut.endswith("…") and cut[:-1].split() == ["word"] * len(cut[:-1].split())
    chinese = forced_fit(["字" * 500], 100)
    assert within_bounds(chinese, 100)
    assert forced_fit(["short", "a bit longer"], 100) == "a bit longer"


def test_a_long_answer_is_trimmed_without_asking_again():
    model = ScriptedChatModel(script=[ENGLISH])
    target = ENGLISH.index("!") + 1
    assert answer_at_length(model, "Summarize", target) == ENGLISH[:target]
    assert len(model.calls) == 1


@pytest.mark.parametrize("streaming", [True, False])
def test_a_short_answer_is_asked_again_once_stating_the_numbers(streaming):
    model = ScriptedChatModel(script=["Too short.", "x" * 200], disable_streaming=not streaming)
    summary = answer_at_length(model, "Summarize this", 200)
    assert summary == "x" * 200 and len(model.calls) == 2
    again = model.calls[1]
    assert [type(m) for m in again] == [HumanMessage, AIMessage, HumanMessage]
    assert again[1].content == "Too short."
    assert again[2].content == LENGTH_RETRY.format(actual=10, low=180, high=220, target_length=200)
    assert "200" in again[2].content and "180" in again[2].content and "220" in again[2].content


def test_a_long_answer_without_a_sentence_end_is_asked_again_then_cut():
    model = ScriptedChatModel(script=["word " * 100, "still " * 100])
    summary = answer_at_length(model, "Summarize", 100)
    assert len(model.calls) == 2 and within_bounds(summary, 100) and summary.startswith("still")


def test_a_second_answer_still_short_keeps_the_longer_one():
    model = ScriptedChatModel(script=["Short.", "A little longer."])
    assert answer_at_length(model, "Summarize", 300) == "A little longer."


def test_a_failing_second_call_keeps_the_first_answer():
    model = ScriptedChatModel(script=["Short but true.", RuntimeError("the endpoint went away")])
    assert answer_at_length(model, "Summarize", 300) == "Short but true."


def test_a_summary_record_measures_what_it_keeps():
    messages = [HumanMessage("My sister Mina lives in Busan and works as a nurse at the harbour clinic."),
                AIMessage("Good to know that Mina works at the harbour clinic in Busan.")]
    original = sum(len(m.content) for m in messages)
    target = int(original * 0.5)
    long = "The user's sister Mina lives in Busan. She is a nurse at the harbour clinic. " * 3
    record = summarize_block(ScriptedChatModel(script=[long]), "s", [1], messages, 0.5)
    assert within_bounds(record["summary"], target)
    assert record["summary_chars"] == len(record["summary"])
    assert record["measured_ratio"] == round(len(record["summary"]) / original, 3)


def test_a_merged_record_is_held_to_its_target_too():
    records = [summarize_block(ScriptedChatModel(script=["Mina lives in Busan. " * 3]), "s", [n], [
        HumanMessage("Mina lives in Busan " * 10), AIMessage("Noted.")], 0.3) for n in (1, 2)]
    model = ScriptedChatModel(script=["Mina lives in Busan and works as a nurse. " * 10])
    merged = merge_records(model, records, 90, "s")
    assert within_bounds(merged["summary"], 90) and merged["summary_chars"] == len(merged["summary"])
