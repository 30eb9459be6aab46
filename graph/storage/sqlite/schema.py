"""The app's own SQLite tables, versioned: each migration runs once, in order, at start-up, in a transaction; the
steps that index stored text again segment each stored turn's and document chunk's Korean and Chinese words in
Python (no SQL function segments them)."""

import json
import sqlite3
from collections.abc import Callable

from graph.storage.shared.common import RECORD_TEXT_KEYS, VECTORS_DROPPED, record_body, rename_policies_sql
from graph.storage.shared.request_names import rename_in_sqlite
from graph.storage.shared.settings import BOOLEAN_COLUMNS_BEFORE, SETTING_COLUMNS_BEFORE
from graph.storage.sqlite.whole_text import whole_text_indexed
from state.budgets import DEFAULT_CONTEXT_BUDGET
from state.words import index_text

Migration = list[str | Callable[[sqlite3.Connection], None]]  # SQL, or a step that computes in Python
INDEX_TRIGGERS = ("recall_turns_added", "recall_turns_removed", "recall_turns_changed")


def body_of(row: str) -> str:
    """SQL for the text a recall turn is searched by (`record_body`), read from the JSON record of `row`."""
    return " || char(10) || ".join(f"COALESCE(json_extract({row}.record, '$.{key}'), '')"
                                   for key in RECORD_TEXT_KEYS)


def index_entry(row: str, with_words: bool = False) -> str:
    """A trigger's statement adding the `new` row to the external-content index, or removing the `old` one
    (an external-content index is told what it held); `with_words` once the index holds the Korean and Chinese
    words of each turn beside its text."""
    command = ("recall_fts, ", "'delete', ") if row == "old" else ("", "")
    columns, values = ("body, words", f"{body_of(row)}, {row}.words") if with_words else ("body", body_of(row))
    return (f"INSERT INTO recall_fts ({command[0]}rowid, {columns}, thread_id) "
            f"VALUES ({command[1]}{row}.id, {values}, {row}.thread_id);")


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


def index_parts(conn: sqlite3.Connection) -> None:
    """Migration 16's step in Python: each stored turn's and chunk's Korean and Chinese words again, with the
    parts of each Korean noun (제주도 -> 제주), written where they changed (the triggers keep the index in step)."""
    turns = conn.execute("SELECT id, record, words FROM recall_turns WHERE words != ''").fetchall()
    conn.executemany("UPDATE recall_turns SET words = ? WHERE id = ?",
                     [(new, row_id) for row_id, record, words in turns
                      if (new := index_text(record_body(json.loads(record)))) != words])
    chunks = conn.execute("SELECT rowid, contents, words FROM document_chunks WHERE words != ''").fetchall()
    conn.executemany("UPDATE document_chunks SET words = ? WHERE rowid = ?",
                     [(new, rowid) for rowid, contents, words in chunks if (new := index_text(contents)) != words])


def _words_indexed() -> Migration:
    """Migration 12: each turn's Korean and Chinese words, segmented, are indexed beside its text (FTS5 keeps a
    run of Han characters, or a Korean word with its particle, as one token), and every stored turn is
    indexed again."""
    return [
        *(f"DROP TRIGGER IF EXISTS {name}" for name in INDEX_TRIGGERS),
        "DROP TABLE IF EXISTS recall_fts",
        "DROP VIEW IF EXISTS recall_bodies",
        "ALTER TABLE recall_turns ADD COLUMN words TEXT NOT NULL DEFAULT ''",
        fill_turn_words,
        f"CREATE VIEW recall_bodies AS SELECT id, {body_of('recall_turns')} AS body, words, thread_id "
        "FROM recall_turns",
        "CREATE VIRTUAL TABLE recall_fts USING fts5(body, words, thread_id, content = 'recall_bodies', "
        "content_rowid = 'id', tokenize = 'porter unicode61')",
        *turn_triggers(),
        "INSERT INTO recall_fts (recall_fts) VALUES ('rebuild')",
    ]


def turn_triggers() -> list[str]:
    """The triggers that keep the turns' index, of their text and words, in step with `recall_turns`."""
    return [f"CREATE TRIGGER recall_turns_added AFTER INSERT ON recall_turns BEGIN {index_entry('new', True)} END",
            f"CREATE TRIGGER recall_turns_removed AFTER DELETE ON recall_turns BEGIN {index_entry('old', True)} END",
            f"CREATE TRIGGER recall_turns_changed AFTER UPDATE ON recall_turns "
            f"BEGIN {index_entry('old', True)} {index_entry('new', True)} END"]


