"""A database indexed before Korean and Chinese were segmented is indexed again when it opens: its stored turns
and document chunks are found by a word inside a sentence (지우 in "지우가 ...", 周叔 in "给房东周叔发了消息"),
on both backends, and the turns added after follow the same index."""

import json
import sqlite3
from contextlib import closing

import pytest

from graph.request.words import query_words
from graph.storage.shared.dialect import Rows
from graph.storage.sqlite import schema as sqlite_schema

pytestmark = pytest.mark.storage

BEFORE_WORDS = {"sqlite": 11, "postgres": 14}  # the schema before the segmented words were indexed
TURNS = [(1, {"user": "지우가 콩이랑 산책했어", "assistant": "좋았겠다"}),
         (2, {"user": "给房东周叔发了消息", "assistant": "好的"}),
         (3, {"user": "I donated my old books", "assistant": "Nice."})]


def before_words(rows: Rows, backend: str) -> None:
    """The database as the code before segmenting left it, its turns and chunks indexed as written."""
    rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens) "
                     "VALUES ('a', ?, '2025-01-01', ?, 10)",
                     [(turn, json.dumps(record, ensure_ascii=False)) for turn, record in TURNS])
    rows.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('a', '')")
    rows.execute("INSERT INTO documents (id, thread_id, title, tokens, mode, content, created_at) "
                 "VALUES (1, 'a', 'notes', 9, 'indexed', '', '')")
    rows.execute("INSERT INTO document_chunks (contents, title, thread_id, document_id) "
                 "VALUES ('지우가 부산에서 식당을 열었어', 'notes', 'a', 1)")


@pytest.fixture
def migrated(migrated_from):
    """The older database, opened (and so migrated) by the current storage."""
    return migrated_from(BEFORE_WORDS, before_words)


def found(storage, question: str) -> tuple[list[int], list[int]]:
    words = query_words(question)
    return ([turn for turn, *_ in storage.recall_search("a", words, 99, 5)],
            [hit["turn"] for hit in storage.search_turns(words, 5)])


@pytest.mark.parametrize(("question", "turn"), [("지우는", 1), ("콩", 1), ("周叔", 2), ("donate", 3)])
def test_the_stored_turns_are_found_by_their_words(migrated, question: str, turn: int):
    assert found(migrated, question) == ([turn], [turn])


def test_the_stored_document_chunks_are_found_by_their_words(migrated):
    assert [contents for _, contents, _ in migrated.search_chunks("a", query_words("부산"), 5)] == [
        "지우가 부산에서 식당을 열었어"]
    migrated.remove_document("a", 1)
    assert migrated.search_chunks("a", query_words("부산"), 5) == []


def test_turns_added_after_are_found_alike(migrated):
    migrated.recall_add("a", 4, "2025-01-02", {"user": "부산에서 지우 만났어"}, 8)
    migrated.recall_add("a", 1, "2025-01-01", {"user": "오늘은 집에 있었어"}, 8)
    assert found(migrated, "지우가") == ([4], [4])
    assert found(migrated, "부산") == ([4], [4])


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_sqlite_index_is_whole_after_the_migration(database: str, migrated):
    with closing(sqlite3.connect(database)) as conn:
        conn.execute("INSERT INTO recall_fts (recall_fts, rank) VALUES ('integrity-check', 1)")
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == len(sqlite_schema.MIGRATIONS)
