"""A Korean noun is indexed with the parts Kiwi reads it as (nori's decompounding): a compound by its nouns, a
name by its stem without 이; a word Kiwi reads whole is not cut, and a search looks for each form the index keeps."""

import pytest

from graph.request.words import search_words
from state.words import index_words, noun_parts, searched_forms, searched_words

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("noun", "parts"), [("제주도", ("제주",)), ("성수동", ("성수",)),
                                             ("김치찌개", ("김치", "찌개")), ("콩이", ("콩",)), ("회사원", ("회사",))])
def test_a_compound_or_a_name_said_with_its_i_is_read_as_its_parts(noun: str, parts: tuple[str, ...]):
    assert noun_parts(noun) == parts


@pytest.mark.parametrize("noun", ["고양이", "강아지", "스타벅스", "해운대", "콩", "지우", "Jeju"])
def test_a_word_read_whole_keeps_no_parts(noun: str):
    assert noun_parts(noun) == ()


def test_the_index_keeps_a_noun_and_then_its_parts():
    assert index_words("제주도에서 회 먹었어") == ["제주도", "제주", "회", "먹"]
    assert index_words("콩이가 아파") == ["콩이", "콩", "아프"]
    assert "제" not in index_words("제주도는 처음이야") and index_words("I went to Jeju") == []


def test_a_searched_word_is_looked_for_as_the_index_keeps_it():
    assert searched_forms("제주도에서") == ["제주도에서", "제주도", "제주"]
    assert searched_forms("콩이는") == ["콩이는", "콩"]
    assert searched_forms("周叔发") == ["周叔发", "周叔", "叔发"]  # its pairs, not every character
    assert searched_forms("Jeju") == ["Jeju"]
    assert searched_words(["제주도", "제주", "jeju"]) == ["제주도", "제주", "jeju"]


def test_the_search_across_chats_leaves_out_a_longer_chinese_words_characters():
    assert search_words("成都") == ["成都"]
    assert search_words("周") == ["周"]
    assert sorted(search_words("成都 火锅 wifi")) == ["wifi", "成都", "火锅"]
