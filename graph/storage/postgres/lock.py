"""Session locks that hold across processes: a PostgreSQL advisory lock in a transaction kept open on a
connection of its own, behind the process-local lock, nested within a thread."""

import logging
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

import psycopg

from graph.storage.locks import local_session_lock
from graph.storage.postgres.connection import Database, held

logger = logging.getLogger(__name__)


@dataclass
class _Hold:
    """A session's advisory lock held by this process, and how deeply its holder has nested it."""

    stack: ExitStack
    depth: int = 0


_holds: dict[tuple[str, str], _Hold] = {}
_holds_guard = threading.Lock()


def take(db: Database, key: str, wait: bool) -> ExitStack | None:
    """Take the advisory lock of `key` in a transaction kept open on its own connection; None when busy.

    A transaction-scoped lock pins the server connection behind a transaction-mode pooler and goes with
    the connection if it breaks. Closing the returned stack ends the transaction, which releases it.
    """
    stack = ExitStack()
    try:
        conn = stack.enter_context(db.lock_pool.connection())
        stack.enter_context(conn.transaction())
        if wait:
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
            return stack
        row = conn.execute("SELECT pg_try_advisory_xact_lock(hashtextextended(%s, 0)) AS held", (key,)).fetchone()
    except BaseException:
        stack.close()
        raise
    if held(row):
        return stack
    stack.close()
    return None


def release(stack: ExitStack) -> None:
    """End a lock's transaction and give its connection back; a broken connection already let go."""
    try:
        stack.close()
    except psycopg.Error:
        logger.warning("Releasing a session lock failed; its connection is gone, and the lock with it", exc_info=True)


class PostgresLock:
    """`session_lock` on the storage's database."""

    db: Database

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
                stack = take(self.db, session_id, wait)
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
                    release(hold.stack)
        finally:
            local.release()
