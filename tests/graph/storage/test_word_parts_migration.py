"""A database indexed before a Korean noun's parts were is indexed again when it opens, on both backends: its
stored turns and document chunks are found by a word inside a longer one (제주 in "제주도에서 ...", 콩이 in
"콩이가 ..."), the turns added after follow the same index, and the SQLite index stays whole."""

import json
import sqlite3
from contextlib import closing

import psycopg
import pytest

from graph.request.words import query_words, search_words
from graph.storage.shared.common import record_body
from graph.storage.shared.dialect import Rows
from graph.storage.sqlite import schema as sqlite_schema
from state.words import glued_words

pytestmark = pytest.mark.storage

BEFORE_PARTS = {"sqlite": 15, "postgres": 18}  # the schema before a noun's parts were indexed
TURNS = [(1, {"user": "제주도에서 회 먹었어", "assistant": "맛있었겠다"}),
         (2, {"user": "콩이가 아파서 병원에 갔어", "assistant": "괜찮아?"}),
         (3, {"user": "문제가 있어서 제출을 미뤘어", "assistant": "그렇구나"}),
         (4, {"user": "I donated my old books", "assistant": "Nice."})]
CHUNK = "제주도에서 사흘 묵어요"


def before_parts(rows: Rows, backend: str) -> None:
    """The database as the release before left it: each turn's and chunk's words without a noun's parts."""
    rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, words) "
                     "VALUES ('a', ?, '2025-01-01', ?, 10, ?)",
                     [(turn, json.dumps(record, ensure_ascii=False), " ".join(glued_words(record_body(record))))
                      for turn, record in TURNS])
    rows.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('a', '')")
    rows.execute("INSERT INTO documents (id, thread_id, title, tokens, mode, content, created_at) "
                 "VALUES (1, 'a', 'notes', 9, 'indexed', '', '')")
    rows.execute("INSERT INTO document_chunks (contents, words, title, thread_id, document_id) "
                 "VALUES (?, ?, 'notes', 'a', 1)", (CHUNK, " ".join(glued_words(CHUNK))))


@pytest.fixture
def migrated(migrated_from):
    """The older database, opened (and so migrated) by the current storage."""
    return migrated_from(BEFORE_PARTS, before_parts)


def found(storage, question: str) -> tuple[list[int], list[int]]:
    return ([turn for turn, *_ in storage.recall_search("a", query_words(question), 99, 5)],
            [hit["turn"] for hit in storage.search_turns(search_words(question), 5)])


def stored_words(database: str, turn: int) -> list[str]:
    """The words the index keeps of a stored turn, read from the database itself."""
    if database.startswith("postgresql"):
        with psycopg.connect(database) as conn:
            row = conn.execute("SELECT words FROM recall_turns WHERE turn = %s", (turn,)).fetchone()
    else:
        with closing(sqlite3.connect(database)) as conn:
            row = conn.execute("SELECT words FROM recall_turns WHERE turn = ?", (turn,)).fetchone()
    assert row is not None
    return str(row[0]).split()


@pytest.mark.parametrize(("question", "turn"), [("제주", 1), ("제주도", 1), ("콩이", 2), ("콩이는", 2),
                                                ("donate", 4)])
def test_the_stored_turns_are_found_by_a_word_inside_a_longer_one(migrated, question: str, turn: int):
    assert found(migrated, question) == ([turn], [turn])


def test_the_stored_words_hold_each_nouns_parts(migrated, database: str):
    assert stored_words(database, 1) == ["제주도", "제주", "회", "먹", "맛있"]
    assert stored_words(database, 2)[:2] == ["콩이", "콩"]


def test_the_stored_document_chunks_are_found_by_a_part(migrated):
    assert [contents for _, contents, _ in migrated.search_chunks("a", query_words("제주"), 5)] == [CHUNK]


def test_turns_added_after_are_found_alike(migrated):
    migrated.recall_add("a", 5, "2025-01-02", {"user": "제주시에서 콩이 사진 찍었어"}, 8)
    for question, turns in (("제주", [1, 5]), ("콩이가", [2, 5])):
        by_recall, across_chats = found(migrated, question)
        assert sorted(by_recall) == turns and sorted(across_chats) == turns


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_sqlite_index_is_whole_after_the_migration(database: str, migrated):
    with closing(sqlite3.connect(database)) as conn:
        conn.execute("INSERT INTO recall_fts (recall_fts, rank) VALUES ('integrity-check', 1)")
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == len(sqlite_schema.MIGRATIONS)
