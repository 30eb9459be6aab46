"""Bring rows from another database (the SQLite file) into PostgreSQL, keeping ids so chunks still match."""

from psycopg import Cursor
from psycopg.rows import DictRow

from graph.storage.base import DatabaseError
from graph.storage.postgres.connection import Database
from graph.storage.postgres.text import clean, json_value
from graph.storage.sqlite.sessions import SETTING_COLUMNS

SESSION_COLUMNS = ("thread_id", "title", "updated_at", "turns", *SETTING_COLUMNS)
TRANSFERRED_TABLES = ("chat_sessions", "summary_prefetch", "turn_journal", "documents", "document_chunks",
                      "recall_turns")


def _upsert(table: str, columns: tuple[str, ...], key: tuple[str, ...]) -> str:
    """An INSERT that overwrites the row with the same key, so a second import changes nothing."""
    updates = ", ".join(f"{name} = excluded.{name}" for name in columns if name not in key)
    return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('%s' for _ in columns)}) "
            f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}")


def _value(value: object) -> object:
    """A value ready for its column: text without NUL, JSON as JSONB."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict | list):
        return json_value(value)
    if isinstance(value, memoryview):
        return bytes(value)
    return value


class PostgresTransfer:
    """Writes every row of the app's tables given as dicts, in one transaction."""

    db: Database

    def import_rows(self, rows: dict[str, list[dict]]) -> dict[str, int]:
        """Store the rows of each table (JSON columns as Python values); returns how many went into each."""
        documents = rows.get("documents", [])
        with self.db.cursor() as cur:
            self._check_document_ids(cur, documents)
            sessions = [{**row, "hide_old_tool_results": bool(row["hide_old_tool_results"]),
                         "recall": bool(row["recall"])} for row in rows.get("chat_sessions", [])]
            self._write(cur, _upsert("chat_sessions", SESSION_COLUMNS, ("thread_id",)), SESSION_COLUMNS, sessions)
            columns: tuple[str, ...] = ("key", "thread_id", "record", "created_at")
            self._write(cur, _upsert("summary_prefetch", columns, ("key",)), columns, rows.get("summary_prefetch", []))
            columns = ("thread_id", "payload", "created_at")
            self._write(cur, _upsert("turn_journal", columns, ("thread_id",)), columns, rows.get("turn_journal", []))
            columns = ("id", "thread_id", "title", "tokens", "mode", "content", "created_at")
            values = ", ".join("%s" for _ in columns)
            self._write(cur, f"INSERT INTO documents ({', '.join(columns)}) VALUES ({values}) "
                             "ON CONFLICT (id) DO NOTHING", columns, documents)
            if documents:
                cur.execute("SELECT setval(pg_get_serial_sequence('documents', 'id'), "
                            "(SELECT max(id) FROM documents))")
            chunks = rows.get("document_chunks", [])
            cur.execute("DELETE FROM document_chunks WHERE document_id = ANY(%s)",
                        (sorted({int(row["document_id"]) for row in chunks}),))
            columns = ("document_id", "thread_id", "title", "contents")
            self._write(cur, f"INSERT INTO document_chunks ({', '.join(columns)}) VALUES (%s, %s, %s, %s)",
                        columns, chunks)
            columns = ("thread_id", "turn", "day", "body", "record", "tokens", "vector")
            self._write(cur, _upsert("recall_turns", columns, ("thread_id", "turn")), columns,
                        [{"vector": None, **row} for row in rows.get("recall_turns", [])])
        return {table: len(rows.get(table, [])) for table in TRANSFERRED_TABLES}

    @staticmethod
    def _write(cur: Cursor[DictRow], sql: str, columns: tuple[str, ...], rows: list[dict]) -> None:
        """Run `sql` once per row, with the row's values in column order."""
        if rows:
            cur.executemany(sql, [tuple(_value(row[name]) for name in columns) for row in rows])

    @staticmethod
    def _check_document_ids(cur: Cursor[DictRow], documents: list[dict]) -> None:
        """Refuse to mix documents up: an id already used by another session's document stops the import."""
        if not documents:
            return
        wanted = {int(row["id"]): (row["thread_id"], clean(row["title"])) for row in documents}
        taken = cur.execute("SELECT id, thread_id, title FROM documents WHERE id = ANY(%s)",
                            (sorted(wanted),)).fetchall()
        clashes = [row["id"] for row in taken if wanted[int(row["id"])] != (row["thread_id"], row["title"])]
        if clashes:
            raise DatabaseError(f"The target database already has other documents with ids {clashes[:10]}; "
                                "import into an empty database")
