"""Keep the database small: only the last few checkpoints of a session, and a short WAL."""

import logging
import sqlite3

from langgraph.checkpoint.sqlite import SqliteSaver

logger = logging.getLogger(__name__)

KEEP_CHECKPOINTS = 3


def prune_checkpoints(saver: SqliteSaver, thread_id: str, keep: int = KEEP_CHECKPOINTS) -> int:
    """Delete a session's checkpoints (and their writes) older than its `keep` newest; return how many."""
    with saver.cursor() as cur:
        cur.execute(
            "DELETE FROM checkpoints WHERE thread_id = ? AND checkpoint_id NOT IN ("
            " SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id DESC LIMIT ?)",
            (thread_id, thread_id, keep),
        )
        removed = cur.rowcount
        cur.execute(
            "DELETE FROM writes WHERE thread_id = ? AND checkpoint_id NOT IN ("
            " SELECT checkpoint_id FROM checkpoints WHERE thread_id = ?)",
            (thread_id, thread_id),
        )
    return removed


def compact(saver: SqliteSaver) -> None:
    """Return freed pages to the file system and truncate the WAL; skipped when the database is busy."""
    try:
        with saver.cursor(transaction=False) as cur:
            cur.execute("PRAGMA incremental_vacuum")
            cur.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.OperationalError:
        logger.debug("Compaction skipped: database busy", exc_info=True)


def tidy_session(saver: SqliteSaver, thread_id: str) -> None:
    """Everything housekeeping does after a turn of `thread_id`."""
    prune_checkpoints(saver, thread_id)
    compact(saver)
