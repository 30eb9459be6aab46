"""The migration tool's rows: read every row of the app's tables from the SQLite file, write them into
PostgreSQL keeping ids (so chunks still match their documents), overwriting what an earlier run wrote."""

from typing import Any

from psycopg import Cursor
from psycopg.rows import DictRow

from graph.storage.base import DatabaseError
from graph.storage.postgres import PostgresStorage
from graph.storage.postgres.text import clean, json_value
from graph.storage.shared.common import SESSION_COLUMNS
from graph.storage.shared.settings import settings_from, settings_value, stored_settings
from graph.storage.sqlite import SqliteStorage

JSON_COLUMNS = {"prepared_summaries": ("record",), "turn_journal": ("payload",),
                "recall_turns": ("record",), "turn_facts": ("facts",)}
SOURCE_QUERIES = {
    "chat_sessions": f"SELECT {', '.join(SESSION_COLUMNS)} FROM chat_sessions",
    "prepared_summaries": "SELECT key, thread_id, record, created_at FROM prepared_summaries",
    "turn_journal": "SELECT thread_id, payload, created_at FROM turn_journal",
    "documents": "SELECT id, thread_id, title, tokens, mode, content, created_at FROM documents ORDER BY id",
    "document_chunks": "SELECT document_id, thread_id, title, contents, words FROM document_chunks ORDER BY rowid",
    "recall_turns": "SELECT thread_id, turn, day, record, tokens, vector, words FROM recall_turns",
    "recall_pieces": "SELECT thread_id, turn, piece, body, words FROM recall_pieces",
    "turn_facts": "SELECT thread_id, turn, facts FROM turn_facts",
    "turn_entities": "SELECT thread_id, turn, entity FROM turn_entities",
}
TableRows = dict[str, list[dict[str, Any]]]  # each table's rows by its name, a row its values by column name


def read_tables(source: SqliteStorage) -> TableRows:
    """Every row of the app's tables in the SQLite file, JSON columns decoded (settings as SessionSettings read
    them)."""
    tables: TableRows = {}
    with source.rows(transaction=False) as cur:
        for table, query in SOURCE_QUERIES.items():
            rows = cur.execute(query).all()
            for row in rows:
                for column in JSON_COLUMNS.get(table, ()):
                    row[column] = source.dialect.load(row[column])
                if table == "chat_sessions":  # settings damaged in the file move as their defaults
                    row["settings"] = settings_value(stored_settings(row["settings"], source.dialect.load,
                                                                     row["thread_id"]))
            tables[table] = rows
    return tables


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


def _write(cur: Cursor[DictRow], sql: str, columns: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    """Run `sql` once per row, with the row's values in column order."""
    if rows:
        cur.executemany(sql, [tuple(_value(row[name]) for name in columns) for row in rows])


def write_tables(target: PostgresStorage, rows: TableRows) -> dict[str, int]:
    """Store the rows of each table (JSON columns as Python values) in one transaction; returns how many went
    into each."""
    documents = rows.get("documents", [])
    with target.db.cursor() as cur:
        _check_document_ids(cur, documents)
        sessions = [{**row, "settings": settings_value(settings_from(row["settings"], row["thread_id"]))}
                    for row in rows.get("chat_sessions", [])]
        _write(cur, _upsert("chat_sessions", SESSION_COLUMNS, ("thread_id",)), SESSION_COLUMNS, sessions)
        columns: tuple[str, ...] = ("key", "thread_id", "record", "created_at")
        _write(cur, _upsert("prepared_summaries", columns, ("key",)), columns, rows.get("prepared_summaries", []))
        columns = ("thread_id", "payload", "created_at")
        _write(cur, _upsert("turn_journal", columns, ("thread_id",)), columns, rows.get("turn_journal", []))
        columns = ("id", "thread_id", "title", "tokens", "mode", "content", "created_at")
        _write(cur, f"INSERT INTO documents ({', '.join(columns)}) VALUES ({', '.join('%s' for _ in columns)}) "
                    "ON CONFLICT (id) DO NOTHING", columns, documents)
        if documents:
            cur.execute("SELECT setval(pg_get_serial_sequence('documents', 'id'), (SELECT max(id) FROM documents))")
        chunks = rows.get("document_chunks", [])
        cur.execute("DELETE FROM document_chunks WHERE document_id = ANY(%s)",
                    (sorted({int(row["document_id"]) for row in chunks}),))
        columns = ("document_id", "thread_id", "title", "contents", "words")
        _write(cur, "INSERT INTO document_chunks (document_id, thread_id, title, contents, words) "
               "VALUES (%s, %s, %s, %s, %s)", columns, chunks)
        columns = ("thread_id", "turn", "day", "record", "tokens", "vector", "words")
        _write(cur, _upsert("recall_turns", columns, ("thread_id", "turn")), columns,
               [{"vector": None, **row} for row in rows.get("recall_turns", [])])
        columns = ("thread_id", "turn", "piece", "body", "words")
        _write(cur, _upsert("recall_pieces", columns, ("thread_id", "turn", "piece")), columns,
               rows.get("recall_pieces", []))
        columns = ("thread_id", "turn", "facts")
        _write(cur, _upsert("turn_facts", columns, ("thread_id", "turn")), columns, rows.get("turn_facts", []))
        entities = rows.get("turn_entities", [])
        imported = sorted({row["thread_id"] for row in entities})
        cur.execute("DELETE FROM turn_entities WHERE thread_id = ANY(%s)", (imported,))
        columns = ("thread_id", "turn", "entity")
        _write(cur, "INSERT INTO turn_entities (thread_id, turn, entity) VALUES (%s, %s, %s)", columns, entities)
    return {table: len(rows.get(table, [])) for table in SOURCE_QUERIES}


def _check_document_ids(cur: Cursor[DictRow], documents: list[dict[str, Any]]) -> None:
    """Refuse to mix documents up: an id already used by another session's document stops the import."""
    if not documents:
        return
    wanted = {int(row["id"]): (row["thread_id"], clean(row["title"])) for row in documents}
    taken = cur.execute("SELECT id, thread_id, title FROM documents WHERE id = ANY(%s)", (sorted(wanted),)).fetchall()
    clashes = [row["id"] for row in taken if wanted[int(row["id"])] != (row["thread_id"], row["title"])]
    if clashes:
        raise DatabaseError(f"The target database already has other documents with ids {clashes[:10]}; "
                            "import into an empty database")
