"""A database indexed before every word was findable is indexed again when it opens, on both backends: its stored
turns and document chunks are found by a word inside another script's run (iPhone in iPhone을), by a dotted name's
part (node of Node.js), by a Japanese word and by decomposed Hangul; a long turn added after is found by a word past
its record; the SQLite indexes stay whole."""

import json
import sqlite3
import unicodedata
from contextlib import closing

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.recall.records import turn_pieces, turn_record
from graph.request.words import query_words, search_words
from graph.storage.shared.dialect import Rows
from graph.storage.sqlite import schema as sqlite_schema

pytestmark = pytest.mark.storage

BEFORE = {"sqlite": 16, "postgres": 19}  # the schema before long turns were indexed whole
TURNS = [(1, "새 iPhone을 샀어"), (2, "The server runs Node.js now"), (3, "昨日は東京タワーに行きました"),
         (4, unicodedata.normalize("NFD", "서귀포에서 귤을 땄어"))]
CHUNK = "Python으로 스크립트를 짰어"


def before(rows: Rows, backend: str) -> None:
    """The database as the release before left it: words kept only of Korean and Chinese, as written then."""
    rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, words) "
                     "VALUES ('a', ?, '2025-01-01', ?, 10, '')",
                     [(turn, json.dumps({"user": text, "assistant": "ok"}, ensure_ascii=False))
                      for turn, text in TURNS])
    rows.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('a', '')")
    rows.execute("INSERT INTO documents (id, thread_id, title, tokens, mode, content, created_at) "
                 "VALUES (1, 'a', 'notes', 9, 'indexed', '', '')")
    rows.execute("INSERT INTO document_chunks (contents, words, title, thread_id, document_id) "
                 "VALUES (?, '', 'notes', 'a', 1)", (CHUNK,))


@pytest.fixture
def migrated(migrated_from):
    return migrated_from(BEFORE, before)


def found(storage, question: str) -> tuple[list[int], list[int]]:
    return ([turn for turn, *_ in storage.recall_search("a", query_words(question), 99, 5)],
            [hit["turn"] for hit in storage.search_turns(search_words(question), 5)])


@pytest.mark.parametrize(("question", "turn"), [("iPhone", 1), ("node", 2), ("タワー", 3), ("서귀포", 4)])
def test_the_stored_turns_are_found_by_every_word(migrated, question: str, turn: int):
    assert found(migrated, question) == ([turn], [turn])


def test_the_stored_chunks_are_found_by_a_word_inside_a_glued_run(migrated):
    assert [contents for _, contents, _ in migrated.search_chunks("a", query_words("Python"), 5)] == [CHUNK]


def test_a_long_turn_added_after_is_found_past_its_record(migrated):
    turn = [HumanMessage("\n".join(["nothing to see"] * 3000 + ["the code is QX-88213"])), AIMessage("ok")]
    migrated.recall_add("a", 5, "2025-01-02", turn_record(5, "2025-01-02", turn), 99, None, turn_pieces(turn))
    assert found(migrated, "88213") == ([5], [5])


@pytest.mark.parametrize("backend", ["sqlite"])
def test_the_sqlite_indexes_are_whole_after_the_migration(database: str, migrated):
    turn = [HumanMessage("word " * 2000), AIMessage("ok")]
    migrated.recall_add("a", 6, "2025-01-02", turn_record(6, "2025-01-02", turn), 99, None, turn_pieces(turn))
    migrated.recall_remove_from("a", 6)
    with closing(sqlite3.connect(database)) as conn:
        for index in ("recall_fts", "pieces_fts"):
            conn.execute(f"INSERT INTO {index} ({index}, rank) VALUES ('integrity-check', 1)")
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == len(sqlite_schema.MIGRATIONS)
