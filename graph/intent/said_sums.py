"""Sums said in words ("12만원씩 3명이면 얼마야?", "80万减18万还剩多少", "45 euros split between 3 of us") read as
the arithmetic the calculator does, and its result written back the way the person wrote the amounts.

A sum is read only from a question or a request (the language layer's, or one said the way sums are asked: "빼면?",
"…的话", "45 euros split between 3"), never from a statement or a question about something said
earlier; every number it names must take part, and the kinds must make sense together (money times people,
money less money), so numbers that make no sum ("2 dogs and 3 cats", a date, a phone number) make none."""

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from graph.intent import sum_words as words
from state.language.numbers import Quantity, plain, quantities, written
from state.language.questions import asks
from state.language.units import COUNTS, MONEY, PERCENT, PERSONS, Unit

MAX_SUM_CHARS = 200
_ASKING, _FRAGMENT, _MEMORY, _HOW_MUCH = (re.compile(p) for p in
                                          (words.ASKING, words.FRAGMENT, words.MEMORY, words.HOW_MUCH))
_DIVIDE, _SUBTRACT, _ADD, _EACH, _DIFFERENCE = (re.compile(p) for p in
                                                (words.DIVIDE, words.SUBTRACT, words.ADD, words.EACH, words.DIFFERENCE))
_OFF, _ON, _OF, _WITH = (re.compile(p) for p in
                         (words.PERCENT_OFF, words.PERCENT_ON, words.PERCENT_OF, words.PERCENT_WITH))
_TAKEN_FROM, _FROM_BEFORE = re.compile(words.TAKEN_FROM), re.compile(words.FROM_BEFORE)
_WHOLE_CURRENCIES = ("KRW", "JPY")  # written without cents


@dataclass(frozen=True)
class SaidSum:
    """A sum read from a question: the calculator's expression, the sum as shown to the person (`12만원 × 3`), and
    how its result is written (unit, scale word, decimals, the question's language for the full stop)."""

    expression: str
    shown: str
    unit: Unit | None
    scale: str
    language: str

    @property
    def places(self) -> int:
        """The decimals a result keeps: none for won and yen, cents otherwise."""
        return 0 if self.unit is not None and self.unit.name in _WHOLE_CURRENCIES else 2

    def stated(self, result: str) -> str:
        """The sum and its result as the reply opens with it: `12만원 × 3 = 36만원 (360,000원).`"""
        try:
            exact = Decimal(result)
        except InvalidOperation:
            return f"{self.shown} = {result}" + self.full_stop
        value = exact.quantize(Decimal(1).scaleb(-self.places), rounding=ROUND_HALF_UP)
        sign = "=" if value == exact else "≈"
        text = f"{self.shown} {sign} {written(value, self.unit, self.scale)}"
        if self.scale and written(value, self.unit, self.scale) != written(value, self.unit):
            text += f" ({written(value, self.unit)})"
        return text + self.full_stop

    @property
    def full_stop(self) -> str:
        """The full stop of the question's language: `。` after a Chinese sum."""
        return "。" if self.language == "zh" else "."


def _language(text: str) -> str:
    """The script a question is written in: Korean, Chinese, else English."""
    if re.search(r"[가-힣]", text):
        return "ko"
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


def _number(value: Decimal) -> str:
    """A value as the calculator reads it: plain digits, no exponent."""
    return format(value.normalize(), "f")


def _skeleton(text: str, found: list[Quantity]) -> str:
    """The question with each quantity as `§`, so the words around the numbers are read apart from them."""
    pieces, at = [], 0
    for quantity in found:
        pieces += [text[at:quantity.start], "§"]
        at = quantity.end
    return ("".join(pieces) + text[at:]).lower()


def _shown(quantity: Quantity, unit: Unit | None = None) -> str:
    """An amount as the person wrote it, in their scale words and unit (a bare `18만` takes the sum's `원`)."""
    return written(quantity.value, quantity.unit or unit, quantity.scale)


def _money_unit(found: list[Quantity]) -> Unit | None | bool:
    """The one currency the amounts share (None when all are bare numbers); False when they mix currencies or
    counts."""
    units = {q.unit.name: q.unit for q in found if q.unit is not None}
    if any(q.kind not in (MONEY, "number") for q in found) or len(units) > 1:
        return False
    return next(iter(units.values()), None)


def _percent(found: list[Quantity], skeleton: str) -> tuple[str, str] | None:
    """A share off, on top of, or of one amount: `50,000원 − 20%`."""
    shares = [q for q in found if q.kind == PERCENT]
    amounts = [q for q in found if q.kind in (MONEY, "number")]
    if len(shares) != 1 or len(amounts) != 1 or len(found) != 2:
        return None
    share, amount = shares[0], amounts[0]
    base, part, shown = _number(amount.value), _number(share.value), _shown(amount)
    if share.unit is not None and share.unit.name == "share" or _OF.search(skeleton) and not _OFF.search(skeleton):
        return f"{base} * {part} / 100", f"{shown} × {plain(share.value)}%"
    if _OFF.search(skeleton):
        return f"{base} * (100 - {part}) / 100", f"{shown} − {plain(share.value)}%"
    if _ON.search(skeleton) and (_ADD.search(skeleton) or _WITH.search(skeleton)):  # "$80 plus a 15% tip"
        return f"{base} * (100 + {part}) / 100", f"{shown} + {plain(share.value)}%"
    if _ON.search(skeleton):  # "a 15% tip on $80": the tip
        return f"{base} * {part} / 100", f"{shown} × {plain(share.value)}%"
    return None


