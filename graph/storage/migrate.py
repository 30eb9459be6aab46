"""Move every session from the SQLite file to a PostgreSQL database, so a team can share one server.

    python -m graph.storage.migrate --from ~/.local/share/context-chat/chat.sqlite --to postgresql://...
    python -m graph.storage.migrate --to postgresql://... --owner ada@example.com   # sessions made before sign-in

`--owner` gives every session stored before sign-in was set up (and every one made without it) to one person,
after the copy or, without `--from`, in place in the database `--to` names (a URL or a SQLite file).

Each session's latest checkpoint (with its pending writes, so an unfinished turn can still be retried) goes
through LangGraph's saver API, which re-encodes the same values; a delta channel (the transcript) is rebuilt
from the writes before it and stored whole, so the copy needs nothing the source kept behind it. The app's own
tables are copied row by row.
Running it again overwrites what it wrote before and adds nothing twice.
"""

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver, CheckpointTuple

from graph.storage.base import DatabaseError
from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.replay import COUNTERS, delta_channels
from graph.storage.sqlite import SqliteStorage


def thread_namespaces(source: SqliteStorage) -> list[tuple[str, str]]:
    """Every (thread, checkpoint namespace) with checkpoints in the SQLite file."""
    with source.rows(transaction=False) as cur:
        rows = cur.execute("SELECT DISTINCT thread_id, checkpoint_ns FROM checkpoints ORDER BY 1, 2").all()
    return [(str(row["thread_id"]), str(row["checkpoint_ns"])) for row in rows]


def copy_latest_checkpoint(source: BaseCheckpointSaver, target: BaseCheckpointSaver, thread_id: str,
                           namespace: str = "") -> bool:
    """Put a thread's latest checkpoint and its pending writes into `target`; False when it has none."""
    config = {"configurable": {"thread_id": thread_id, "checkpoint_ns": namespace}}
    latest = source.get_tuple(config)  # type: ignore[arg-type]
    if latest is None:
        return False
    checkpoint = latest.checkpoint.copy()
    checkpoint["channel_values"] = whole_values(source, latest)
    metadata = {key: value for key, value in latest.metadata.items() if key != COUNTERS}  # every copy is whole
    saved = target.put(config, checkpoint, metadata, dict(checkpoint["channel_versions"]))  # type: ignore
    by_task: dict[str, list[tuple[str, object]]] = defaultdict(list)
    for task_id, channel, value in latest.pending_writes or []:
        by_task[task_id].append((channel, value))
    for task_id, writes in by_task.items():
        target.put_writes(saved, writes, task_id)
    return True


def whole_values(source: BaseCheckpointSaver, latest: CheckpointTuple) -> dict[str, Any]:
    """The checkpoint's values with each delta channel rebuilt (its latest full copy, then the writes after it)
    and stored as a full copy of its own."""
    values = dict(latest.checkpoint["channel_values"])
    channels = {name: channel for name, channel in delta_channels().items()
                if name in latest.checkpoint["channel_versions"]}
    missing = [name for name in channels if name not in values]
    history = source.get_delta_channel_history(config=latest.config, channels=missing) if missing else {}
    for name, channel in channels.items():
        if name in values:
            rebuilt = channel.from_checkpoint(values[name])
        else:
            rebuilt = channel.from_checkpoint(history[name].get("seed"))
            rebuilt.replay_writes(history[name]["writes"])
        values[name] = DeltaSnapshot(rebuilt.get())
    return values


def migrate(source_path: str | Path, database_url: str, report: Callable[[str], None] = print) -> dict[str, int]:
    """Copy every session of the SQLite file at `source_path` into the PostgreSQL database; returns the counts."""
    from graph.storage.postgres import PostgresStorage, is_database_url  # the driver loads only when needed
    from graph.storage.transfer import read_tables, write_tables

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
            counts = {"checkpoints": copied, **write_tables(target, read_tables(source))}
        finally:
            target.close()
    finally:
        source.close()
    for name, count in counts.items():
        report(f"{name}: {count}")
    return counts


def assign_owner(location: str, owner: str, report: Callable[[str], None] = print) -> int:
    """Give the sessions of the default owner in the database at `location` (a PostgreSQL URL or a SQLite
    file) to `owner`; returns how many."""
    from graph.storage.postgres import PostgresStorage, is_database_url

    if not owner.strip():
        raise DatabaseError("--owner needs the id the person signs in with (their e-mail)")
    path = Path(location).expanduser()
    if not is_database_url(location) and not path.is_file():
        raise DatabaseError(f"No chat database at {path}")
    storage = PostgresStorage.open(location) if is_database_url(location) else SqliteStorage.open(path)
    try:
        count = storage.assign_owner(owner)
    finally:
        storage.close()
    report(f"sessions given to {owner}: {count}")
    return count


def main(argv: list[str] | None = None) -> int:
    """The command line: `--from` the SQLite file, `--to` the PostgreSQL URL, `--owner` of the older sessions."""
    parser = argparse.ArgumentParser(prog="python -m graph.storage.migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", help="the SQLite file (CHAT_DB_PATH)")
    parser.add_argument("--to", dest="target", required=True,
                        help="postgresql://user:password@host:5432/name (or, with --owner alone, a SQLite file)")
    parser.add_argument("--owner", help="give the sessions made without sign-in to this person (their e-mail)")
    arguments = parser.parse_args(argv)
    if arguments.source is None and arguments.owner is None:
        parser.error("say --from (to copy), --owner (to give sessions to someone), or both")
    try:
        if arguments.source is not None:
            migrate(arguments.source, arguments.target)
        if arguments.owner is not None:
            assign_owner(arguments.target, arguments.owner)
    except DatabaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
