"""Whose each session is: the owner stored with its row ('' for the single-person default, which is also what
sessions stored before owners existed have), claimed once by the first writer and never changed after."""

from graph.storage.shared.common import DEFAULT_OWNER, utc_now
from graph.storage.shared.dialect import Tables


class OwnerRows(Tables):
    """The `owner` column of `chat_sessions`."""

    def session_owner(self, session_id: str) -> str | None:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT owner FROM chat_sessions WHERE thread_id = ?", (session_id,)).one()
        if row is not None:
            return str(row["owner"])
        if not self.own_checkpoints:
            return None
        with self.rows(transaction=False) as cur:
            saved = cur.execute("SELECT 1 AS found FROM checkpoints WHERE thread_id = ? LIMIT 1", (session_id,)).one()
        return DEFAULT_OWNER if saved is not None else None

    def claim_session(self, session_id: str, owner: str) -> bool:
        if self.own_checkpoints and owner != DEFAULT_OWNER and self.session_owner(session_id) == DEFAULT_OWNER:
            return False  # saved before owners existed: the default owner's until assigned
        with self.rows() as cur:
            cur.execute("INSERT INTO chat_sessions (thread_id, updated_at, owner) VALUES (?, ?, ?) "
                        "ON CONFLICT (thread_id) DO NOTHING", (session_id, utc_now(), self.dialect.text(owner)))
            row = cur.execute("SELECT owner FROM chat_sessions WHERE thread_id = ?", (session_id,)).one()
        return row is not None and row["owner"] == owner

    def assign_owner(self, owner: str) -> int:
        owner = self.dialect.text(owner)
        with self.rows() as cur:
            if self.own_checkpoints:  # sessions saved without a row get one (WHERE: SQLite reads the ON CONFLICT)
                cur.execute("INSERT INTO chat_sessions (thread_id, updated_at) SELECT DISTINCT thread_id, ? "
                            "FROM checkpoints WHERE TRUE ON CONFLICT (thread_id) DO NOTHING", (utc_now(),))
            return cur.execute("UPDATE chat_sessions SET owner = ? WHERE owner = ?", (owner, DEFAULT_OWNER)).rowcount
