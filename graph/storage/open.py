"""Pick the storage backend: the one behind a given checkpointer, or the one the settings name."""

import sqlite3
from urllib.parse import urlsplit

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.base import DatabaseError, Storage
from graph.storage.sqlite import SqliteStorage
from graph.storage.sqlite.connection import as_app_saver

POSTGRES_SCHEMES = ("postgresql", "postgres")


def open_storage(db_path: str, database_url: str = "") -> Storage:
    """PostgreSQL (with its PostgresSaver) when `database_url` names a server, else the embedded SQLite file."""
    if database_url.strip():
        from graph.storage.postgres import PostgresStorage  # the driver loads only when a server is used

        return PostgresStorage.open(_postgres_url(database_url))
    return SqliteStorage.open(db_path)


def storage_for(checkpointer: BaseCheckpointSaver | None, db_path: str, database_url: str = "") -> Storage:
    """Storage sharing the given checkpointer's database; a checkpointer without one (in memory)
    keeps its side tables in the database the settings name (the SQLite file unless a URL is given)."""
    if checkpointer is None:
        return open_storage(db_path, database_url)
    if isinstance(checkpointer, SqliteSaver):
        return SqliteStorage(as_app_saver(checkpointer), _file_of(checkpointer.conn))
    if type(checkpointer).__module__.startswith(("langgraph.checkpoint.postgres", "graph.storage.postgres")):
        from graph.storage.postgres import PostgresStorage, is_postgres_saver

        if is_postgres_saver(checkpointer):
            return PostgresStorage.for_saver(checkpointer)  # type: ignore[arg-type]
    if database_url.strip():
        from graph.storage.postgres import PostgresStorage

        return PostgresStorage.open(_postgres_url(database_url), checkpointer)
    return SqliteStorage.open(db_path, checkpointer)


def _postgres_url(database_url: str) -> str:
    """The URL itself when it names a PostgreSQL server; anything else is a mistake worth saying."""
    url = database_url.strip()
    if urlsplit(url).scheme.lower() not in POSTGRES_SCHEMES:
        raise DatabaseError("DATABASE_URL must be a postgresql:// URL (postgresql://user:password@host:5432/name)")
    return url


def _file_of(conn: sqlite3.Connection) -> str | None:
    """The file behind a connection ('' for an in-memory database)."""
    row = conn.execute("PRAGMA database_list").fetchone()
    return row[2] or None if row else None
