"""Move every session from the SQLite file to a PostgreSQL database, so a team can share one server.

    python -m graph.storage.migrate --from ~/.local/share/context-chat/chat.sqlite --to postgresql://...

Each session's latest checkpoint (with its pending writes, so an unfinished turn can still be retried) goes
through LangGraph's saver API, which re-encodes the same values; the app's own tables are copied row by row.
Running it again overwrites what it wrote before and adds nothing twice.
"""

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from langgraph.checkpoint.base import BaseCheckpointSaver

from graph.storage.base import DatabaseError
from graph.storage.sqlite import SqliteStorage

JSON_COLUMNS = {"summary_prefetch": ("record",), "turn_journal": ("payload",), "recall_turns": ("record",)}
SOURCE_QUERIES = {
    "chat_sessions": "SELECT thread_id, title, updated_at, turns, system_prompt, context_policy, agent_prompt, "
                     "reminder, hide_old_tool_results, compression_rate, recall FROM chat_sessions",
    "summary_prefetch": "SELECT key, thread_id, record, created_at FROM summary_prefetch",
    "turn_journal": "SELECT thread_id, payload, created_at FROM turn_journal",
    "documents": "SELECT id, thread_id, title, tokens, mode, content, created_at FROM documents ORDER BY id",
    "document_chunks": "SELECT document_id, thread_id, title, contents FROM document_chunks ORDER BY rowid",
    "recall_turns": "SELECT i.thread_id, i.turn, i.day, b.body, i.record, i.tokens, i.vector FROM recall_items AS i "
                    "JOIN recall_bodies AS b ON b.id = i.id",
}


def read_tables(source: SqliteStorage) -> dict[str, list[dict]]:
    """Every row of the app's tables in the SQLite file, JSON columns decoded."""
    tables: dict[str, list[dict]] = {}
    with source.db.cursor(transaction=False) as cur:
        for table, query in SOURCE_QUERIES.items():
            cursor = cur.execute(query)
            names = [column[0] for column in cursor.description]
            rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            for row in rows:
                for column in JSON_COLUMNS.get(table, ()):
                    row[column] = json.loads(row[column])
            tables[table] = rows
    return tables


def thread_namespaces(source: SqliteStorage) -> list[tuple[str, str]]:
    """Every (thread, checkpoint namespace) with checkpoints in the SQLite file."""
    with source.db.cursor(transaction=False) as cur:
        rows = cur.execute("SELECT DISTINCT thread_id, checkpoint_ns FROM checkpoints ORDER BY 1, 2").fetchall()
    return [(str(thread), str(namespace)) for thread, namespace in rows]


def copy_latest_checkpoint(source: BaseCheckpointSaver, target: BaseCheckpointSaver, thread_id: str,
                           namespace: str = "") -> bool:
    """Put a thread's latest checkpoint and its pending writes into `target`; False when it has none."""
    config = {"configurable": {"thread_id": thread_id, "checkpoint_ns": namespace}}
    latest = source.get_tuple(config)  # type: ignore[arg-type]
    if latest is None:
        return False
    checkpoint = latest.checkpoint
    saved = target.put(config, checkpoint, latest.metadata, dict(checkpoint["channel_versions"]))  # type: ignore[arg-type]
    by_task: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for task_id, channel, value in latest.pending_writes or []:
        by_task[task_id].append((channel, value))
    for task_id, writes in by_task.items():
        target.put_writes(saved, writes, task_id)
    return True


def migrate(source_path: str | Path, database_url: str, report: Callable[[str], None] = print) -> dict[str, int]:
    """Copy every session of the SQLite file at `source_path` into the PostgreSQL database; returns the counts."""
    from graph.storage.postgres import PostgresStorage, is_database_url  # the driver loads only when needed

    if not is_database_url(database_url):
        raise DatabaseError("The target must be a postgresql:// URL (postgresql://user:password@host:5432/name)")
    path = Path(source_path).expanduser()
    if not path.is_file():
        raise DatabaseError(f"No chat database at {path}")
    source = SqliteStorage.open(path)
    try:
        target = PostgresStorage.open(database_url)
        try:
            threads = thread_namespaces(source)
            copied = sum(copy_latest_checkpoint(source.saver, target.saver, thread, namespace)
                         for thread, namespace in threads)
            counts = {"checkpoints": copied, **target.import_rows(read_tables(source))}
        finally:
            target.close()
    finally:
        source.close()
    for name, count in counts.items():
        report(f"{name}: {count}")
    return counts


def main(argv: list[str] | None = None) -> int:
    """The command line: `--from` the SQLite file, `--to` the PostgreSQL URL."""
    parser = argparse.ArgumentParser(prog="python -m graph.storage.migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", required=True, help="the SQLite file (CHAT_DB_PATH)")
    parser.add_argument("--to", dest="target", required=True, help="postgresql://user:password@host:5432/name")
    arguments = parser.parse_args(argv)
    try:
        migrate(arguments.source, arguments.target)
    except DatabaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
