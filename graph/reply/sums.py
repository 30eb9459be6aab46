"""Sums a small model writes on its own ("45*2 = 100."): one nobody asked for, or one the calculator contradicts,
is not the product's answer. Checked with the project's own calculator, never `eval`."""

import math
import re
from collections.abc import Sequence

from langchain_core.messages import BaseMessage, ToolMessage

from graph.intent.detect import detect_tool_call
from graph.tools.calculator import CalculatorError, evaluate_expression

_NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_OPERATOR = r"[-+*/×÷xX^]"
_TERM = rf"\(*\s*{_NUMBER}\s*\)*"
STATED_SUM = re.compile(
    rf"(?<![\w.,])(?P<expression>{_TERM}(?:\s*{_OPERATOR}\s*{_TERM})+)\s*(?:=|equals\b|is equal to\b)\s*"
    rf"(?P<value>-?{_NUMBER})(?![\d])", re.IGNORECASE)
CALCULATOR = "calculator"


def calculation_asked(question: str, turn: Sequence[BaseMessage]) -> bool:
    """Whether the person asked for a calculation: the calculator ran this turn, or the message is one."""
    if any(isinstance(message, ToolMessage) and message.name == CALCULATOR for message in turn):
        return True
    call = detect_tool_call(question)
    return call is not None and call["name"] == CALCULATOR


def agrees(expression: str, value: str) -> bool:
    """Whether the calculator gives `value` for `expression`, to the decimals the value is written with."""
    try:
        result = evaluate_expression(expression.replace(",", "").replace("x", "*").replace("X", "*"))
    except CalculatorError:
        return False
    stated = float(value.replace(",", ""))
    decimals = len(value.partition(".")[2])
    if decimals:
        return abs(result - stated) <= 0.5 * 10 ** -decimals
    return math.isclose(result, stated, rel_tol=1e-12, abs_tol=1e-12)


def untrue_sum(text: str, asked: bool) -> bool:
    """Whether `text` states a sum that is not the product's to show: any, when no calculation was asked; one the
    calculator contradicts, when one was."""
    return any(not asked or not agrees(found["expression"], found["value"]) for found in STATED_SUM.finditer(text))
