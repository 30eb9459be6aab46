"""Numbers are read as people write them in English, Korean and Chinese, with their units, and written back alike."""

from decimal import Decimal

import pytest

from state.language.numbers import in_scale, quantities, written
from state.language.units import Unit

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("text", "value", "kind", "unit"), [
    ("3만 5천원", 35000, "money", "원"),
    ("12만원", 120000, "money", "원"),
    ("80만원", 800000, "money", "원"),
    ("1억 2천만", 120000000, "number", None),
    ("만원", 10000, "money", "원"),
    ("삼만오천원", 35000, "money", "원"),
    ("80万", 800000, "number", None),
    ("1.2万元", 12000, "money", "元"),
    ("5000元", 5000, "money", "元"),
    ("三百块", 300, "money", "块"),
    ("一百零五元", 105, "money", "元"),
    ("两百", 200, "number", None),
    ("三千五", 3500, "number", None),
    ("一万二", 12000, "number", None),
    ("3.5k", 3500, "number", None),
    ("1,200", 1200, "number", None),
    ("45 euros", 45, "money", "euros"),
    ("$12", 12, "money", "$"),
    ("€9.50", Decimal("9.50"), "money", "€"),
    ("a dozen", 12, "number", None),
    ("two hundred", 200, "number", None),
    ("twelve hundred dollars", 1200, "money", "dollars"),
    ("3 million won", 3000000, "money", "won"),
    ("5박", 5, "nights", "박"),
    ("4晚", 4, "nights", "晚"),
    ("3 nights", 3, "nights", "nights"),
    ("3 of us", 3, "persons", "of us"),
    ("세 명", 3, "persons", "명"),
    ("셋이서", 3, "persons", ""),
    ("两个人", 2, "persons", "个人"),
    ("20%", 20, "percent", "%"),
    ("百分之二十", 20, "percent", "%"),
    ("打八折", 80, "percent", "%"),
])
def test_a_number_is_read_with_its_unit(text, value, kind, unit):
    found = quantities(text)
    assert len(found) == 1, found
    assert found[0].value == Decimal(value) and found[0].kind == kind
    assert (found[0].unit.written if found[0].unit else None) == unit


@pytest.mark.parametrize("text", [
    "call me at 010-1234-5678", "meet at 7:30 on 2024-05-01", "1990년에 태어났어요", "방은 101호야", "5월 3일",
    "千万别忘了", "万一下雨", "一共多少", "三明治", "十分好吃", "4x4 truck", "which one?", "第3名", "mp3 player",
    "3rd place", "我今年30岁",
])
def test_dates_times_phone_numbers_and_words_with_numerals_are_not_quantities(text):
    assert quantities(text) == []


def test_several_quantities_are_found_in_order_where_they_stand():
    text = "300元一晚，住4晚一共多少钱？"
    found = quantities(text)
    assert [(q.value, q.kind) for q in found] == [(300, "money"), (1, "nights"), (4, "nights")]
    assert [text[q.start:q.end] for q in found] == ["300元", "一晚", "4晚"]


def test_full_width_digits_read_like_ascii():
    assert [q.value for q in quantities("１２万元")] == [120000]


@pytest.mark.parametrize(("value", "scale", "shown"), [
    (360000, "만", "36만"), (35000, "만", "3만 5천"), (120000000, "만", "1억 2천만"), (12500000, "만", "1,250만"),
    (620000, "万", "62万"), (35000, "万", "3.5万"), (1200, "万", "1,200"), (10500, "k", "10.5k"),
    (1200, "", "1,200"), (Decimal("33.333"), "", "33.33"),
])
def test_a_result_is_written_in_the_persons_scale_words(value, scale, shown):
    assert in_scale(Decimal(value), scale) == shown


def test_a_result_is_written_with_its_unit_where_the_person_put_it():
    assert written(Decimal(36), Unit("money", "USD", "$", before=True)) == "$36"
    assert written(Decimal(15), Unit("money", "EUR", "euros")) == "15 euros"
    assert written(Decimal(1), Unit("money", "EUR", "euros")) == "1 euro"
    assert written(Decimal(360000), Unit("money", "KRW", "원"), "만") == "36만원"
    assert written(Decimal(1200), Unit("money", "CNY", "元")) == "1,200元"
