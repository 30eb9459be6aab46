"""Numbers as people write them, in English, Korean and Chinese: digits with separators, scale words (3만 5천원,
1억 2천만, 80万, 3.5k, two hundred, 两百, 三千五), number words (a dozen, 세 명, 셋이서) and the unit beside them
(원, 元, euros, $, 박, 晚, nights); each read as a typed quantity, and a result written back the same way."""

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from state.language.numerals import ENGLISH_WORD, KOREAN_NATIVE, cjk_value, decimal_of, english_value
from state.language.units import MONEY, PERCENT, PERSONS, Unit, spaced, unit_after, unit_before

_WIDE = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}  # full-width forms, same length
_WIDE_FORMS = re.compile("[\uff01-\uff5e]")
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_ZH = "零〇一二两兩三四五六七八九十百千万亿萬億拾佰仟"
_SMALL, _LARGE = "十百千拾佰仟십백천", "万亿萬億만억조"
_GROUP = rf"(?:{_DIGITS})[{_ZH}십백천만억조]*|[{_ZH}]+"
_AFTER_SCALE = "(?:" + "|".join(f"(?<={scale})" for scale in ("hundred", "thousand", "million", "billion")) + ")"
_NATIVE = "|".join(sorted(KOREAN_NATIVE, key=len, reverse=True))
_STARTS = f"(?=[\\d{_ZH}일이삼사오육칠팔구십백천만억조한하두둘세셋네넷다여아열스azotfsenhmbd])"  # a quick first test
_SPAN = re.compile(
    rf"{_STARTS}(?:(?P<percent>百分之(?:{_DIGITS}|[{_ZH}]+))"
    rf"|(?P<discount>(?:{_DIGITS}|[一二三四五六七八九]五?)(?:[.点][五\d])?折)"
    rf"|(?P<words>(?<![a-z])(?:(?:a|{_DIGITS})\s+(?=(?:hundred|thousand|million|billion|dozen)\b))?"
    rf"(?:{ENGLISH_WORD})(?:(?:[\s-]+|{_AFTER_SCALE}\s+and\s+)(?:{ENGLISH_WORD}))*(?![a-z]))"
    rf"|(?P<kilo>(?<![\w.])(?:{_DIGITS})\s?k(?![a-z]))"
    rf"|(?P<hangul>(?<![가-힣])[일이삼사오육칠팔구십백천만억]*[십백천만억][일이삼사오육칠팔구십백천만억]*(?=\s?원))"
    rf"|(?P<native>(?<![가-힣])(?:{_NATIVE})(?=\s?(?:명|사람|분|개|박|번(?!째)|잔|장|권|병|마리|시간)"
    rf"|(?<=[둘셋넷섯섯])(?:이서|이면|이가|이)))"
    rf"|(?P<cjk>(?<![a-z\d.])(?:{_GROUP})(?:(?:(?<=[{_SMALL}])|(?<=[{_LARGE}])\s?)(?:{_GROUP}))*))",
    re.IGNORECASE)
_NOT_AMOUNT_AFTER = re.compile(
    r"\s?(?:년|월|일(?!곱)|시(?!간)|분(?!이)|초|호|층|번째|등|위|차|살|세(?=[\s,.!?]|$)|号|號|日|月|年|点|點|分|秒|楼|樓|层|層|"
    r"岁|歲|路|st\b|nd\b|rd\b|th\b|am\b|pm\b|a\.m|p\.m|o'?clock|years? old)|[:/\-]\d|[a-z]", re.IGNORECASE)
_NOT_AMOUNT_BEFORE = re.compile(
    r"(?:第|#|no\.\s?|room\s|version\s|chapter\s|page\s|turn\s|step\s|v|\d[:/\-]|[a-z])$", re.IGNORECASE)
_ZH_ONLY = re.compile(rf"^[{_ZH}]+$")
_ZH_STANDS_ALONE = re.compile(r"^[零〇一二两兩三四五六七八九十].*[十百千万亿萬億拾佰仟]|^十.")


@dataclass(frozen=True)
class Quantity:
    """A number as written in a text: its exact value, what it counts (None for a bare number), where it stands,
    and the scale word it was written with (`만`, `万`, `k`), so a result can be written the same way."""

    value: Decimal
    unit: Unit | None
    start: int
    end: int
    scale: str = ""

    @property
    def kind(self) -> str:
        """What it counts: money, persons, nights, …; `number` for a bare number."""
        return self.unit.kind if self.unit else "number"


def _scale_of(text: str) -> str:
    """The largest scale word a number was written with: how a result in its style is written."""
    for scale, words in (("억", "억"), ("만", "만"), ("万", "万萬亿億"), ("k", "kK")):
        if any(char in text for char in words):
            return "万" if scale == "万" else ("만" if scale == "억" else scale)
    return ""


