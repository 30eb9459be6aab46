"""The turn journal: one pending turn input per session until its checkpoint is saved."""

from graph.storage.shared.base import Tables
from graph.storage.shared.common import utc_now


class JournalRows(Tables):
    """Rows of `turn_journal`."""

    def journal_write(self, session_id: str, row: dict) -> None:
        with self.rows() as cur:
            cur.execute("INSERT INTO turn_journal (thread_id, payload, created_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (thread_id) DO UPDATE SET payload = excluded.payload, "
                        "created_at = excluded.created_at", (session_id, self.dialect.dump(row), utc_now()))

    def journal_read(self, session_id: str) -> dict | None:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT payload FROM turn_journal WHERE thread_id = ?", (session_id,)).one()
        return self.dialect.load(row["payload"]) if row else None

    def journal_clear(self, session_id: str) -> None:
        with self.rows() as cur:
            cur.execute("DELETE FROM turn_journal WHERE thread_id = ?", (session_id,))
