"""Keep the SQLite file small: only the checkpoints a session's load replays from (the last few at least),
freed pages returned, a short WAL."""

import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

from graph.storage.base import KEEP_CHECKPOINTS
from graph.storage.checkpoint_tree import prunable, saver_rows
from graph.storage.shared.dialect import Tables

logger = logging.getLogger(__name__)

DELETE_BATCH = 500  # ids per DELETE (SQLite binds at most 999 values)


class SqliteHousekeeping(Tables):
    """Pruning, compaction and the file's size."""

    path: Path | None

    def checkpoint_rows(self, session_id: str) -> list[tuple[str, str | None, dict[str, Any]]]:
        if not self.own_checkpoints:
            return saver_rows(self.saver, session_id)
        with self.rows() as cur:
            found = cur.execute("SELECT checkpoint_id, parent_checkpoint_id, metadata FROM checkpoints "
                                "WHERE thread_id = ? AND checkpoint_ns = ''", (session_id,)).all()
        return [(row["checkpoint_id"], row["parent_checkpoint_id"], json.loads(row["metadata"] or "{}"))
                for row in found]

    def prune_checkpoints(self, session_id: str, keep: int = KEEP_CHECKPOINTS) -> int:
        if not self.own_checkpoints:  # checkpoints kept elsewhere (in memory) are not ours to prune
            return 0
        with self.rows() as cur:  # one transaction: what a run saves meanwhile waits for it
            found = cur.execute("SELECT checkpoint_id, parent_checkpoint_id, metadata FROM checkpoints "
                                "WHERE thread_id = ? AND checkpoint_ns = ''", (session_id,)).all()
            old = prunable(((row["checkpoint_id"], row["parent_checkpoint_id"], json.loads(row["metadata"] or "{}"))
                            for row in found), max(keep, 1))
            for start in range(0, len(old), DELETE_BATCH):
                batch = old[start:start + DELETE_BATCH]
                marks = ", ".join("?" * len(batch))
                cur.execute(f"DELETE FROM writes WHERE thread_id = ? AND checkpoint_id IN ({marks})",
                            (session_id, *batch))
                cur.execute(f"DELETE FROM checkpoints WHERE thread_id = ? AND checkpoint_id IN ({marks})",
                            (session_id, *batch))
        return len(old)

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
