"""Match a question to a tool call deterministically, for models too small to call tools themselves."""

import ast
import re
import unicodedata
from typing import TypedDict

from graph.intent import phrases
from graph.intent.said_sums import SaidSum, said_sum
from graph.tools.calculator import parse_formula

MAX_QUESTION_CHARS = 200

_SYMBOLS = str.maketrans({"×": "*", "÷": "/", "−": "-", "’": "'", "‘": "'", "^": "**"})
_THOUSANDS = re.compile(r"\b\d{1,3}(?:,\d{3})+(?![\d,])")
_SPACES = re.compile(r"\s+")
_LEAD = re.compile(phrases.LEAD)
_TRAIL = re.compile(phrases.TRAIL)
_REWRITES = tuple((re.compile(pattern), replacement) for pattern, replacement in phrases.REWRITES)
_ENGLISH_WORDS = "|".join(sorted(phrases.ENGLISH_OPERATORS, key=len, reverse=True))
_CJK_WORDS = "|".join(sorted(phrases.CJK_OPERATORS, key=len, reverse=True))
_OPERATORS = re.compile(rf"(?<![a-z])(?:{_ENGLISH_WORDS})(?![a-z])|{_CJK_WORDS}")
_SYMBOL_OF = phrases.ENGLISH_OPERATORS | phrases.CJK_OPERATORS
_EXPRESSION = re.compile(rf"(?:\d+(?:\.\d+)?|\b(?:{'|'.join(phrases.FUNCTION_NAMES)})\b|[-+*/%(),. ])+")
_NOT_ARITHMETIC = re.compile(phrases.NOT_ARITHMETIC)
_GREETING = re.compile(phrases.GREETING)
_CLAUSE_END = re.compile(phrases.CLAUSE_END)
_DATETIME = tuple(re.compile(pattern) for pattern in phrases.DATETIME_PATTERNS)
_UNIT_OF = {word: value for value, word in enumerate(phrases.UNITS)}
_TENS, _DIGITS, _UNITS = ("|".join(words) for words in (phrases.TENS, phrases.UNITS[1:10], phrases.UNITS))
_NUMBER_WORDS = re.compile(rf"\b(?:({_TENS})(?:[- ]({_DIGITS}))?|({_UNITS}))\b")


def _normalise(text: str) -> str:
    """One spelling per question: half-width, lower case, ASCII operators, no thousands separators."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_SYMBOLS)
    text = _THOUSANDS.sub(lambda match: match.group().replace(",", ""), text)
    return _SPACES.sub(" ", text).strip()


def _number(match: re.Match) -> str:
    """A spelled-out number below a hundred, as digits."""
    tens, unit, single = match.groups()
    return str(_UNIT_OF[single]) if single else str(phrases.TENS[tens] + _UNIT_OF.get(unit, 0))


def _is_arithmetic(expression: str) -> bool:
    """Only a well-formed formula with an operation or a function call is worth a calculator run."""
    if not _EXPRESSION.fullmatch(expression) or _NOT_ARITHMETIC.search(expression):
        return False
    try:
        tree = parse_formula(expression)
    except SyntaxError:
        return False
    nodes = list(ast.walk(tree))
    return not any(isinstance(node, ast.Tuple) for node in nodes) and any(
        isinstance(node, ast.BinOp) or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name))
        for node in nodes
    )


def _expression(text: str) -> str | None:
    """The formula a question asks for, when nothing but a formula and its wrapping words is left."""
    body = _TRAIL.sub("", _LEAD.sub("", _NUMBER_WORDS.sub(_number, text), count=1), count=1)
    for pattern, replacement in _REWRITES:
        body = pattern.sub(replacement, body)
    body = _OPERATORS.sub(lambda match: f" {_SYMBOL_OF[match.group()]} ", body)
    body = _SPACES.sub(" ", body).strip()
    return body if _is_arithmetic(body) else None


def _asks_datetime(text: str) -> bool:
    """Only questions about the present moment; the time of an event in the conversation is memory."""
    return any(pattern.match(text) for pattern in _DATETIME)


def _candidates(text: str) -> list[str]:
    """The whole message, then without its greeting, then each of its sentences: a question said inside a
    longer message ("Hello! What is 17 * 23?", "안녕하세요, 17 곱하기 23 계산해줘") is still that question."""
    bare = _GREETING.sub("", text, count=1).strip()
    clauses = [clause.strip() for clause in _CLAUSE_END.split(bare) if clause.strip()]
    return list(dict.fromkeys([text, bare, *clauses]))


def worded_sum(text: str) -> SaidSum | None:
    """The sum a message says in words ("12만원씩 3명이면 얼마야?"), read from the whole message, then without its
    greeting, then from each of its sentences; None when it says none."""
    if len(text) > MAX_QUESTION_CHARS:
        return None
    return next((found for candidate in _candidates(_normalise(text)) if (found := said_sum(candidate))), None)


class DetectedCall(TypedDict):
    """A tool call read from the question: the tool's name and its arguments, as a tool-calling model gives them."""

    name: str
    args: dict[str, str]


def detect_tool_call(text: str) -> DetectedCall | None:
    """The tool call a tool-calling model would make for this question, or None when none clearly fits."""
    if len(text) > MAX_QUESTION_CHARS:
        return None
    candidates = _candidates(_normalise(text))
    for candidate in candidates:
        expression = _expression(candidate)
        if expression is not None:
            return {"name": "calculator", "args": {"expression": expression}}
    if (worded := worded_sum(text)) is not None:
        return {"name": "calculator", "args": {"expression": worded.expression}}
    if any(_asks_datetime(candidate) for candidate in candidates):
        return {"name": "get_current_datetime", "args": {}}
    return None
