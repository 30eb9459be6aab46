"""A tool's result reaches the person even when the model's reply garbles it."""

import pytest

from graph.tools.answer import states_result, with_result


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
