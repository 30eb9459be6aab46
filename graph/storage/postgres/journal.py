"""The turn journal in PostgreSQL: one pending turn input per session until its checkpoint is saved."""

from graph.storage.postgres.connection import Database
from graph.storage.postgres.text import json_value
from graph.storage.sqlite.sessions import utc_now


class PostgresJournal:
    """Rows of `turn_journal`."""

    db: Database

    def journal_write(self, session_id: str, row: dict) -> None:
        with self.db.cursor() as cur:
            cur.execute("INSERT INTO turn_journal (thread_id, payload, created_at) VALUES (%s, %s, %s) "
                        "ON CONFLICT (thread_id) DO UPDATE SET payload = excluded.payload, "
                        "created_at = excluded.created_at", (session_id, json_value(row), utc_now()))

    def journal_read(self, session_id: str) -> dict | None:
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute("SELECT payload FROM turn_journal WHERE thread_id = %s", (session_id,)).fetchone()
        return row["payload"] if row else None

    def journal_clear(self, session_id: str) -> None:
        with self.db.cursor() as cur:
            cur.execute("DELETE FROM turn_journal WHERE thread_id = %s", (session_id,))
