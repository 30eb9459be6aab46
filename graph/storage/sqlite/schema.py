"""The app's own SQLite tables, versioned: each migration runs once, in order, at start-up."""

import sqlite3

MIGRATIONS: list[str] = [
    # 1: sessions, summaries made ahead, the turn journal, documents with their FTS5 index
    """
    CREATE TABLE IF NOT EXISTS chat_sessions (
        thread_id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        updated_at TEXT NOT NULL,
        turns INTEGER NOT NULL DEFAULT 0,
        system_prompt TEXT NOT NULL DEFAULT '',
        context_policy TEXT NOT NULL DEFAULT '',
        agent_prompt TEXT NOT NULL DEFAULT '',
        reminder TEXT NOT NULL DEFAULT '',
        hide_old_tool_results INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS summary_prefetch (
        key TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL,
        record TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS turn_journal (
        thread_id TEXT PRIMARY KEY,
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS documents (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        thread_id TEXT NOT NULL,
        title TEXT NOT NULL,
        tokens INTEGER NOT NULL,
        mode TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS documents_thread ON documents(thread_id);
    CREATE VIRTUAL TABLE IF NOT EXISTS document_chunks USING fts5(
        contents, title UNINDEXED, thread_id UNINDEXED, document_id UNINDEXED, tokenize = 'unicode61'
    );
    """,
    # 2: the compression rate and recall switch are per-session settings
    """
    ALTER TABLE chat_sessions ADD COLUMN compression_rate REAL NOT NULL DEFAULT 0.3;
    ALTER TABLE chat_sessions ADD COLUMN recall INTEGER NOT NULL DEFAULT 1;
    """,
    # 3: every completed turn, indexed for recall and for the search over all sessions; the text is kept once
    # (in the record), the full-text index reads it through a view
    """
    CREATE TABLE IF NOT EXISTS recall_items (
        id INTEGER PRIMARY KEY,
        thread_id TEXT NOT NULL,
        turn INTEGER NOT NULL,
        day TEXT NOT NULL,
        record TEXT NOT NULL,
        tokens INTEGER NOT NULL,
        vector BLOB,
        UNIQUE (thread_id, turn)
    );
    CREATE VIEW IF NOT EXISTS recall_bodies AS
        SELECT id, COALESCE(json_extract(record, '$.user'), '') || char(10)
               || COALESCE(json_extract(record, '$.tools'), '') || char(10)
               || COALESCE(json_extract(record, '$.assistant'), '') AS body, thread_id
        FROM recall_items;
    CREATE VIRTUAL TABLE IF NOT EXISTS recall_fts USING fts5(
        body, thread_id, content = 'recall_bodies', content_rowid = 'id', tokenize = 'unicode61'
    );
    """,
]


def schema_version(conn: sqlite3.Connection) -> int:
    """The number of migrations this database has had."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return row[0] or 0


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


def migrate(conn: sqlite3.Connection) -> int:
    """Apply the migrations this database has not had yet; returns the version it is at now."""
    current = schema_version(conn)
    for version, script in enumerate(MIGRATIONS, start=1):
        if version <= current:
            continue
        for statement in filter(str.strip, script.split(";\n")):
            if _already_applied(conn, statement):
                continue
            conn.execute(statement)
        conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
        conn.commit()
    return len(MIGRATIONS)


def _already_applied(conn: sqlite3.Connection, statement: str) -> bool:
    """A column a database made before versioning already has (its tables came without a version)."""
    words = statement.split()
    if words[:2] != ["ALTER", "TABLE"] or words[3:5] != ["ADD", "COLUMN"]:
        return False
    return words[5] in _columns(conn, words[2])
