"""The calculator answers arithmetic and refuses everything else safely."""

import ast
import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from graph.tools import calculator as calculator_module
from graph.tools.calculator import MAX_EXPRESSION_CHARS, CalculatorError, evaluate_expression
from graph.tools.catalog import calculator

pytestmark = pytest.mark.unit


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


@pytest.mark.parametrize("expression, expected", [("3**8800", 3**8800), ("2**2000", 2**2000)],
                         ids=["3**8800", "2**2000"])
def test_powers_that_fit_are_computed_exactly(expression, expected):
    assert evaluate_expression(expression) == expected


def test_float_powers_are_not_held_to_the_whole_number_exponent_limit():
    assert evaluate_expression("1.0001 ** 5000") == pytest.approx(1.0001**5000)


@pytest.fixture
def forbid(monkeypatch):
    """Make one operation fail the test if it ever runs, to show a refusal comes before the work."""

    def forbid_(table: dict, key: object) -> None:
        def ran(*args):
            raise AssertionError(f"{key} ran before the refusal")

        monkeypatch.setitem(table, key, ran)

    return forbid_


@pytest.mark.parametrize("expression, message", [
    ("round(5, -20000000)", "round is limited"),
    ("round(2**13000, -10**9)", "round is limited"),
    ("round(1.5, 10**30)", "round is limited"),
])
def test_round_refuses_huge_digit_counts_before_rounding(expression, message, forbid):
    forbid(calculator_module._FUNCTIONS, "round")
    with pytest.raises(CalculatorError, match=message):
        evaluate_expression(expression)


@pytest.mark.parametrize("expression", ["2**7000 * 2**7001", "floor(1e308)**13 * floor(1e308)**2",
                                        "factorial(1000) * factorial(1000)"])
def test_products_too_large_are_refused_before_multiplying(expression, forbid):
    forbid(calculator_module._BINARY, ast.Mult)
    with pytest.raises(CalculatorError, match="too large"):
        evaluate_expression(expression)


def test_many_expensive_steps_are_refused_by_the_work_budget(monkeypatch):
    runs = []
    monkeypatch.setitem(calculator_module._FUNCTIONS, "gcd", lambda *args: runs.append(args) or math.gcd(*args))
    expression = "+".join(["gcd(3**8830,7**4986)"] * 20)
    assert len(expression) <= MAX_EXPRESSION_CHARS
    with pytest.raises(CalculatorError, match="too long"):
        evaluate_expression(expression)
    assert len(runs) < 5


@pytest.mark.parametrize("expression", ["-" * 499 + "1", "+".join(["1"] * 230)], ids=["499 minus signs", "230 terms"])
def test_deep_nesting_is_refused_before_any_step_runs(expression, forbid):
    forbid(calculator_module._UNARY, ast.USub)
    forbid(calculator_module._BINARY, ast.Add)
    assert len(expression) <= MAX_EXPRESSION_CHARS
    with pytest.raises(CalculatorError, match="nesting"):
        evaluate_expression(expression)


def test_complex_results_are_refused():
    with pytest.raises(CalculatorError, match="real number"):
        evaluate_expression("(-8) ** (1/3)")


def test_formulas_parsed_on_many_threads_at_once_all_come_back():
    formulas = [f"({n} + 1) * sqrt({n * n}) - {n} / 2" for n in range(1, 301)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(evaluate_expression, formulas * 4))
    assert results == [(n + 1) * n - n / 2 for n in range(1, 301)] * 4
