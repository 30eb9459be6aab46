"""A word said inside a longer one is found, on both backends alike, by recall's search and by the search across
chats: 제주 in 제주도에/제주도에서/제주도는, 콩이 in 콩이는 and 콩이가, 成都 in 去成都的, as Elasticsearch's nori
decompounding finds them; a word that only shares a syllable or a character (제출, 都) is not found."""

import pytest

from graph.request.words import query_words, search_words
from graph.storage.base import Storage

pytestmark = pytest.mark.storage

TURNS = {1: "이번 여름에 제주도에 가려고", 2: "제주도에서 회 먹었어", 3: "제주도는 처음이야",
         4: "문제가 있어서 제출을 미뤘어", 5: "우리 강아지 콩이는 세 살이야", 6: "콩이가 아파서 병원에 갔어",
         7: "我们下个月去成都的时候吃火锅", 8: "作业都完成了", 9: "We flew to Jeju island", 10: "김치찌개 끓였어"}


@pytest.fixture
def stored(storage: Storage) -> Storage:
    """A session whose turns say words inside longer words, and words that only share a syllable with them."""
    for turn, text in TURNS.items():
        storage.recall_add("s", turn, "2025-01-01", {"user": text, "assistant": "응"}, 10)
    storage.record_session("s", "words inside words", len(TURNS))
    return storage


def found_by_recall(storage: Storage, question: str) -> set[int]:
    return {turn for turn, *_ in storage.recall_search("s", query_words(question), 99, 20)}


def found_across_chats(storage: Storage, question: str) -> set[int]:
    return {hit["turn"] for hit in storage.search_turns(search_words(question), 20)}


@pytest.mark.parametrize(("question", "turns"), [("제주", {1, 2, 3}), ("제주도", {1, 2, 3}), ("제주에서", {1, 2, 3}),
                                                 ("콩이", {5, 6}), ("콩이는", {5, 6}), ("콩이가", {5, 6}),
                                                 ("김치", {10}), ("찌개", {10}), ("成都", {7}), ("jeju", {9})])
def test_a_word_is_found_inside_a_longer_one(stored: Storage, question: str, turns: set[int]):
    assert found_across_chats(stored, question) == turns
    assert found_by_recall(stored, question) >= turns


def test_recall_ranks_the_turn_that_says_the_word_first(stored: Storage):
    assert [turn for turn, *_ in stored.recall_search("s", query_words("成都"), 99, 1)] == [7]
    assert [turn for turn, *_ in stored.recall_search("s", query_words("제주도에서 뭐 먹었지?"), 99, 1)] == [2]


def test_the_search_across_chats_marks_the_part_where_it_was_said(stored: Storage):
    snippets = [hit["snippet"] for hit in stored.search_turns(search_words("제주"), 20)]
    assert len(snippets) == 3 and all("**제주**도" in snippet for snippet in snippets)
    assert "**成都**" in stored.search_turns(search_words("成都"), 1)[0]["snippet"]


def test_a_documents_compound_is_found_by_its_part(storage: Storage):
    storage.add_document("s", "여행", 40, "indexed", "", ["제주도에서 사흘 묵어요", "문제가 생기면 연락해요"])
    assert [contents for _, contents, _ in storage.search_chunks("s", query_words("제주"), 5)] == [
        "제주도에서 사흘 묵어요"]