def _divide(found: list[Quantity], skeleton: str) -> tuple[str, str] | None:
    """An amount shared among people or parts: `45 euros ÷ 3`."""
    if not _DIVIDE.search(skeleton) or len(found) != 2:
        return None
    amounts = [q for q in found if q.kind == MONEY] or [q for q in found if q.kind != PERSONS]
    if len(amounts) == 2 and amounts[0].kind == amounts[1].kind == "number":  # "split 90 between 3"
        amounts = [max(amounts, key=lambda q: q.value)]
    parts = [q for q in found if amounts and q is not amounts[0] and (q.kind in COUNTS or q.kind == "number")]
    if len(amounts) != 1 or len(parts) != 1 or not parts[0].value:
        return None
    return f"{_number(amounts[0].value)} / {_number(parts[0].value)}", \
        f"{_shown(amounts[0])} ÷ {plain(parts[0].value)}"


def _subtract(found: list[Quantity], skeleton: str, text: str) -> tuple[str, str] | None:
    """An amount less others of its kind: `80만원 − 18만원`; the one taken from is the one marked so."""
    unit = _money_unit(found)
    if not _SUBTRACT.search(skeleton) or unit is False:
        return None
    marked = [q for q in found if _TAKEN_FROM.match(text, q.end) or _FROM_BEFORE.search(text, 0, q.start)]
    if _DIFFERENCE.search(skeleton):
        marked = [max(found, key=lambda q: q.value)]
    first = marked[0] if len(marked) == 1 else found[0]
    order = [first, *(q for q in found if q is not first)]
    shared = unit if isinstance(unit, Unit) else None
    return " - ".join(_number(q.value) for q in order), " − ".join(_shown(q, shared) for q in order)


def _multiply(found: list[Quantity], skeleton: str, rated: bool) -> tuple[str, str] | None:
    """A price for one (a night, a person, each) times how many: `12만원 × 3`, `300元 × 4`."""
    prices = [q for q in found if q.kind == MONEY]
    if len(prices) != 1 or not (rated or _EACH.search(skeleton)):
        return None
    times = [q for q in found if q is not prices[0]]
    kinds = [q.kind for q in times if q.kind != "number"]
    if not 1 <= len(times) <= 2 or any(q.kind not in (*COUNTS, "number") for q in times) \
            or len(set(kinds)) != len(kinds) or len(times) - len(kinds) > 1:
        return None
    expression = " * ".join(_number(q.value) for q in (prices[0], *times))
    return expression, " × ".join([_shown(prices[0]), *(plain(q.value) for q in times)])


def _add(found: list[Quantity], skeleton: str) -> tuple[str, str] | None:
    """Amounts of one kind put together: `120元 + 80元`."""
    unit = _money_unit(found)
    if not _ADD.search(skeleton) or unit is False:
        return None
    shared = unit if isinstance(unit, Unit) else None
    return " + ".join(_number(q.value) for q in found), " + ".join(_shown(q, shared) for q in found)


def _without_rates(found: list[Quantity]) -> tuple[list[Quantity], bool]:
    """The quantities without the `one` a price is given for (1박에, 一晚, 1인당): it marks a rate, not a count."""
    if not any(q.kind == MONEY for q in found):
        return found, False
    kept = [q for q in found if not (q.kind in COUNTS and q.value == 1)]
    return kept, len(kept) != len(found)


def said_sum(text: str) -> SaidSum | None:
    """The sum a question says in words, or None when it says none (a statement, a question about something said
    earlier, numbers that make no sum together)."""
    if len(text) > MAX_SUM_CHARS:
        return None
    found = quantities(text)
    skeleton = _skeleton(text, found)
    if len(found) < 2 or _MEMORY.search(skeleton) \
            or not (_ASKING.search(skeleton) or _FRAGMENT.match(skeleton) or asks(text)):
        return None
    found, rated = _without_rates(found)
    if len(found) < 2 or not any(q.kind == MONEY for q in found) and not _HOW_MUCH.search(skeleton):
        return None  # "Can I split 3 pizzas between 4 people?" asks no amount
    read = (_percent(found, skeleton) or _divide(found, skeleton) or _subtract(found, skeleton, text)
            or _multiply(found, skeleton, rated) or _add(found, skeleton))
    if read is None:
        return None
    money = [q for q in found if q.kind == MONEY]
    lead = money[0] if money else next((q for q in found if q.kind != PERCENT), found[0])
    unit = lead.unit if lead.kind == MONEY or len({q.kind for q in found}) == 1 else None
    return SaidSum(read[0], read[1], unit, lead.scale, _language(text))
