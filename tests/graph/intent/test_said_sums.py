"""Sums said in words become the calculator's arithmetic and are stated back with the person's units; numbers that
make no sum make none."""

import pytest

from graph.intent.detect import detect_tool_call, worded_sum
from graph.tools.calculator import evaluate_expression
from graph.tools.catalog import calculator

pytestmark = pytest.mark.unit


def stated(question: str) -> str:
    """The lead a reply opens with for this question, the calculator's own result in it."""
    found = worded_sum(question)
    assert found is not None, question
    return found.stated(calculator.invoke({"expression": found.expression}))


@pytest.mark.parametrize(("question", "lead"), [
    ("12만원씩 3명이면 얼마야?", "12만원 × 3 = 36만원 (360,000원)."),
    ("80만원에서 18만원 빼면?", "80만원 − 18만원 = 62만원 (620,000원)."),
    ("1인당 3만 5천원이면 5명이면 총 얼마?", "3만 5천원 × 5 = 17만 5천원 (175,000원)."),
    ("1박에 12만원이면 3박은 얼마야?", "12만원 × 3 = 36만원 (360,000원)."),
    ("둘이 합쳐서 80만원이면 한 명당 얼마야?", "80만원 ÷ 2 = 40만원 (400,000원)."),
    ("10만원을 3명이 나누면?", "10만원 ÷ 3 ≈ 3만 3,333원 (33,333원)."),
    ("50,000원에서 20% 할인하면 얼마야?", "50,000원 − 20% = 40,000원."),
    ("300元一晚，住4晚一共多少钱？", "300元 × 4 = 1,200元。"),
    ("80万减18万还剩多少？", "80万 − 18万 = 62万 (620,000)。"),
    ("450元三个人平分每人多少？", "450元 ÷ 3 = 150元。"),
    ("120元加80元一共多少", "120元 + 80元 = 200元。"),
    ("500元打八折是多少？", "500元 × 80% = 400元。"),
    ("45 euros split between 3 of us", "45 euros ÷ 3 = 15 euros."),
    ("$12 each for 3 people, how much?", "$12 × 3 = $36."),
    ("I had 800 dollars and spent 180, how much is left?", "800 dollars − 180 dollars = 620 dollars."),
    ("take away 18 euros from 80 euros", "80 euros − 18 euros = 62 euros."),
    ("What is 20% off 50,000원?", "50,000원 − 20% = 40,000원."),
    ("Hi! 100 euros split three ways", "100 euros ÷ 3 ≈ 33.33 euros."),
    ("What's a 15% tip on $80?", "$80 × 15% = $12."),
    ("12만원이랑 5만원 얼마 차이야?", "12만원 − 5만원 = 7만원 (70,000원)."),
    ("two hundred and five dollars minus 5 dollars?", "205 dollars − 5 dollars = 200 dollars."),
    ("What is two and three in total?", "2 + 3 = 5."),
    ("Four of us had dinner for 160 dollars, what does each person owe?", "160 dollars ÷ 4 = 40 dollars."),
    ("What is 1,500 euros less 20%?", "1,500 euros − 20% = 1,200 euros."),
    ("시급 1만원에 6시간 일하면 얼마야?", "1만원 × 6 = 6만원 (60,000원)."),
    ("鞋子原价600元，打八五折多少钱？", "600元 × 85% = 510元。"),
])
def test_a_sum_in_words_is_stated_with_its_units(question, lead):
    assert stated(question) == lead


def test_the_calculator_gets_real_arithmetic():
    call = detect_tool_call("12만원씩 3명이면 얼마야?")
    assert call == {"name": "calculator", "args": {"expression": "120000 * 3"}}
    assert evaluate_expression(call["args"]["expression"]) == 360000


@pytest.mark.parametrize("question", [
    "45 euros split between us",  # no count: none is made up
    "I have 2 dogs and 3 cats, what are their names?",
    "my budget is 80만원",
    "예산은 둘이 합쳐서 80만원 정도로 잡았어요.",
    "내가 12만원씩 3명이라고 했지?",  # asks back about something said
    "What did I say the 3 tickets at $12 each cost?",
    "전화번호는 010-1234-5678이야, 3시에 2명이 갈게",
    "3월 5일에 2명이 만나요?",
    "我们3个人5月1日去北京，住哪里好？",
    "I paid $12 each for 3 tickets and $15 for parking, what a day",  # a number left over: not this sum
    "我们一共3个人，预算5000元，够吗？",  # a budget and a head count: no price for one
    "총 4명이고 예산은 100만원인데 괜찮을까?",
    "There are 4 of us in total and our budget is 800 euros, is that enough?",
    "What is the hotel at 120 euros like for 2 nights?",
    "The total was 80 euros for 2 people, so 40 each.",
    "I bought 3 shirts at 20 dollars each yesterday.",
    "Can I split 3 pizzas between 4 people?",  # no amount asked for
])
def test_numbers_that_make_no_sum_make_none(question):
    assert worded_sum(question) is None
    assert detect_tool_call(question) is None
