"""Names and relations in Korean and Chinese: a one-syllable surname with a title is a name, so are the ways
Chinese people are called, and the words of one relation within a language are one key."""

import pytest

from graph.recall.entities import entities_of, named_in

pytestmark = pytest.mark.unit


def test_a_one_syllable_surname_with_a_title_is_a_name():
    assert "황 사장" in entities_of("황 사장님이 에어컨을 고쳐 줬어")
    assert "박 과장" in entities_of("박 과장님한테 보고했어") and "박 과장" in entities_of("박과장님 회의")
    assert "황 사장" in named_in("에어컨 고친 황 사장님 번호 뭐였지?", {"황 사장"})
    assert not any(key.startswith("그 ") for key in entities_of("그 사장님이 친절했어"))  # "that", not a surname


def test_chinese_names_are_found_however_the_run_is_cut():
    assert {"老王", "小林"} <= entities_of("老王帮我修了空调，小林也来了")
    assert "周叔" in entities_of("给房东周叔发了消息")


def test_the_words_of_one_relation_are_one_key_within_their_language():
    younger, older = entities_of("여동생이 부산에 살아"), entities_of("남동생은 대전에 있어")
    assert "동생" in younger & older
    assert "집주인" in entities_of("주인집 아저씨가 왔어") & entities_of("집주인한테 월세 보냈어")
    assert "房东" in entities_of("房主说要涨房租") & entities_of("我给房东发了消息")
    assert "집주인" not in entities_of("房东")  # each language's own words
