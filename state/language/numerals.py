"""What a number said in words is worth: English number words ("two hundred", "a dozen") and the scale words of
Korean and Chinese (3만 5천, 1억 2천만, 两百, 三千五, 1.2万), which no one library reads in all three languages."""

import re
from decimal import Decimal, InvalidOperation

_ENGLISH_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen"
).split()
ENGLISH_VALUES: dict[str, int] = {word: n for n, word in enumerate(_ENGLISH_UNITS)}
ENGLISH_VALUES.update({word: 10 * n for n, word in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)})
ENGLISH_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "dozen": 12}
ENGLISH_WORD = "|".join(sorted([*ENGLISH_VALUES, *ENGLISH_SCALES], key=len, reverse=True))

CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9, "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
SMALL_SCALES = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1_000, "仟": 1_000,
                "십": 10, "백": 100, "천": 1_000}
LARGE_SCALES = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000,
                "만": 10_000, "억": 100_000_000, "조": 1_000_000_000_000}
KOREAN_NATIVE = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4, "다섯": 5, "여섯": 6,
                 "일곱": 7, "여덟": 8, "아홉": 9, "열": 10, "열한": 11, "열두": 12, "스무": 20, "스물": 20}
_ARABIC = re.compile(r"\d+(?:\.\d+)?")
_PIECE = re.compile(r"\d+(?:\.\d+)?|.")


def decimal_of(digits: str) -> Decimal | None:
    """Digits as written (`1,200`, `3.5`), exactly; None when they are not a number."""
    try:
        return Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return None


def cjk_value(text: str) -> Decimal | None:
    """A number written with Korean or Chinese scale words, digits and numerals mixed (`3만 5천` 35000, `1억 2천만`
    120000000, `两百` 200, `三千五` 3500, `一百零五` 105, `1.2万` 12000); None when it is not one."""
    total, section, number = Decimal(0), Decimal(0), None
    last_scale, after_zero, digits_run = 0, False, 0
    for piece in _PIECE.findall(text.replace(",", "").replace(" ", "")):
        if _ARABIC.fullmatch(piece) or piece in CJK_DIGITS:
            if number is not None and piece in CJK_DIGITS and digits_run:
                number = number * 10 + CJK_DIGITS[piece]  # 二〇二四 read digit by digit
            else:
                number = Decimal(piece) if _ARABIC.fullmatch(piece) else Decimal(CJK_DIGITS[piece])
            digits_run += 1
            after_zero = after_zero or piece in ("零", "〇")
        elif piece in SMALL_SCALES:
            section += (Decimal(1) if number is None else number) * SMALL_SCALES[piece]
            number, last_scale, digits_run = None, SMALL_SCALES[piece], 0
        elif piece in LARGE_SCALES:
            scale = LARGE_SCALES[piece]
            if number is None and not section and not total:
                number = Decimal(1)  # 만원: ten thousand
            if scale > 10_000:
                total = (total + section + (number or 0)) * scale
                section = Decimal(0)
            else:
                section = (section + (number or 0)) * scale
            number, last_scale, digits_run = None, scale, 0
        else:
            return None
    if number is not None and last_scale >= 100 and not after_zero and digits_run == 1 and number < 10 \
            and number == int(number):
        number *= last_scale // 10  # 三千五 is 3500, 一万二 12000: the next smaller place, unsaid
    return total + section + (number if number is not None else Decimal(0))


def english_value(words: str) -> Decimal | None:
    """A number said in English words (`two hundred and five`, `a dozen`, `twelve hundred`, `3 million`); None when
    the words hold no number."""
    total, current, seen = Decimal(0), Decimal(0), False
    for word in re.split(r"[\s-]+", words.lower().strip()):
        if word in ("", "and"):
            continue
        if word == "a":
            current = current or Decimal(1)
            continue
        if _ARABIC.fullmatch(word):
            current += Decimal(word)
            seen = True
        elif word in ENGLISH_VALUES:
            current += ENGLISH_VALUES[word]
            seen = True
        elif word in ("hundred", "dozen"):
            current = (current or Decimal(1)) * ENGLISH_SCALES[word]
            seen = True
        elif word in ENGLISH_SCALES:
            total += (current or Decimal(1)) * ENGLISH_SCALES[word]
            current, seen = Decimal(0), True
        else:
            return None
    return total + current if seen else None