def _value(kind: str, text: str) -> Decimal | None:
    """The value of one matched number by the way it is written."""
    if kind == "percent":
        return cjk_value(text[3:])
    if kind == "discount":
        share = text[:-1].replace("点", ".")
        value = decimal_of(share) if re.fullmatch(_DIGITS, share) else cjk_value(share.replace(".", ""))
        return None if value is None else value * (10 if value < 10 else 1)  # 八折 pays 80%, 85折 85%
    if kind == "words":
        return english_value(text)
    if kind == "kilo":
        value = decimal_of(text.rstrip("kK ").strip())
        return None if value is None else value * 1000
    if kind == "native":
        return Decimal(KOREAN_NATIVE[text])
    return cjk_value(text)


def quantities(text: str) -> list[Quantity]:
    """Every number in `text` with what it counts, left to right; dates, times, phone numbers, ordinals, room and
    version numbers are not quantities and are left out."""
    text = text.translate(_WIDE) if _WIDE_FORMS.search(text) else text
    found: list[Quantity] = []
    for match in _SPAN.finditer(text):
        kind = match.lastgroup or ""
        written = match.group().strip()
        value = _value(kind, written)
        start, end = match.start(), match.start() + len(match.group().rstrip())
        if value is None or _NOT_AMOUNT_BEFORE.search(text, max(0, start - 9), start) and kind != "percent":
            continue
        unit: Unit | None = None
        if kind in ("percent", "discount"):
            unit = Unit(PERCENT, "share" if kind == "discount" else "percent", "%")
        elif (after := unit_after(text, end)) is not None:
            unit, end = after
        elif kind == "native":
            unit = Unit(PERSONS, "person", "")  # 셋이서, 세 분: three people
        elif _NOT_AMOUNT_AFTER.match(text, end):
            continue
        if (before := unit_before(text, start)) is not None and (unit is None or unit.kind == MONEY):
            unit, start = before[0], before[1]
        if unit is None and kind == "cjk" and _ZH_ONLY.match(written) and not _ZH_STANDS_ALONE.match(written):
            continue  # 一 of 一共, 千万, 万一: Chinese numerals stand alone only as a number with a scale word
        if unit is None and kind == "words" and written.lower() in ("one", "a"):
            continue  # "which one", "one of them"
        found.append(Quantity(value, unit, start, end, _scale_of(written)))
    return found


def plain(value: Decimal, places: int = 2) -> str:
    """A value in digits with thousands separators and no needless decimals (`1,200`, `33.33`, `15`)."""
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = f"{rounded:,.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _korean(value: Decimal) -> str:
    """A whole amount the way Korean writes it with 억 and 만 (36만, 3만 5천, 1억 2천만, 1,250만)."""
    whole = int(value)
    eok, rest = divmod(whole, 100_000_000)
    man, ones = divmod(rest, 10_000)
    parts = [f"{eok:,}억"] if eok else []
    if man:
        parts.append(f"{man // 1000}천만" if man % 1000 == 0 else f"{man:,}만")
    if ones:
        parts.append(f"{ones // 1000}천" if ones % 1000 == 0 else f"{ones:,}")
    return " ".join(parts) or "0"


def _chinese(value: Decimal) -> str:
    """An amount the way Chinese writes it with 亿 and 万 (62万, 3.5万, 1.2亿)."""
    for size, word in ((100_000_000, "亿"), (10_000, "万")):
        if abs(value) >= size:
            return plain(value / size, 4) + word
    return plain(value)


def in_scale(value: Decimal, scale: str) -> str:
    """A value written with the scale words a person used (`만`, `万`, `k`), else in plain digits."""
    if scale == "만" and value == int(value) and abs(value) >= 10_000:
        return ("-" if value < 0 else "") + _korean(abs(value))
    if scale == "万":
        return _chinese(value)
    if scale == "k" and abs(value) >= 1000:
        return plain(value / 1000, 3) + "k"
    return plain(value)


def with_unit(number: str, unit: Unit | None, plural: bool = True) -> str:
    """A number written with its unit where that unit stands: `$36`, `36만원`, `15 euros`, `1,200元`."""
    if unit is None or not unit.written:
        return number
    spelling = unit.spelled(plural)
    if unit.before:
        return f"{spelling}{number}" if not spelling[-1].isalpha() else f"{spelling} {number}"
    return f"{number} {spelling}" if spaced(unit) else f"{number}{spelling}"


def written(value: Decimal, unit: Unit | None, scale: str = "") -> str:
    """A value as the person would write it, with their scale words and unit (`36만원`, `$36`, `15 euros`)."""
    return with_unit(in_scale(value, scale), unit, plural=value != 1)
