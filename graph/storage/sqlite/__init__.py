"""The embedded default: every table beside LangGraph's SqliteSaver in one SQLite file, no server."""

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.locks import local_session_lock
from graph.storage.shared import SharedTables
from graph.storage.shared.dialect import Dialect, Rows
from graph.storage.sqlite.connection import create_checkpointer, open_connection
from graph.storage.sqlite.housekeeping import SqliteHousekeeping
from graph.storage.sqlite.schema import migrate
from graph.storage.sqlite.search import SqliteSearch

SQLITE = Dialect(placeholder="?", binary="BINARY", text=str, dump=partial(json.dumps, ensure_ascii=False),
                 load=json.loads)  # any text is storable; JSON columns hold its text


class SqliteStorage(SharedTables, SqliteSearch, SqliteHousekeeping):
    """The app's tables on the saver's own connection (one connection, one lock, one file)."""

    dialect = SQLITE

    def __init__(self, db: SqliteSaver, path: str | Path | None = None,
                 checkpointer: BaseCheckpointSaver | None = None) -> None:
        self.db = db
        self.saver = checkpointer or db
        self.own_checkpoints = self.saver is db
        self.path = Path(path) if path and str(path) != ":memory:" else None
        with db.lock:
            migrate(db.conn)

    @classmethod
    def open(cls, path: str | Path, checkpointer: BaseCheckpointSaver | None = None) -> "SqliteStorage":
        """The storage (and, unless one is given, its checkpointer) on a database file."""
        return cls(create_checkpointer(path), path, checkpointer)

    @contextmanager
    def rows(self, transaction: bool = True) -> Iterator[Rows]:
        """A cursor on the saver's connection, under its lock; committed after when `transaction`."""
        with self.db.cursor(transaction=transaction) as cur:
            yield Rows(cur, SQLITE)

    @contextmanager
    def session_lock(self, session_id: str, wait: bool = True) -> Iterator[bool]:
        """A process-local lock: one SQLite file serves one app process. Yields whether it is held."""
        lock: threading.RLock = local_session_lock(session_id)
        held = lock.acquire(blocking=wait)
        try:
            yield held
        finally:
            if held:
                lock.release()

    def close(self) -> None:
        with self.db.lock:
            self.db.conn.close()


__all__ = ["SqliteStorage", "create_checkpointer", "open_connection"]
