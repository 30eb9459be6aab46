"""The server backend: every table beside LangGraph's PostgresSaver in one PostgreSQL database, shared by
any number of app processes, with session locks that hold across all of them."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg_pool import ConnectionPool

from graph.storage.postgres.connection import (
    Database,
    connect,
    is_database_url,
    open_pool,
    pool_target,
    redact,
    setup_once,
    startup_lock,
)
from graph.storage.postgres.housekeeping import PostgresHousekeeping
from graph.storage.postgres.lock import PostgresLock
from graph.storage.postgres.saver import as_app_saver, saver_on
from graph.storage.postgres.schema import migrate
from graph.storage.postgres.search import PostgresSearch
from graph.storage.postgres.text import clean, json_value
from graph.storage.shared import SharedTables
from graph.storage.shared.dialect import Dialect, Rows

POSTGRES = Dialect(placeholder="%s", binary='"C"', text=clean, dump=json_value,
                   load=lambda value: value)  # TEXT holds no NUL; the driver reads JSON columns itself


class PostgresStorage(SharedTables, PostgresSearch, PostgresLock, PostgresHousekeeping):
    """The app's tables on a connection pool shared with the PostgresSaver of the same database."""

    dialect = POSTGRES

    def __init__(self, db: Database, checkpoints: PostgresSaver | None,
                 checkpointer: BaseCheckpointSaver | None = None,
                 close_also: psycopg.Connection[Any] | None = None) -> None:
        saver = checkpointer or checkpoints
        if saver is None:
            raise ValueError("PostgresStorage needs a checkpointer")
        self.db = db
        self.saver: BaseCheckpointSaver = saver
        self.own_checkpoints = saver is checkpoints
        self._close_also = close_also

    @classmethod
    def open(cls, url: str, checkpointer: BaseCheckpointSaver | None = None) -> "PostgresStorage":
        """The storage (and, unless one is given, its PostgresSaver) on the database at `url`."""
        with connect(url) as conn:
            pool = open_pool(url)
            try:
                saver = saver_on(pool) if checkpointer is None else None
                with startup_lock(conn):
                    migrate(conn)
                    if saver is not None:
                        setup_once(saver, pool_target(pool)[0])
            except BaseException:
                pool.close()
                raise
        return cls(Database(pool), saver, checkpointer)

    @classmethod
    def for_saver(cls, saver: PostgresSaver) -> "PostgresStorage":
        """The storage beside a PostgresSaver: on its pool, or on a pool of its own next to a single connection."""
        pool: ConnectionPool[Any]
        close_also: psycopg.Connection[Any] | None
        if isinstance(saver.conn, ConnectionPool):
            pool, close_also = saver.conn, None
            conninfo, kwargs = pool_target(pool)
        else:
            password = saver.conn.info.password
            conninfo, kwargs = saver.conn.info.dsn, ({"password": password} if password else {})
            pool, close_also = open_pool(conninfo, **kwargs), saver.conn
        try:
            with connect(conninfo, **kwargs) as conn, startup_lock(conn):
                migrate(conn)
                setup_once(saver, conninfo)
        except BaseException:
            if close_also is not None:
                pool.close()
            raise
        return cls(Database(pool), as_app_saver(saver), close_also=close_also)

    @contextmanager
    def rows(self, transaction: bool = True) -> Iterator[Rows]:
        """A cursor on a pooled connection; its statements commit together when `transaction`."""
        with self.db.cursor(transaction=transaction) as cur:
            yield Rows(cur, POSTGRES)

    def close(self) -> None:
        """Close the pool, and the saver's own connection when it came with one."""
        self.db.close()
        if self._close_also is not None:
            self._close_also.close()


def create_checkpointer(url: str) -> PostgresSaver:
    """LangGraph's PostgresSaver on its own pool to the database at `url`, its tables set up."""
    with connect(url) as conn:
        pool = open_pool(url)
        saver = saver_on(pool)
        try:
            with startup_lock(conn):
                setup_once(saver, pool_target(pool)[0])
        except BaseException:
            pool.close()
            raise
    return saver


def is_postgres_saver(checkpointer: object) -> bool:
    """Whether a checkpointer is LangGraph's PostgresSaver (its tables are the ones this storage prunes)."""
    return isinstance(checkpointer, PostgresSaver)


__all__ = ["PostgresStorage", "create_checkpointer", "is_database_url", "is_postgres_saver", "redact"]
