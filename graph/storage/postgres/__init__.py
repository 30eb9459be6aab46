"""The server backend: every table beside LangGraph's PostgresSaver in one PostgreSQL database, shared by
any number of app processes, with session locks that hold across all of them."""

import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg_pool import ConnectionPool

from graph.storage.locks import local_session_lock
from graph.storage.postgres.cache import PostgresSummaryCache
from graph.storage.postgres.connection import (
    Database,
    connect,
    is_database_url,
    open_pool,
    pool_target,
    redact,
    saver_on,
    setup_once,
    startup_lock,
)
from graph.storage.postgres.documents import PostgresDocuments
from graph.storage.postgres.housekeeping import PostgresHousekeeping
from graph.storage.postgres.journal import PostgresJournal
from graph.storage.postgres.recall import PostgresRecall
from graph.storage.postgres.schema import migrate
from graph.storage.postgres.sessions import PostgresSessions
from graph.storage.postgres.transfer import PostgresTransfer


@dataclass
class _Hold:
    """A session's advisory lock held by this process, and how deeply its holder has nested it."""

    stack: ExitStack
    depth: int = 0


_holds: dict[tuple[str, str], _Hold] = {}
_holds_guard = threading.Lock()


class PostgresStorage(PostgresSessions, PostgresJournal, PostgresSummaryCache, PostgresDocuments, PostgresRecall,
                      PostgresHousekeeping, PostgresTransfer):
    """The app's tables on a connection pool shared with the PostgresSaver of the same database."""

    def __init__(self, db: Database, checkpoints: PostgresSaver | None,
                 checkpointer: BaseCheckpointSaver | None = None,
                 close_also: psycopg.Connection[Any] | None = None) -> None:
        saver = checkpointer or checkpoints
        if saver is None:
            raise ValueError("PostgresStorage needs a checkpointer")
        self.db = db
        self.checkpoints = checkpoints
        self.saver: BaseCheckpointSaver = saver
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
        return cls(Database(pool), saver, close_also=close_also)

    @contextmanager
    def session_lock(self, session_id: str, wait: bool = True) -> Iterator[bool]:
        """Held by one thread of one process at a time: the process-local lock, then a PostgreSQL advisory lock.

        Reentrant within a thread: only the outermost holder takes the advisory lock. Yields whether it is held.
        """
        local = local_session_lock(session_id)
        if not local.acquire(blocking=wait):
            yield False
            return
        key = (self.db.domain, session_id)
        try:
            with _holds_guard:
                hold = _holds.get(key)
            if hold is None:
                stack = self.db.lock(session_id, wait)
                if stack is None:
                    yield False
                    return
                hold = _Hold(stack)
                with _holds_guard:
                    _holds[key] = hold
            hold.depth += 1
            try:
                yield True
            finally:
                hold.depth -= 1
                if hold.depth == 0:
                    with _holds_guard:
                        del _holds[key]
                    self.db.unlock(hold.stack)
        finally:
            local.release()

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
