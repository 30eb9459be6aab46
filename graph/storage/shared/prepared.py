"""Summaries prepared ahead, kept until the turn that applies them; taking one removes it."""

from graph.storage.shared.common import utc_now
from graph.storage.shared.dialect import Tables
from state.chat_state import SummaryRecord


class PreparedSummaryRows(Tables):
    """Rows of `prepared_summaries`."""

    def prepared_put(self, key: str, session_id: str, record: SummaryRecord) -> None:
        with self.rows() as cur:
            cur.execute("INSERT INTO prepared_summaries (key, thread_id, record, created_at) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET thread_id = excluded.thread_id, record = excluded.record, "
                        "created_at = excluded.created_at", (key, session_id, self.dialect.dump(record), utc_now()))

    def prepared_has(self, key: str) -> bool:
        with self.rows(transaction=False) as cur:
            return cur.execute("SELECT 1 AS found FROM prepared_summaries WHERE key = ?", (key,)).one() is not None

    def prepared_take(self, key: str) -> SummaryRecord | None:
        with self.rows() as cur:
            row = cur.execute("DELETE FROM prepared_summaries WHERE key = ? RETURNING record", (key,)).one()
        return self.dialect.load(row["record"]) if row else None

    def prepared_drop_from(self, session_id: str, first_turn: int) -> int:
        with self.rows() as cur:
            rows = cur.execute("SELECT key, record FROM prepared_summaries WHERE thread_id = ?", (session_id,)).all()
            stale = [row["key"] for row in rows
                     if max(self.dialect.load(row["record"]).get("turns") or [0]) >= first_turn]
            for key in stale:
                cur.execute("DELETE FROM prepared_summaries WHERE key = ?", (key,))
        return len(stale)
