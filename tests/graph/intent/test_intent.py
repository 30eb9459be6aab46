"""Tool questions in English, Korean and Chinese become the tool call a tool-calling model would make."""

import math
import time

import pytest

from graph.intent import phrases
from graph.intent.detect import detect_tool_call
from graph.tools.calculator import evaluate_expression

pytestmark = pytest.mark.unit

ARITHMETIC = [
    ("17*23", 391),
    ("What is 17 * 23?", 391),
    ("what is 12 times 7", 84),
    ("144 divided by 12", 12),
    ("2 to the power of 10", 1024),
    ("sqrt(2)+1", math.sqrt(2) + 1),
    ("(3+4)*5", 35),
    ("2+2", 4),
    ("2+2=?", 4),
    ("How much is 250 * 4?", 1000),
    ("Calculate 7 plus 3 minus 2 please", 8),
    ("what's 2^10", 1024),
    ("12 x 7", 84),
    ("7 × 6", 42),
    ("10 ÷ 4", 2.5),
    ("10 − 3", 7),
    ("1,234 + 5", 1239),
    ("the square root of 144", 12),
    ("what is 5 squared?", 25),
    ("what is twelve times seven", 84),
    ("ninety-nine minus one", 98),
    ("What is 17 times 23, please?", 391),
    ("Please calculate: 5*5", 25),
    ("what's the answer to 6*7", 42),
    ("round(3.14159, 2)", 3.14),
    ("What's 15% of 80?", 12),
    ("15 percent of 200", 30),
    ("17 곱하기 23 계산해줘", 391),
    ("100 나누기 4는 얼마야", 25),
    ("3 더하기 5", 8),
    ("10 빼기 3", 7),
    ("80의 15%", 12),
    ("80의 15 퍼센트는 얼마야?", 12),
    ("2의 10제곱은?", 1024),
    ("루트 16", 4),
    ("17 곱하기 23은 뭐야?", 391),
    ("17 * 23 값은?", 391),
    ("计算 17 乘 23", 391),
    ("17乘以23等于多少", 391),
    ("100除以4", 25),
    ("3加5", 8),
    ("10减3等于几？", 7),
    ("80的15%是多少", 12),
    ("80的百分之15", 12),
    ("2的10次方", 1024),
    ("１７×２３", 391),
    ("Hello! What is 17 * 23?", 391),  # inside a longer message, after greetings and thanks
    ("hi there, what's 12 times 7?", 84),
    ("thanks! now what is 144 divided by 12", 12),
    ("Hi! I need help: what is 1,200 + 350?", 1550),
    ("안녕하세요, 17 곱하기 23 계산해줘", 391),
    ("고마워요! 그럼 80의 15%는 얼마예요?", 12),
    ("你好，请计算 17 乘 23", 391),
    ("谢谢！3加5是多少？", 8),
]

DATETIME = [
    "Good morning! what time is it?",
    "안녕하세요! 지금 몇 시예요?",
    "谢谢！今天几号？",
    "what time is it", "What time is it now?", "what's the time", "today's date", "What is today's date?",
    "what day is it today", "what is the date", "What's the date today?", "Can you tell me the time?",
    "do you know what time it is?", "what year is it",
    "몇 시야", "지금 몇 시", "지금 몇 시예요?", "오늘 날짜", "오늘 며칠", "오늘이 며칠이야?", "무슨 요일",
    "오늘 무슨 요일이야?", "지금 시간 알려줘",
    "今天几号", "现在几点", "现在几点了？", "今天星期几", "今天是几月几号？", "请问现在几点",
]

LOOKALIKES = [
    "Thanks! I have 2 cats and 3 dogs.",
    "hi, I bought 3 apples, 2 pears and 5 plums.",
    "Hey! Is 2 + 2 really 4?",
    "Hello, my number is 010-1234-5678.",
    "안녕하세요! 저는 1990년에 태어났어요.",
    "你好，我有3只猫和2只狗",
    "solve the puzzle 2 times",
    "I have 2 cats and 3 dogs", "my flight is at 7:30", "version 3.13", "Python 3.13 features",
    "call me at 010-1234-5678", "010-1234-5678", "the meeting is on 2024-05-01", "2024-05-01",
    "I was born in 1990", "room 101", "it's 5 o'clock somewhere", "Turn 12: tell me more about the trip",
    "remember that detail number 7 matters", "I ran 5 km today", "chapter 3-4", "the time I went to Paris",
    "what time did we agree on?", "what day is the meeting", "Tell me the date of the wedding", "the date?",
    "5 - 3 = 2", "42", "3.13", "what is 15%?", "몇 시에 만나기로 했지?", "오늘 날씨 어때?", "3명이 왔어",
    "我们几点见面?", "今天天气怎么样", "我有3只猫", "4x4", "4x4 truck", "(1,2)+3", "I have one cat",
    "someone plus one", "twenty", "1-800-555-1234", "12/25/2024", "is 2+2 equal to 4?",
]


@pytest.mark.parametrize("question, result", ARITHMETIC)
def test_arithmetic_questions_call_the_calculator_with_the_right_expression(question, result):
    """The expression is checked by what the calculator makes of it, not by its spelling."""
    call = detect_tool_call(question)
    assert call is not None and call["name"] == "calculator"
    assert set(call["args"]) == {"expression"}
    assert evaluate_expression(call["args"]["expression"]) == pytest.approx(result)


def test_percentages_read_as_a_share_of_the_base():
    """A percent sign before "of" takes a share of the base; between two numbers it is a remainder."""
    expected = {"name": "calculator", "args": {"expression": "80 * 15 / 100"}}
    assert detect_tool_call("What's 15% of 80?") == expected
    assert detect_tool_call("what's 10 % 3")["args"]["expression"] == "10 % 3"


@pytest.mark.parametrize("question", DATETIME)
def test_questions_about_now_call_the_clock(question):
    """Questions about the present date or time get the no-argument clock tool."""
    assert detect_tool_call(question) == {"name": "get_current_datetime", "args": {}}


@pytest.mark.parametrize("question", LOOKALIKES)
def test_lookalikes_call_no_tool(question):
    """Digits, dates, times and past events in a sentence are not tool questions."""
    assert detect_tool_call(question) is None


def test_every_function_name_the_matcher_accepts_is_one_the_calculator_knows():
    """The matcher never hands the calculator a name it would refuse."""
    for name in phrases.FUNCTION_NAMES:
        expression = f"{name}(1) + 1" if name not in ("pi", "e", "tau") else f"{name} + 1"
        assert isinstance(evaluate_expression(expression), float | int)


def test_refuses_overlong_messages_and_empty_text():
    """A long message is a conversation, not a tool question; empty text is nothing."""
    assert detect_tool_call("1+" * 50 + "1")["args"]["expression"] == "1+" * 50 + "1"
    assert detect_tool_call("1+" * 150 + "1") is None
    assert detect_tool_call("") is None
    assert detect_tool_call("   ") is None


PATHOLOGICAL = [
    "?" * 199 + "x", " ?" * 99 + "x", "1" * 199 + "+", "값은" * 99 + "x", "(" * 99 + "1" + ")" * 99,
    "1%" * 99,
]


@pytest.mark.parametrize("text", PATHOLOGICAL)
def test_adversarial_input_stays_fast(text):
    """Pathological input cannot make a pattern backtrack for long: a backtracking pattern takes seconds to hours
    on these, a linear one microseconds, so the bound holds on the busiest machine."""
    detect_tool_call(text)
    started = time.perf_counter()
    assert detect_tool_call(text) is None
    assert time.perf_counter() - started < 5  # a backtracking pattern takes minutes on these
