"""A database made by the previous schema opens on the current one: its recall turns are found under the
table's new name and by their word stems, and the context-policy ids it stored become the policies' names, on
both backends."""

import json
import sqlite3
from contextlib import closing

import pytest

from graph.storage.shared.common import record_body
from graph.storage.shared.dialect import Rows
from graph.storage.sqlite import schema as sqlite_schema
from state.session import SessionSettings
from tests.conftest import open_database

pytestmark = pytest.mark.storage

PREVIOUS_VERSION = {"sqlite": 3, "postgres": 1}  # the schema before the recall table and the policy ids agreed
POLICIES = {"a": "seed000", "b": "seed001", "c": "seed002", "d": "seed003", "e": "", "f": "custom"}
TURNS = [(1, {"user": "how tall is the Eiffel tower?", "assistant": "About 330 metres."}),
         (2, {"user": "and the Louvre?", "tools": "search(louvre)", "assistant": "A museum in Paris."}),
         (3, {"user": "thanks", "tools": None})]  # indexed by the old code as "thanks\nNone\n", read as "thanks\n\n"


def previous(rows: Rows, backend: str) -> None:
    """The database as the previous code left it: on SQLite, rows in `recall_items`, their text put in the index."""
    rows.executemany("INSERT INTO chat_sessions (thread_id, updated_at, context_policy) VALUES (?, '', ?)",
                     POLICIES.items())
    if backend == "postgres":
        rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, body, record, tokens) "
                         "VALUES ('a', ?, ?, ?, ?, ?)",
                         [(turn, f"2025-01-0{turn}", record_body(record), json.dumps(record), 10 + turn)
                          for turn, record in TURNS])
        return
    for turn, record in TURNS:
        rows.execute("INSERT INTO recall_items (thread_id, turn, day, record, tokens) VALUES (?, ?, ?, ?, ?)",
                     ("a", turn, f"2025-01-0{turn}", json.dumps(record), 10 + turn))
        rows.execute("INSERT INTO recall_fts (rowid, body, thread_id) VALUES (?, ?, ?)",
                     (rows.cursor.lastrowid, record_body(record), "a"))


@pytest.fixture
def migrated(migrated_from):
    """The previous schema's database, opened (and so migrated) by the current storage."""
    return migrated_from(PREVIOUS_VERSION, previous)


def test_stored_policy_ids_become_the_policies_names(migrated):
    assert {session: migrated.load_settings(session).context_policy for session in POLICIES} == {
        "a": "every_three_turns", "b": "token_threshold", "c": "window_share", "d": "sliding_window",
        "e": "", "f": "custom"}


def test_the_old_turns_are_found_by_both_searches(migrated):
    assert [(turn, record, tokens) for turn, _, record, tokens in migrated.recall_search("a", ["eiffel"], 9, 5)] == [
        (1, TURNS[0][1], 11)]
    assert [hit["turn"] for hit in migrated.search_turns(["louvre"], 5)] == [2]
    assert [turn for turn, *_ in migrated.recall_search("a", ["towers"], 9, 5)] == [1]  # now by word stems
    assert migrated.recall_last_turn("a") == 3
    assert migrated.recall_records("a", [2]) == {2: TURNS[1][1]}


def test_the_old_turns_follow_later_changes(migrated):
    migrated.recall_add("a", 1, "2025-01-01", {"user": "what about the Arc de Triomphe?"}, 7)
    migrated.recall_add("a", 4, "2025-01-04", {"user": "one more on the eiffel tower"}, 8)
    assert [turn for turn, *_ in migrated.recall_search("a", ["eiffel"], 9, 5)] == [4]
    assert [turn for turn, *_ in migrated.recall_search("a", ["triomphe"], 9, 5)] == [1]
    migrated.delete_session("a")
    assert migrated.search_turns(["louvre"], 5) == [] and migrated.search_turns(["eiffel"], 5) == []


@pytest.mark.parametrize("backend", ["sqlite"])  # the recall table kept its name on PostgreSQL
def test_the_sqlite_index_follows_its_table_under_the_new_name(database: str, migrated):
    migrated.recall_add("a", 1, "2025-01-01", {"user": "changed"}, 8)
    migrated.recall_add("a", 4, "2025-01-04", {"user": "later"}, 8)
    migrated.recall_add("b", 1, "2025-01-03", {"user": "kept"}, 8)
    migrated.delete_session("a")
    with closing(sqlite3.connect(database)) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        assert "recall_turns" in tables and "recall_items" not in tables
        conn.execute("INSERT INTO recall_fts (recall_fts, rank) VALUES ('integrity-check', 1)")
        versions = [row[0] for row in conn.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, len(sqlite_schema.MIGRATIONS) + 1))


def test_opening_again_changes_nothing(database: str, migrated):
    migrated.save_settings("g", SessionSettings(context_policy="seed000"))
    again = open_database(database)
    try:
        assert again.load_settings("g").context_policy == "seed000"  # a migration runs once
        assert [turn for turn, *_ in again.recall_search("a", ["eiffel"], 9, 5)] == [1]
    finally:
        again.close()
