"""Summaries made ahead of time, in SQLite until the turn that applies them; taking one removes it."""

import json

from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.sqlite.sessions import utc_now


class SqliteSummaryCache:
    """Rows of `summary_prefetch`."""

    db: SqliteSaver

    def cache_put(self, key: str, session_id: str, record: dict) -> None:
        with self.db.cursor() as cur:
            cur.execute("INSERT OR REPLACE INTO summary_prefetch (key, thread_id, record, created_at) "
                        "VALUES (?, ?, ?, ?)", (key, session_id, json.dumps(record, ensure_ascii=False), utc_now()))

    def cache_has(self, key: str) -> bool:
        with self.db.cursor(transaction=False) as cur:
            return cur.execute("SELECT 1 FROM summary_prefetch WHERE key = ?", (key,)).fetchone() is not None

    def cache_take(self, key: str) -> dict | None:
        with self.db.cursor() as cur:
            row = cur.execute("SELECT record FROM summary_prefetch WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            cur.execute("DELETE FROM summary_prefetch WHERE key = ?", (key,))
        return json.loads(row[0])
