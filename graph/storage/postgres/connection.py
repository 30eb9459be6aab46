"""Reach the PostgreSQL server: a connection pool the storage and LangGraph's PostgresSaver share.

Connections are autocommit and never prepare statements, so a transaction-mode pooler (PgBouncer) in front
of the server works; rows come back as dicts, the way PostgresSaver reads them.
"""

import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

from graph.storage.base import DatabaseError

URL_SCHEMES = ("postgresql", "postgres")
POOL_MIN = 1
POOL_MAX = 20  # connections for the storage's and the saver's statements
LOCK_POOL_MAX = 64  # sessions that may run a turn at once in one process: each holds a connection for its lock
CONNECT_TIMEOUT = 15  # seconds to reach the server at start-up
STARTUP_WAIT = 120.0  # seconds another process may spend setting up the schema first
STARTUP_LOCK = 0x636F6E7465787400  # advisory lock key serializing schema changes of concurrent start-ups
CONNECTION_KWARGS: dict[str, Any] = {"autocommit": True, "prepare_threshold": None, "row_factory": dict_row}
CHECK_AFTER_IDLE = 2.0  # seconds a returned connection may rest before it is checked again when lent

_set_up: set[str] = set()
_set_up_guard = threading.Lock()


def is_database_url(url: str) -> bool:
    """Whether `url` names a PostgreSQL server (postgresql:// or postgres://)."""
    return urlsplit(url.strip()).scheme.lower() in URL_SCHEMES


def redact(url: str) -> str:
    """The URL with its password hidden, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def connect(url: str, **connection: Any) -> psycopg.Connection[DictRow]:
    """One connection with the pool's settings; a server that cannot be reached fails with the reason."""
    try:
        return psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT, **{**connection, **CONNECTION_KWARGS})
    except psycopg.Error as error:
        raise DatabaseError(f"Cannot open the chat database at {redact(url)}: {error}") from error


class IdleCheck:
    """The pool's health check, made only on connections that rested: one returned a moment ago is alive,
    and a round trip before every statement would double the round trips of a turn."""

    def __init__(self, after_idle: float = CHECK_AFTER_IDLE) -> None:
        self.after_idle = after_idle
        self._returned: weakref.WeakKeyDictionary[psycopg.Connection[Any], float] = weakref.WeakKeyDictionary()

    def check(self, conn: psycopg.Connection[Any]) -> None:
        """Run the pool's own check (an empty query) unless the connection came back just now."""
        returned = self._returned.pop(conn, None)
        if returned is None or time.monotonic() - returned > self.after_idle:
            ConnectionPool.check_connection(conn)

    def returned(self, conn: psycopg.Connection[Any]) -> None:
        """Note when a connection came back to the pool."""
        self._returned[conn] = time.monotonic()


def pool_of(conninfo: str, name: str, min_size: int, max_size: int, open: bool, **kwargs: Any) -> ConnectionPool[Any]:
    """A pool with the app's connection settings and its health check."""
    health = IdleCheck()
    return ConnectionPool(conninfo, min_size=min_size, max_size=max_size, kwargs={**CONNECTION_KWARGS, **kwargs},
                          check=health.check, reset=health.returned, open=open, name=name)


def open_pool(url: str, **connection: Any) -> ConnectionPool[Any]:
    """The shared pool: autocommit, no prepared statements, dict rows, a connection that rested checked when lent."""
    pool = pool_of(url, "context-chat", POOL_MIN, POOL_MAX, False, **connection)
    try:
        pool.open(wait=True, timeout=CONNECT_TIMEOUT)
    except psycopg.Error as error:
        pool.close()
        raise DatabaseError(f"Cannot open the chat database at {redact(url)}: {error}") from error
    return pool


def setup_once(saver: PostgresSaver, key: str) -> None:
    """Create or upgrade the saver's tables, once per process and database."""
    with _set_up_guard:
        if key in _set_up:
            return
        try:
            saver.setup()
        except psycopg.Error as error:
            raise DatabaseError(f"Cannot write the chat database: {error}") from error
        _set_up.add(key)


@contextmanager
def startup_lock(conn: psycopg.Connection[Any]) -> Iterator[None]:
    """Hold off other processes' start-ups while this one changes the schema.

    Polls a try-lock: a session waiting inside pg_advisory_lock would keep a snapshot open, which
    PostgresSaver's CREATE INDEX CONCURRENTLY waits for, a deadlock.
    """
    deadline = time.monotonic() + STARTUP_WAIT
    while not held(conn.execute("SELECT pg_try_advisory_lock(%s) AS held", (STARTUP_LOCK,)).fetchone()):
        if time.monotonic() > deadline:
            raise DatabaseError("Another process has been setting up the chat database for too long")
        time.sleep(0.2)
    try:
        yield
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s)", (STARTUP_LOCK,))


def held(row: Any) -> bool:
    """The boolean a lock function returned, whichever row factory made the row."""
    return bool(row["held"] if isinstance(row, dict) else row[0])


def pool_target(pool: ConnectionPool[Any]) -> tuple[str, dict[str, Any]]:
    """The connection string and keyword arguments a pool connects with."""
    conninfo = pool.conninfo() if callable(pool.conninfo) else pool.conninfo
    kwargs = pool.kwargs() if callable(pool.kwargs) else pool.kwargs
    return conninfo, dict(kwargs or {})


class Database:
    """The pool the storage runs its SQL on, and the connections that hold session locks."""

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool
        conninfo, kwargs = pool_target(pool)
        # locks apart, so held locks never starve the work
        self.lock_pool = pool_of(conninfo, "context-chat-locks", 0, LOCK_POOL_MAX, True, **kwargs)
        self.domain = self._identity()

    def _identity(self) -> str:
        """The server and database this pool reaches, however its connection string spells them.

        Session locks on one database are one family in a process, whichever storage object takes them.
        """
        with self.cursor(transaction=False) as cur:
            row = cur.execute("SELECT concat_ws(':', inet_server_addr(), inet_server_port(), current_database()) "
                              "AS identity").fetchone()
        return str(row["identity"]) if row else ""

    @contextmanager
    def cursor(self, transaction: bool = True) -> Iterator[psycopg.Cursor[DictRow]]:
        """A cursor on a pooled connection; its statements commit together when `transaction`."""
        with self.pool.connection() as conn:
            if transaction:
                with conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
                    yield cur
            else:
                with conn.cursor(row_factory=dict_row) as cur:
                    yield cur

    def connection(self) -> AbstractContextManager[psycopg.Connection[Any]]:
        """A pooled connection for work of several statements."""
        return self.pool.connection()

    def close(self) -> None:
        """Close the pools and every connection they hold."""
        self.lock_pool.close()
        self.pool.close()
