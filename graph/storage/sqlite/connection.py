"""Open the SQLite file: one connection shared by all threads, WAL, owner-only file mode."""

import contextlib
import os
import sqlite3
import stat
from pathlib import Path

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.base import DatabaseError
from graph.storage.speedups.serde_cache import CachingSerializer
from graph.storage.sqlite.saver import ChatSqliteSaver

COMPANIONS = ("", "-wal", "-shm", "-journal")  # the database, and the files SQLite creates with its mode
OTHERS = 0o077  # group and world permission bits


def restrict_to_owner(path: Path) -> None:
    """Make the database and its companion files owner-only, also when an older run left them readable by
    others, so that the -wal and -shm files SQLite creates next are owner-only too."""
    if not path.exists():
        path.touch(mode=0o600)
    for file in (path.with_name(path.name + suffix) for suffix in COMPANIONS):
        with contextlib.suppress(FileNotFoundError):  # a companion comes and goes with the connections
            info = file.stat()
            if stat.S_IMODE(info.st_mode) & OTHERS and info.st_uid == os.getuid():
                file.chmod(stat.S_IMODE(info.st_mode) & ~OTHERS)


def tune(conn: sqlite3.Connection) -> None:
    """WAL for concurrent readers, a commit without waiting for the disk each time, a bounded journal."""
    conn.execute("PRAGMA auto_vacuum=INCREMENTAL")  # takes effect on a new database
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=256")
    conn.execute("PRAGMA journal_size_limit=1048576")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=30000")


def open_connection(path: str | Path) -> sqlite3.Connection:
    """One connection shared by all threads: WAL for concurrent readers, owner-only file mode."""
    in_memory = str(path) == ":memory:"
    path = Path(path)
    try:
        if not in_memory:
            path.parent.mkdir(parents=True, exist_ok=True)
            restrict_to_owner(path)
        conn = sqlite3.connect(":memory:" if in_memory else path, check_same_thread=False, timeout=30)
        tune(conn)
    except (OSError, sqlite3.Error) as error:
        raise DatabaseError(f"Cannot open the chat database at {path}: {error}") from error
    return conn


def as_app_saver(saver: SqliteSaver) -> SqliteSaver:
    """LangGraph's stock SqliteSaver given by a caller, as the app's saver on the same connection (tuned as the app's),
    lock and serializer: its loads stay flat however long a session grows (a saver of the caller's own kind is kept)."""
    if type(saver) is not SqliteSaver:
        return saver
    with saver.lock, contextlib.suppress(sqlite3.Error):  # inside a caller's open transaction: left as it is
        tune(saver.conn)
    app_saver = ChatSqliteSaver(saver.conn, serde=CachingSerializer(saver.serde))
    app_saver.lock, app_saver.is_setup = saver.lock, saver.is_setup
    return app_saver


def create_checkpointer(path: str | Path) -> SqliteSaver:
    """LangGraph's SqliteSaver on the file, deserializing only LangGraph's safe types (never pickle)."""
    strict = JsonPlusSerializer(allowed_msgpack_modules=None)
    saver = ChatSqliteSaver(open_connection(path), serde=CachingSerializer(strict))
    try:
        saver.setup()
    except sqlite3.Error as error:
        raise DatabaseError(f"Cannot write the chat database at {path}: {error}") from error
    return saver
