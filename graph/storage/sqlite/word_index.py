"""The Python steps of SQLite's migrations that index stored text again: each stored turn's and document chunk's
Korean and Chinese words, segmented (no SQL function segments them)."""

import json
import sqlite3

from graph.storage.shared.common import record_body
from state.words import index_text


def fill_turn_words(conn: sqlite3.Connection) -> None:
    """Migration 12's step in Python: each stored turn's Korean and Chinese words, segmented."""
    rows = conn.execute("SELECT id, record FROM recall_turns").fetchall()
    conn.executemany("UPDATE recall_turns SET words = ? WHERE id = ?",
                     [(index_text(record_body(json.loads(record))), row_id) for row_id, record in rows])


def copy_chunks_with_words(conn: sqlite3.Connection) -> None:
    """Migration 13's step in Python: each stored chunk into the new table, with its Korean and Chinese words."""
    rows = conn.execute("SELECT rowid, contents, title, thread_id, document_id FROM document_chunks").fetchall()
    conn.executemany("INSERT INTO chunks_with_words (rowid, contents, words, title, thread_id, document_id) "
                     "VALUES (?, ?, ?, ?, ?, ?)",
                     [(rowid, contents, index_text(contents), *rest) for rowid, contents, *rest in rows])
