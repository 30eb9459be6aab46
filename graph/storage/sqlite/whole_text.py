"""SQLite's migration 17: every word said is findable. The tokenizer ends a word at a direction mark (U+2066..9,
U+200E/F, U+202A..E), which it read as a letter; a turn longer than its record is indexed whole, in pieces
(`recall_pieces`, with their own full-text index kept in step by triggers); every stored turn's and document
chunk's words are read again: words of another script inside a Korean or Chinese run (iPhone을), Japanese, Han
characters beyond the BMP, text composed."""

import json
import sqlite3
from collections.abc import Callable

from graph.storage.shared.common import record_body
from state.language.normal_form import BIDI_CONTROLS
from state.words import index_text

TURN_TOKENS = f"porter unicode61 separators '{BIDI_CONTROLS}'"  # turns and pieces: English by its stems
CHUNK_TOKENS = f"unicode61 separators '{BIDI_CONTROLS}'"  # documents: words as written
CHUNK_COLUMNS = "contents, words, title, thread_id, document_id"
PIECE_TRIGGERS = ("recall_pieces_added", "recall_pieces_removed", "recall_pieces_changed")


def piece_entry(row: str) -> str:
    """A trigger's statement adding the `new` piece to its index, or removing the `old` one."""
    command = ("pieces_fts, ", "'delete', ") if row == "old" else ("", "")
    return (f"INSERT INTO pieces_fts ({command[0]}rowid, body, words) "
            f"VALUES ({command[1]}{row}.id, {row}.body, {row}.words);")


def index_words_again(conn: sqlite3.Connection) -> None:
    """Each stored turn's and chunk's words as the index keeps them now, written where they changed (the triggers
    keep the turns' index in step; the chunks' table is its own index)."""
    turns = conn.execute("SELECT id, record, words FROM recall_turns").fetchall()
    conn.executemany("UPDATE recall_turns SET words = ? WHERE id = ?",
                     [(new, row_id) for row_id, record, words in turns
                      if (new := index_text(record_body(json.loads(record)))) != words])
    chunks = conn.execute("SELECT rowid, contents, words FROM document_chunks").fetchall()
    conn.executemany("UPDATE document_chunks SET words = ? WHERE rowid = ?",
                     [(new, rowid) for rowid, contents, words in chunks if (new := index_text(contents)) != words])


def whole_text_indexed(turn_triggers: tuple[str, ...],
                       new_turn_triggers: list[str]) -> list[str | Callable[[sqlite3.Connection], None]]:
    """The migration's statements: the turns' and chunks' indexes made again with a tokenizer that ends a word at a
    direction mark (the turns' `turn_triggers` named, to be dropped, and `new_turn_triggers` made again), the
    pieces' table, its index and triggers, then the words read again."""
    return [
        *(f"DROP TRIGGER IF EXISTS {name}" for name in turn_triggers),
        "DROP TABLE IF EXISTS recall_fts",
        "CREATE VIRTUAL TABLE recall_fts USING fts5(body, words, thread_id, content = 'recall_bodies', "
        f"content_rowid = 'id', tokenize = \"{TURN_TOKENS}\")",
        *new_turn_triggers,
        "INSERT INTO recall_fts (recall_fts) VALUES ('rebuild')",
        "CREATE VIRTUAL TABLE chunks_split USING fts5(contents, words, title UNINDEXED, thread_id UNINDEXED, "
        f"document_id UNINDEXED, tokenize = \"{CHUNK_TOKENS}\")",
        f"INSERT INTO chunks_split (rowid, {CHUNK_COLUMNS}) SELECT rowid, {CHUNK_COLUMNS} FROM document_chunks",
        "DROP TABLE document_chunks",
        "ALTER TABLE chunks_split RENAME TO document_chunks",
        "CREATE TABLE IF NOT EXISTS recall_pieces (id INTEGER PRIMARY KEY, thread_id TEXT NOT NULL, "
        "turn INTEGER NOT NULL, piece INTEGER NOT NULL, body TEXT NOT NULL, words TEXT NOT NULL DEFAULT '', "
        "UNIQUE (thread_id, turn, piece))",
        "CREATE VIRTUAL TABLE IF NOT EXISTS pieces_fts USING fts5(body, words, content = 'recall_pieces', "
        f"content_rowid = 'id', tokenize = \"{TURN_TOKENS}\")",
        f"CREATE TRIGGER IF NOT EXISTS {PIECE_TRIGGERS[0]} AFTER INSERT ON recall_pieces "
        f"BEGIN {piece_entry('new')} END",
        f"CREATE TRIGGER IF NOT EXISTS {PIECE_TRIGGERS[1]} AFTER DELETE ON recall_pieces "
        f"BEGIN {piece_entry('old')} END",
        f"CREATE TRIGGER IF NOT EXISTS {PIECE_TRIGGERS[2]} AFTER UPDATE ON recall_pieces "
        f"BEGIN {piece_entry('old')} {piece_entry('new')} END",
        index_words_again,
    ]
