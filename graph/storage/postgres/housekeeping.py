"""Keep the database small: only the checkpoints a session's load replays from (the last few at least), their
space made reusable at once."""

import logging
from collections import defaultdict
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from psycopg.rows import dict_row

from graph.storage.base import KEEP_CHECKPOINTS
from graph.storage.checkpoint_tree import prunable, saver_rows
from graph.storage.postgres.connection import Database
from graph.storage.shared.common import APP_TABLES

logger = logging.getLogger(__name__)

SAVER_TABLES = ("checkpoint_migrations", "checkpoints", "checkpoint_blobs", "checkpoint_writes")
CHURNED_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes", "prepared_summaries", "turn_journal",
                  "chat_sessions")  # rows written and deleted (or rewritten) on every turn

THREAD_ROWS_SQL = """
SELECT checkpoint_ns, checkpoint_id, parent_checkpoint_id, metadata FROM checkpoints WHERE thread_id = %s
"""

DELETE_WRITES_SQL = """
DELETE FROM checkpoint_writes WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id = ANY(%s)
"""

DELETE_CHECKPOINTS_SQL = """
WITH deleted AS (
    DELETE FROM checkpoints WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id = ANY(%s)
    RETURNING checkpoint -> 'channel_versions' AS versions
)
SELECT DISTINCT v.key AS channel, v.value AS version
FROM deleted CROSS JOIN LATERAL jsonb_each_text(deleted.versions) AS v
"""

REFERENCED_BLOBS_SQL = """
SELECT DISTINCT v.key AS channel, v.value AS version
FROM checkpoints AS c CROSS JOIN LATERAL jsonb_each_text(c.checkpoint -> 'channel_versions') AS v
WHERE c.thread_id = %s AND c.checkpoint_ns = %s
"""

DELETE_BLOBS_SQL = """
DELETE FROM checkpoint_blobs WHERE thread_id = %s AND checkpoint_ns = %s AND channel = %s AND version = ANY(%s)
"""


class PostgresHousekeeping:
    """Pruning, compaction and the database's size."""

    db: Database
    own_checkpoints: bool
    saver: BaseCheckpointSaver

    def checkpoint_rows(self, session_id: str) -> list[tuple[str, str | None, dict[str, Any]]]:
        if not self.own_checkpoints:
            return saver_rows(self.saver, session_id)
        with self.db.cursor() as cur:
            found = cur.execute(THREAD_ROWS_SQL, (session_id,)).fetchall()
        return [(row["checkpoint_id"], row["parent_checkpoint_id"], row["metadata"] or {})
                for row in found if row["checkpoint_ns"] == ""]

    def prune_checkpoints(self, session_id: str, keep: int = KEEP_CHECKPOINTS) -> int:
        """Delete older checkpoints with their pending writes, and the blobs no kept checkpoint uses.

        One snapshot (repeatable read) for the whole thread: what a run saves meanwhile is neither seen nor deleted.
        """
        if not self.own_checkpoints:
            return 0  # checkpoints kept elsewhere are not ours to prune
        removed = 0
        with self.db.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            spaces: dict[str, list[tuple[str, str | None, dict[str, Any]]]] = defaultdict(list)
            for row in cur.execute(THREAD_ROWS_SQL, (session_id,)).fetchall():
                spaces[row["checkpoint_ns"]].append((row["checkpoint_id"], row["parent_checkpoint_id"],
                                                     row["metadata"] or {}))
            old = {namespace: ids for namespace, rows in spaces.items() if (ids := prunable(rows, max(keep, 1)))}
            for namespace, ids in old.items():
                cur.execute(DELETE_WRITES_SQL, (session_id, namespace, ids))
                freed = cur.execute(DELETE_CHECKPOINTS_SQL, (session_id, namespace, ids)).fetchall()
                removed += len(ids)
                referenced = {(row["channel"], row["version"])
                              for row in cur.execute(REFERENCED_BLOBS_SQL, (session_id, namespace)).fetchall()}
                garbage: dict[str, list[str]] = defaultdict(list)
                for row in freed:
                    if (row["channel"], row["version"]) not in referenced:
                        garbage[row["channel"]].append(row["version"])
                for channel, versions in garbage.items():
                    cur.execute(DELETE_BLOBS_SQL, (session_id, namespace, channel, versions))
        return removed

    def compact(self) -> None:
        """Make the space of pruned checkpoints and of the rows every turn rewrites reusable now (VACUUM takes no
        lock that blocks a turn); left to autovacuum, the tables grow by what each turn wrote and deleted."""
        try:
            with self.db.cursor(transaction=False) as cur:
                cur.execute(f"VACUUM {', '.join(CHURNED_TABLES)}")
        except Exception:  # skipped this time; the next turn's housekeeping tries again
            logger.debug("VACUUM skipped", exc_info=True)

    def size_bytes(self) -> int:
        tables = [*APP_TABLES, *SAVER_TABLES]
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute("SELECT COALESCE(sum(pg_total_relation_size(to_regclass(name))), 0) AS size "
                              "FROM unnest(%s::text[]) AS name WHERE to_regclass(name) IS NOT NULL",
                              (tables,)).fetchone()
        return int(row["size"]) if row else 0