def _chunk_words_indexed() -> Migration:
    """Migration 13: a document chunk's Korean and Chinese words, segmented, are indexed beside its text, as a
    turn's are; the chunks stored are indexed again."""
    return [
        "CREATE VIRTUAL TABLE chunks_with_words USING fts5(contents, words, title UNINDEXED, thread_id UNINDEXED, "
        "document_id UNINDEXED, tokenize = 'unicode61')",
        copy_chunks_with_words,
        "DROP TABLE document_chunks",
        "ALTER TABLE chunks_with_words RENAME TO document_chunks",
    ]


def _settings_as_json() -> Migration:
    """Migration 10: a session's settings become one JSON value (booleans as JSON's), their columns go."""
    def value(name: str) -> str:
        return f"json(CASE WHEN {name} THEN 'true' ELSE 'false' END)" if name in BOOLEAN_COLUMNS_BEFORE else name
    pairs = ", ".join(f"'{name}', {value(name)}" for name in SETTING_COLUMNS_BEFORE)
    return ["ALTER TABLE chat_sessions ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
            f"UPDATE chat_sessions SET settings = json_object({pairs})",
            *(f"ALTER TABLE chat_sessions DROP COLUMN {name}" for name in SETTING_COLUMNS_BEFORE)]


MIGRATIONS: list[Migration] = [
    # 1: sessions, summaries prepared ahead, the turn journal, documents with their FTS5 index
    [
        """CREATE TABLE IF NOT EXISTS chat_sessions (
            thread_id TEXT PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            updated_at TEXT NOT NULL,
            turns INTEGER NOT NULL DEFAULT 0,
            system_prompt TEXT NOT NULL DEFAULT '',
            context_policy TEXT NOT NULL DEFAULT '',
            agent_prompt TEXT NOT NULL DEFAULT '',
            reminder TEXT NOT NULL DEFAULT '',
            hide_old_tool_results INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE TABLE IF NOT EXISTS summary_prefetch (key TEXT PRIMARY KEY, thread_id TEXT NOT NULL, "
        "record TEXT NOT NULL, created_at TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS turn_journal (thread_id TEXT PRIMARY KEY, payload TEXT NOT NULL, "
        "created_at TEXT NOT NULL)",
        """CREATE TABLE IF NOT EXISTS documents (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            thread_id TEXT NOT NULL,
            title TEXT NOT NULL,
            tokens INTEGER NOT NULL,
            mode TEXT NOT NULL,
            content TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS documents_thread ON documents(thread_id)",
        "CREATE VIRTUAL TABLE IF NOT EXISTS document_chunks USING fts5(contents, title UNINDEXED, "
        "thread_id UNINDEXED, document_id UNINDEXED, tokenize = 'unicode61')",
    ],
    # 2: the compression rate and recall switch are per-session settings
    [
        "ALTER TABLE chat_sessions ADD COLUMN compression_rate REAL NOT NULL DEFAULT 0.3",
        "ALTER TABLE chat_sessions ADD COLUMN recall INTEGER NOT NULL DEFAULT 1",
    ],
    # 3: every completed turn, indexed for recall and for the search over all sessions; the text is kept once
    # (in the record), the full-text index reads it through a view
    [
        """CREATE TABLE IF NOT EXISTS recall_items (
            id INTEGER PRIMARY KEY,
            thread_id TEXT NOT NULL,
            turn INTEGER NOT NULL,
            day TEXT NOT NULL,
            record TEXT NOT NULL,
            tokens INTEGER NOT NULL,
            vector BLOB,
            UNIQUE (thread_id, turn)
        )""",
        f"CREATE VIEW IF NOT EXISTS recall_bodies AS SELECT id, {body_of('recall_items')} AS body, thread_id "
        "FROM recall_items",
        "CREATE VIRTUAL TABLE IF NOT EXISTS recall_fts USING fts5(body, thread_id, content = 'recall_bodies', "
        "content_rowid = 'id', tokenize = 'unicode61')",
    ],
    # 4: the recall table has PostgreSQL's name; triggers keep its index in step with it whatever statement
    # changes it, the index rebuilt from the view they read alike; stored policy ids become policy names
    [
        "DROP VIEW IF EXISTS recall_bodies",
        "ALTER TABLE recall_items RENAME TO recall_turns",
        f"CREATE VIEW recall_bodies AS SELECT id, {body_of('recall_turns')} AS body, thread_id FROM recall_turns",
        f"CREATE TRIGGER recall_turns_added AFTER INSERT ON recall_turns BEGIN {index_entry('new')} END",
        f"CREATE TRIGGER recall_turns_removed AFTER DELETE ON recall_turns BEGIN {index_entry('old')} END",
        f"CREATE TRIGGER recall_turns_changed AFTER UPDATE ON recall_turns "
        f"BEGIN {index_entry('old')} {index_entry('new')} END",
        "INSERT INTO recall_fts (recall_fts) VALUES ('rebuild')",
        rename_policies_sql(),
    ],
    # 5: a per-session context budget; turns searched by word stems (porter), so "donated" finds "donate"
    [
        f"ALTER TABLE chat_sessions ADD COLUMN context_budget INTEGER NOT NULL DEFAULT {DEFAULT_CONTEXT_BUDGET}",
        "DROP TABLE IF EXISTS recall_fts",
        "CREATE VIRTUAL TABLE recall_fts USING fts5(body, thread_id, content = 'recall_bodies', "
        "content_rowid = 'id', tokenize = 'porter unicode61')",
        "INSERT INTO recall_fts (recall_fts) VALUES ('rebuild')",
    ],
    # 6: the facts listed about each summarized turn
    ["CREATE TABLE IF NOT EXISTS turn_facts (thread_id TEXT NOT NULL, turn INTEGER NOT NULL, facts TEXT NOT NULL, "
     "PRIMARY KEY (thread_id, turn))"],
    # 7: each session's owner: '' (the single-person default) for every session stored before
    [
        "ALTER TABLE chat_sessions ADD COLUMN owner TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX IF NOT EXISTS chat_sessions_owner ON chat_sessions(owner)",
    ],
    # 8: the entities each indexed turn names
    ["CREATE TABLE IF NOT EXISTS turn_entities (thread_id TEXT NOT NULL, turn INTEGER NOT NULL, entity TEXT NOT NULL, "
     "PRIMARY KEY (thread_id, turn, entity))"],
    # 9: the model each session chose ('' for the app's default)
    ["ALTER TABLE chat_sessions ADD COLUMN model TEXT NOT NULL DEFAULT ''"],
    # 10: a session's settings are one JSON value of SessionSettings' fields, so a new setting needs no column
    _settings_as_json(),
    # 11: whether the person chose the title, and the gist of the first question an automatic one follows
    ["ALTER TABLE chat_sessions ADD COLUMN title_chosen INTEGER NOT NULL DEFAULT 0",
     "ALTER TABLE chat_sessions ADD COLUMN title_gist TEXT"],
    # 12: Korean and Chinese searched by their words, segmented, whatever particle or neighbour they were said with
    _words_indexed(),
    # 13: a document's Korean and Chinese searched by their words, segmented, as a turn's are
    _chunk_words_indexed(),
    [VECTORS_DROPPED],  # 14: an English sentence model's vectors go; recall embeds each turn again in the new one's
    [rename_in_sqlite],  # 15: the request's report and log stored under their own names, no longer the context's
    [index_parts],  # 16: a Korean noun found by its parts too (제주 in 제주도에서): stored words indexed again
    # 17: direction marks end a word; a long turn indexed whole, in pieces; every word said findable: words read again
    whole_text_indexed(INDEX_TRIGGERS, turn_triggers()),
    ["ALTER TABLE summary_prefetch RENAME TO prepared_summaries"],  # 18: the summaries prepared ahead named for them
]


def schema_version(conn: sqlite3.Connection) -> int:
    """The number of migrations this database has had."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return row[0] or 0


def migrate(conn: sqlite3.Connection, target: int | None = None) -> int:
    """Apply the migrations this database has not had yet (up to `target`, all by default), each in one
    transaction; returns the version it is at now."""
    target = len(MIGRATIONS) if target is None else target
    if schema_version(conn) >= target:
        return schema_version(conn)
    for version, statements in enumerate(MIGRATIONS[:target], start=1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if version > schema_version(conn):  # read inside the transaction: another opener may have been first
                for statement in statements:
                    if callable(statement):
                        statement(conn)
                    elif not _already_applied(conn, statement):
                        conn.execute(statement)
                conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
    return target


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def _already_applied(conn: sqlite3.Connection, statement: str) -> bool:
    """A column a database made before versioning already has (its tables came without a version)."""
    words = statement.split()
    if words[:2] != ["ALTER", "TABLE"] or words[3:5] != ["ADD", "COLUMN"]:
        return False
    return words[5] in _columns(conn, words[2])
