"""The turn journal in SQLite: one pending turn input per session until its checkpoint is saved."""

import json

from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.sqlite.sessions import utc_now


class SqliteJournal:
    """Rows of `turn_journal`."""

    db: SqliteSaver

    def journal_write(self, session_id: str, row: dict) -> None:
        with self.db.cursor() as cur:
            cur.execute("INSERT OR REPLACE INTO turn_journal (thread_id, payload, created_at) VALUES (?, ?, ?)",
                        (session_id, json.dumps(row, ensure_ascii=False), utc_now()))

    def journal_read(self, session_id: str) -> dict | None:
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute("SELECT payload FROM turn_journal WHERE thread_id = ?", (session_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def journal_clear(self, session_id: str) -> None:
        with self.db.cursor() as cur:
            cur.execute("DELETE FROM turn_journal WHERE thread_id = ?", (session_id,))
