"""Documents are stored, listed, removed and searched alike on both backends, Korean and Chinese included."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage

KOREAN = "우리 회사의 연차 휴가는 15일입니다"
CHINESE = "年假是十五天"
FILLER = ["The parking garage opens at seven in the morning.", "Lunch is served in the cafeteria on floor two.",
          "Security badges must be worn at all times.", "The printer on floor three needs toner."]


def test_add_list_remove_and_whole_documents(storage: Storage):
    whole = storage.add_document("s", "notes.txt", 12, "whole", "Small notes", [])
    indexed = storage.add_document("s", "manual.pdf", 4000, "indexed", "long text", ["part one", "part two"])
    storage.add_document("other", "theirs.txt", 5, "whole", "Not yours", [])
    assert [(d.id, d.title, d.tokens, d.mode) for d in storage.list_documents("s")] == [
        (whole, "notes.txt", 12, "whole"), (indexed, "manual.pdf", 4000, "indexed")]
    assert storage.whole_documents("s") == [{"title": "notes.txt", "contents": "Small notes"}]
    assert storage.has_documents("s") and storage.has_documents("other")
    assert not storage.has_documents("nobody")
    storage.remove_document("s", indexed)
    assert [d.id for d in storage.list_documents("s")] == [whole]
    assert storage.has_documents("s")  # the whole document is still there
    assert storage.search_chunks("s", ["part"], 5) == []
    storage.remove_document("other", whole)  # another session's id: nothing happens
    assert [d.id for d in storage.list_documents("s")] == [whole]
    storage.remove_document("s", whole)
    assert not storage.has_documents("s") and storage.has_documents("other")


def test_search_ranks_the_matching_chunk_first_with_a_positive_score(storage: Storage):
    storage.add_document("s", "handbook", 3000, "indexed", "",
                         [*FILLER, "Employees get twenty vacation days per year; vacation requests go to HR."])
    storage.add_document("other", "other", 3000, "indexed", "", ["vacation vacation vacation"])
    results = storage.search_chunks("s", ["vacation", "days"], 3)
    assert results[0][0] == "handbook"
    assert results[0][1].startswith("Employees get twenty vacation days")
    assert all(score > 0 for _, _, score in results)
    assert [score for _, _, score in results] == sorted((score for _, _, score in results), reverse=True)
    assert storage.search_chunks("s", ["nonexistentword"], 3) == []
    assert storage.search_chunks("s", [], 3) == []


def test_more_matching_words_score_higher(storage: Storage):
    storage.add_document("s", "doc", 3000, "indexed", "",
                         [*FILLER, "vacation policy", "vacation policy for remote employees"])
    results = storage.search_chunks("s", ["remote", "vacation", "employees"], 5)
    assert results[0][1] == "vacation policy for remote employees"
    assert results[0][2] > results[1][2] > 0


def test_search_words_are_not_query_syntax(storage: Storage):
    storage.add_document("s", "doc", 3000, "indexed", "", [*FILLER, 'quotes " and (parentheses) AND OR NOT * %_'])
    assert storage.search_chunks("s", ['"', "(", "AND", "NOT", "*", "%_", "'"], 3)


def test_korean_words_with_particles_are_found(storage: Storage):
    storage.add_document("s", "규정", 3000, "indexed", "", [*FILLER, KOREAN])
    results = storage.search_chunks("s", ["연차", "휴가"], 3)
    assert results and results[0][1] == KOREAN and results[0][2] > 0


def test_chinese_words_inside_a_sentence_are_found(storage: Storage):
    storage.add_document("s", "规定", 3000, "indexed", "", [*FILLER, CHINESE])
    results = storage.search_chunks("s", ["年假"], 3)
    assert results and results[0][1] == CHINESE and results[0][2] > 0
