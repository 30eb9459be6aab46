"""Summaries made ahead of time, in PostgreSQL until the turn that applies them; taking one removes it."""

from graph.storage.postgres.connection import Database
from graph.storage.postgres.text import json_value
from graph.storage.sqlite.sessions import utc_now


class PostgresSummaryCache:
    """Rows of `summary_prefetch`."""

    db: Database

    def cache_put(self, key: str, session_id: str, record: dict) -> None:
        with self.db.cursor() as cur:
            cur.execute("INSERT INTO summary_prefetch (key, thread_id, record, created_at) VALUES (%s, %s, %s, %s) "
                        "ON CONFLICT (key) DO UPDATE SET thread_id = excluded.thread_id, record = excluded.record, "
                        "created_at = excluded.created_at", (key, session_id, json_value(record), utc_now()))

    def cache_has(self, key: str) -> bool:
        with self.db.cursor(transaction=False) as cur:
            return cur.execute("SELECT 1 FROM summary_prefetch WHERE key = %s", (key,)).fetchone() is not None

    def cache_take(self, key: str) -> dict | None:
        with self.db.cursor() as cur:
            row = cur.execute("DELETE FROM summary_prefetch WHERE key = %s RETURNING record", (key,)).fetchone()
        return row["record"] if row else None
