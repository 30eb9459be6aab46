"""The calculator answers arithmetic and refuses everything else safely."""

import pytest

from graph.tools.calculator import CalculatorError, evaluate_expression
from graph.tools.catalog import calculator


@pytest.mark.parametrize(
    "expression, expected",
    [("123 * 456", 56088), ("2 ** 10", 1024), ("2^10", 1024), ("(1 + 2) * 3 - 4 / 2", 7.0),
     ("sqrt(16)", 4.0), ("factorial(5)", 120), ("-3 + abs(-2)", -1), ("10 % 3", 1), ("round(pi, 2)", 3.14)],
)
def test_arithmetic(expression, expected):
    assert evaluate_expression(expression) == expected


def test_tool_prints_whole_floats_as_integers():
    assert calculator.invoke({"expression": "10 / 2"}) == "5"


@pytest.mark.parametrize(
    "attack",
    ["__import__('os').system('ls')", "(1).__class__.__bases__", "open('/etc/passwd')", "lambda: 1",
     "[x for x in range(10)]", "exec('1')", "a = 1", "'abc' * 3", "globals()"],
)
def test_refuses_anything_but_arithmetic(attack):
    with pytest.raises(CalculatorError):
        evaluate_expression(attack)


@pytest.mark.parametrize("bomb", ["9**9**9**9", "10**100000", "factorial(100000)",
                                  "2**5000*2**5000*2**5000*2**5000"])
def test_refuses_huge_results(bomb):
    with pytest.raises(CalculatorError, match="too large|limited"):
        evaluate_expression(bomb)


def test_tool_refuses_an_oversized_factorial_and_prints_a_large_one():
    with pytest.raises(CalculatorError):
        calculator.invoke({"expression": "factorial(5000)"})
    assert calculator.invoke({"expression": "factorial(20)"}) == str(2432902008176640000)


def test_refuses_long_input():
    with pytest.raises(CalculatorError, match="limited"):
        evaluate_expression("1+" * 5000 + "1")


@pytest.mark.parametrize("bad, message",
                         [("1/0", "division by zero"), ("", "empty"), ("2 +", "invalid syntax")])
def test_errors_say_what_is_wrong(bad, message):
    with pytest.raises(CalculatorError, match=message):
        evaluate_expression(bad)
