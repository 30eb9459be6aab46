"""The session list, each session's settings, and the turn journal: the rows beside a session's checkpoints."""

from typing import Any

from graph.storage.shared.common import DEFAULT_OWNER, SESSION_TABLES, make_title, utc_now
from graph.storage.shared.dialect import Tables
from graph.storage.shared.settings import settings_value, stored_settings
from state.session import SessionInfo, SessionSettings


class SessionRows(Tables):
    """Rows of `chat_sessions`: title, last activity, turns done, and the session's settings."""

    def record_session(self, session_id: str, first_message: str, turns: int) -> None:
        # an automatic title follows the first question shown when it changes (a version of it); a chosen one stays
        gist = self.dialect.text(make_title(first_message))
        with self.rows() as cur:
            cur.execute(
                "INSERT INTO chat_sessions (thread_id, title, title_gist, updated_at, turns) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (thread_id) DO UPDATE SET updated_at = excluded.updated_at, turns = excluded.turns, "
                "title = CASE WHEN chat_sessions.title = '' THEN excluded.title "
                "WHEN chat_sessions.title_chosen = 0 AND chat_sessions.title_gist IS NOT NULL "
                "AND chat_sessions.title_gist <> excluded.title_gist THEN excluded.title "
                "ELSE chat_sessions.title END, title_gist = excluded.title_gist",
                (session_id, gist, gist, utc_now(), turns),
            )

    def rename_session(self, session_id: str, title: str) -> None:
        with self.rows() as cur:
            cur.execute("INSERT INTO chat_sessions (thread_id, title, title_chosen, updated_at) VALUES (?, ?, 1, ?) "
                        "ON CONFLICT (thread_id) DO UPDATE SET title = excluded.title, title_chosen = 1",
                        (session_id, self.dialect.text(make_title(title)), utc_now()))

    def session_title(self, session_id: str) -> str:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT title FROM chat_sessions WHERE thread_id = ?", (session_id,)).one()
        return str(row["title"]) if row else ""

    def replace_title(self, session_id: str, expected: str, title: str) -> bool:
        with self.rows() as cur:
            changed = cur.execute("UPDATE chat_sessions SET title = ? WHERE thread_id = ? AND title = ?",
                                  (self.dialect.text(make_title(title)), session_id,
                                   self.dialect.text(make_title(expected)))).rowcount
        return changed > 0

    def list_sessions(self, owner: str = DEFAULT_OWNER) -> list[SessionInfo]:
        binary = self.dialect.binary
        with self.rows(transaction=False) as cur:
            rows = cur.execute(
                "SELECT t.thread_id, COALESCE(s.title, '') AS title, COALESCE(s.updated_at, '') AS updated_at, "
                f"COALESCE(s.turns, 0) AS turns FROM ({self._thread_source()}) AS t "
                "LEFT JOIN chat_sessions AS s ON s.thread_id = t.thread_id WHERE COALESCE(s.owner, '') = ? "
                f"ORDER BY COALESCE(s.updated_at, '') COLLATE {binary} DESC, t.thread_id COLLATE {binary}",
                (self.dialect.text(owner),)).all()
        return [SessionInfo(row["thread_id"], row["title"] or row["thread_id"], row["updated_at"], row["turns"])
                for row in rows]

    def _thread_source(self) -> str:
        """Sessions are the threads with checkpoints, and those whose first turn runs (titled as it begins, saved as
        it ends); with checkpoints kept elsewhere, the listed ones."""
        if self.own_checkpoints:
            return "SELECT thread_id FROM checkpoints UNION SELECT thread_id FROM chat_sessions WHERE title <> ''"
        return "SELECT thread_id FROM chat_sessions"

    def has_session(self, session_id: str) -> bool:
        table = "checkpoints" if self.own_checkpoints else "chat_sessions"
        with self.rows(transaction=False) as cur:
            return cur.execute(f"SELECT 1 AS found FROM {table} WHERE thread_id = ? LIMIT 1",
                               (session_id,)).one() is not None

    def load_settings(self, session_id: str) -> SessionSettings:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT settings FROM chat_sessions WHERE thread_id = ?", (session_id,)).one()
        return stored_settings(row["settings"] if row else None, self.dialect.load, session_id)

    def save_settings(self, session_id: str, settings: SessionSettings) -> None:
        with self.rows() as cur:
            cur.execute("INSERT INTO chat_sessions (thread_id, updated_at, settings) VALUES (?, ?, ?) "
                        "ON CONFLICT (thread_id) DO UPDATE SET settings = excluded.settings",
                        (session_id, utc_now(), self.dialect.dump(settings_value(settings))))

    def delete_session(self, session_id: str) -> None:
        self.saver.delete_thread(session_id)
        with self.rows() as cur:
            for table in SESSION_TABLES:
                cur.execute(f"DELETE FROM {table} WHERE thread_id = ?", (session_id,))


class JournalRows(Tables):
    """Rows of `turn_journal`: one pending turn input per session until its checkpoint is saved."""

    def journal_write(self, session_id: str, row: dict[str, Any]) -> None:
        with self.rows() as cur:
            cur.execute("INSERT INTO turn_journal (thread_id, payload, created_at) VALUES (?, ?, ?) "
                        "ON CONFLICT (thread_id) DO UPDATE SET payload = excluded.payload, "
                        "created_at = excluded.created_at", (session_id, self.dialect.dump(row), utc_now()))

    def journal_read(self, session_id: str) -> dict[str, Any] | None:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT payload FROM turn_journal WHERE thread_id = ?", (session_id,)).one()
        return self.dialect.load(row["payload"]) if row else None

    def journal_clear(self, session_id: str) -> None:
        with self.rows() as cur:
            cur.execute("DELETE FROM turn_journal WHERE thread_id = ?", (session_id,))
