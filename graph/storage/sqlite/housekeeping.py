"""Keep the SQLite file small: only the checkpoints a session's load replays from (the last few at least),
freed pages returned, a short WAL."""

import json
import logging
import os
import sqlite3
from pathlib import Path

from graph.storage.base import KEEP_CHECKPOINTS
from graph.storage.replay import first_step_needed
from graph.storage.shared.base import Tables

logger = logging.getLogger(__name__)


class SqliteHousekeeping(Tables):
    """Pruning, compaction and the file's size."""

    path: Path | None

    def prune_checkpoints(self, session_id: str, keep: int = KEEP_CHECKPOINTS) -> int:
        if not self.own_checkpoints:  # checkpoints kept elsewhere (in memory) are not ours to prune
            return 0
        with self.rows() as cur:
            latest = cur.execute("SELECT metadata FROM checkpoints WHERE thread_id = ? AND checkpoint_ns = '' "
                                 "ORDER BY checkpoint_id DESC LIMIT 1", (session_id,)).one()
            needed = first_step_needed(json.loads(latest["metadata"]) if latest and latest["metadata"] else None)
            removed = cur.execute(
                "DELETE FROM checkpoints WHERE thread_id = ? AND checkpoint_id NOT IN ("
                " SELECT checkpoint_id FROM checkpoints WHERE thread_id = ? ORDER BY checkpoint_id DESC LIMIT ?)"
                " AND (? IS NULL OR CAST(json_extract(CAST(metadata AS TEXT), '$.step') AS INTEGER) < ?)",
                (session_id, session_id, keep, needed, needed)).rowcount
            cur.execute("DELETE FROM writes WHERE thread_id = ? AND checkpoint_id NOT IN ("
                        " SELECT checkpoint_id FROM checkpoints WHERE thread_id = ?)", (session_id, session_id))
        return removed

    def compact(self) -> None:
        try:
            with self.rows(transaction=False) as cur:
                cur.cursor.executescript("PRAGMA incremental_vacuum;")  # run to the end: execute frees one page
                cur.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.OperationalError:
            logger.debug("Compaction skipped: database busy", exc_info=True)

    def size_bytes(self) -> int:
        if self.path is None:
            return 0
        files = (self.path, Path(f"{self.path}-wal"))
        return sum(os.path.getsize(file) for file in files if file.exists())
