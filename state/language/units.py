"""What a number counts, as people write it beside the number: money (원, 元, euros, $), people (명, 人, of us),
nights (박, 晚, nights), hours, things (개, 个, tickets) and shares (%, 퍼센트, 折), each with its kind."""

import re
from dataclasses import dataclass

MONEY, PERSONS, NIGHTS, DAYS, HOURS, ITEMS, PERCENT = "money", "persons", "nights", "days", "hours", "items", "percent"
COUNTS = (PERSONS, NIGHTS, DAYS, HOURS, ITEMS)


@dataclass(frozen=True)
class Unit:
    """What a number counts: its kind, a name the same however it is written (`KRW`, `night`), the spelling used
    (`원`, `euros`, `$`), and whether that spelling stands before the number (`$12`)."""

    kind: str
    name: str
    written: str
    before: bool = False

    def spelled(self, plural: bool) -> str:
        """The unit's spelling for a result: English words agree with the number (1 euro, 15 euros)."""
        forms = _SINGULAR_PLURAL.get(self.written.lower())
        return forms[1 if plural else 0] if forms else self.written


# Spellings after a number: (pattern, kind, name); the longest spelling wins where several start alike.
AFTER: tuple[tuple[str, str, str], ...] = (
    (r"원", MONEY, "KRW"), (r"won", MONEY, "KRW"), (r"krw", MONEY, "KRW"),
    (r"块钱|块|塊|元|yuan|rmb|cny|人民币", MONEY, "CNY"),
    (r"euros?|eur|€|유로|欧元", MONEY, "EUR"),
    (r"dollars?|bucks?|usd|달러|美元|美金", MONEY, "USD"),
    (r"pounds?|quid|gbp|파운드|英镑", MONEY, "GBP"),
    (r"yen|jpy|円|日元|엔", MONEY, "JPY"),
    (r"명|사람|(?:인)(?=당|분|[이가은을의]|\s|$)|个人|個人|口人|位|人|people|persons?|guys|friends|of us|ways|heads",
     PERSONS, "person"),
    (r"박|晚上|晚|夜|nights?", NIGHTS, "night"),
    (r"天|days?|일(?=\s?(?:동안|간|치|이면|이라면))", DAYS, "day"),
    (r"시간|个小时|小时|鐘頭|hours?|hrs?", HOURS, "hour"),
    (r"개|個|个|张|張|件|本|杯|瓶|份|次|번(?!째)|장|잔|권|병|마리|只|条|台|tickets?|items?|pieces?|cups?|bottles?|"
     r"boxes|box|rounds?|meals?|drinks?|coffees?|beers?", ITEMS, "item"),
    (r"%|％|퍼센트|프로|percent|per cent|pct", PERCENT, "percent"),
)
BEFORE: tuple[tuple[str, str, str], ...] = (
    (r"₩|krw", MONEY, "KRW"), (r"¥|￥|rmb|cny|人民币", MONEY, "CNY"), (r"€|eur", MONEY, "EUR"),
    (r"us\$|\$|usd", MONEY, "USD"), (r"£|gbp", MONEY, "GBP"), (r"jpy", MONEY, "JPY"),
)
_SINGULAR_PLURAL = {spelling: pair for pair in (("euro", "euros"), ("dollar", "dollars"), ("pound", "pounds"),
                                                ("buck", "bucks"), ("night", "nights"), ("person", "people"),
                                                ("day", "days"), ("hour", "hours"), ("ticket", "tickets"))
                    for spelling in pair}
_LATIN_END = re.compile(r"[a-z]$", re.IGNORECASE)


def _alternatives(table: tuple[tuple[str, str, str], ...]) -> str:
    """One named group per row, so a match tells which row it was."""
    return "|".join(f"(?P<u{index}>{pattern})" for index, (pattern, _, _) in enumerate(table))


UNIT_AFTER = re.compile(rf"\s?(?:{_alternatives(AFTER)})(?![a-z])", re.IGNORECASE)
UNIT_BEFORE = re.compile(rf"(?<![a-z])(?:{_alternatives(BEFORE)})\s?$", re.IGNORECASE)


def _unit_of(match: re.Match, table: tuple[tuple[str, str, str], ...], before: bool) -> Unit:
    """The row a unit pattern matched, with the spelling as written."""
    index = int(next(name for name, value in match.groupdict().items() if value is not None)[1:])
    _, kind, name = table[index]
    return Unit(kind, name, match.group().strip(), before)


def unit_after(text: str, at: int) -> tuple[Unit, int] | None:
    """The unit written right after a number ending at `at`, and where it ends."""
    match = UNIT_AFTER.match(text, at)
    return (_unit_of(match, AFTER, False), match.end()) if match else None


def unit_before(text: str, at: int) -> tuple[Unit, int] | None:
    """The unit written right before a number starting at `at` ($, €, RMB), and where it starts."""
    match = UNIT_BEFORE.search(text, max(0, at - 5), at)
    return (_unit_of(match, BEFORE, True), match.start()) if match else None


def spaced(unit: Unit) -> bool:
    """Whether a unit spelled in Latin letters stands a space apart from its number (`45 euros`, not `$45`)."""
    return not unit.before and bool(_LATIN_END.search(unit.written)) and unit.kind != PERCENT
