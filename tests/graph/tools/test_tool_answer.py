"""A tool's result reaches the person even when the model's reply garbles it."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from graph.reply.tool_results import led_by_results, result_lead, states_result, with_result

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("reply", "result", "stated"), [
    ("17 * 23 = 391.", "391", True),
    ("17 * 23 = 405.", "391", False),
    ("20 percent of 250 is 250.", "50", False),  # a longer number that contains the result is not it
    ("The total is 1,239.", "1239", True),
    ("The answer is 2.414213562373095", "2.414213562373095", True),
])
def test_calculator_results_are_checked_as_numbers(reply, result, stated):
    assert states_result(reply, "calculator", result) is stated


def test_a_missing_result_is_added_and_a_present_one_is_left():
    assert with_result("17 * 23 = 405.", "calculator", "391") == "17 * 23 = 405. (calculator: 391)"
    assert with_result("It is 391.", "calculator", "391") == "It is 391."


def test_date_and_time_results_count_when_the_date_or_the_time_is_given():
    result = "2026-11-22 22:45:10 UTC (Sunday)"
    assert states_result("It is 22:45 now.", "get_current_datetime", result)
    assert states_result("Today is 2026-11-22.", "get_current_datetime", result)
    added = with_result("I'll be right back tomorrow.", "get_current_datetime", result)
    assert added.endswith(f"(get_current_datetime: {result})")


def test_tool_errors_are_left_to_the_model_to_explain():
    assert states_result("I could not compute that.", "calculator", "Error: division by zero")


def test_the_results_lead_and_a_contradicting_model_text_is_left_out():
    turn = [HumanMessage("Hello! What is 17 * 23 and what time is it?"),
            AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17 * 23"}, "id": "a"},
                                      {"name": "get_current_datetime", "args": {}, "id": "b"},
                                      {"name": "calculator", "args": {"expression": "1/0"}, "id": "c"}]),
            ToolMessage("391", tool_call_id="a", name="calculator"),
            ToolMessage("2026-11-22 22:45:10 UTC (Sunday)", tool_call_id="b", name="get_current_datetime"),
            ToolMessage("Error: division by zero", tool_call_id="c", name="calculator")]
    lead = result_lead(turn)
    assert lead == "17 * 23 = 391. 2026-11-22 22:45:10 UTC (Sunday)."  # errors are the model's to explain
    assert led_by_results("17 * 23 = 391.", "So it is 391, happy to help!") == \
        "17 * 23 = 391.\n\nSo it is 391, happy to help!"
    assert led_by_results("17 * 23 = 391.", "It is 4097.") == "17 * 23 = 391."
    assert led_by_results("12 * 7 = 84.", "12 * 7 = 84") == "12 * 7 = 84."  # the result again says nothing
    assert led_by_results("12 * 7 = 84.", "") == "12 * 7 = 84."
    assert result_lead(turn[:2]) == "" and result_lead([]) == ""


def test_a_sum_said_in_words_leads_as_the_person_wrote_it_and_the_clock_ends_in_the_pages_language():
    turn = [HumanMessage("12만원씩 3명이면 얼마야?"),
            AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "120000 * 3"}, "id": "a"}]),
            ToolMessage("360000", tool_call_id="a", name="calculator")]
    assert result_lead(turn, "ko") == "12만원 × 3 = 36만원 (360,000원)."
    other = [turn[0], AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "2+2"}, "id": "b"}]),
             ToolMessage("4", tool_call_id="b", name="calculator")]
    assert result_lead(other, "ko") == "2+2 = 4."  # a call that is not the sum said is shown as called
    clock = [HumanMessage("今天星期几？"),
             AIMessage("", tool_calls=[{"name": "get_current_datetime", "args": {}, "id": "c"}]),
             ToolMessage("2026-11-29 星期日 09:20:03 CST", tool_call_id="c", name="get_current_datetime")]
    assert result_lead(clock, "zh") == "2026-11-29 星期日 09:20:03 CST。"
