"""A Korean or Chinese word is found inside a sentence by recall's search and by the search across chats, on
both backends: 지우, 지우가 and 지우는 find one another, 콩 finds "콩이랑", 부산 finds "부산에서", a Chinese word
is found inside a run of characters, and English is searched by its stems as before."""

import pytest

from graph.request.words import query_words
from graph.storage.base import Storage

pytestmark = pytest.mark.storage

TURNS = {1: "지우가 콩이랑 산책했어", 2: "주말에 부산에서 회 먹었어", 3: "给房东周叔发了消息，他说下周来修空调",
         4: "I donated my old books to the library", 5: "오늘은 그냥 집에 있었어"}


@pytest.fixture
def stored(storage: Storage) -> Storage:
    """A session whose turns are Korean, Chinese and English sentences."""
    for turn, text in TURNS.items():
        storage.recall_add("s", turn, "2025-01-01", {"user": text, "assistant": "응"}, 10)
    storage.record_session("s", "words", len(TURNS))
    return storage


def found_by_recall(storage: Storage, question: str) -> list[int]:
    return [turn for turn, *_ in storage.recall_search("s", query_words(question), 99, 10)]


def found_across_chats(storage: Storage, question: str) -> list[int]:
    return [hit["turn"] for hit in storage.search_turns(query_words(question), 10)]


@pytest.mark.parametrize("question", ["지우", "지우가", "지우는", "지우는 뭐 했어?"])
def test_a_korean_name_is_found_whatever_its_particle(stored: Storage, question: str):
    assert found_by_recall(stored, question)[:1] == [1]
    assert found_across_chats(stored, question)[:1] == [1]


@pytest.mark.parametrize(("question", "turn"), [("콩", 1), ("부산", 2), ("부산에서 뭐 먹었지?", 2),
                                                ("周叔", 3), ("房东是谁", 3), ("空调", 3), ("donate", 4)])
def test_a_word_inside_a_sentence_is_found(stored: Storage, question: str, turn: int):
    assert found_by_recall(stored, question)[:1] == [turn]
    assert found_across_chats(stored, question)[:1] == [turn]


def test_the_search_across_chats_marks_the_word_where_it_was_said(stored: Storage):
    assert "**지우**가" in stored.search_turns(query_words("지우는"), 1)[0]["snippet"]
    assert "**周叔**" in stored.search_turns(query_words("周叔"), 1)[0]["snippet"]


def test_a_changed_or_removed_turn_is_searched_as_it_is_now(stored: Storage):
    stored.recall_add("s", 1, "2025-01-01", {"user": "민석이랑 클라이밍 갔어"}, 10)
    assert found_by_recall(stored, "지우") == [] and found_by_recall(stored, "민석") == [1]
    stored.recall_remove_from("s", 1)
    assert found_across_chats(stored, "부산") == []


def test_a_documents_korean_or_chinese_word_is_found_inside_a_sentence(storage: Storage):
    storage.add_document("s", "notes", 40, "indexed", "", ["지우가 부산에서 식당을 열었어", "房东周叔下周来修空调"])
    assert [contents for _, contents, _ in storage.search_chunks("s", query_words("지우는 어디서?"), 5)] == [
        "지우가 부산에서 식당을 열었어"]
    assert [contents for _, contents, _ in storage.search_chunks("s", query_words("周叔"), 5)] == [
        "房东周叔下周来修空调"]
