"""The session list and each session's settings, in PostgreSQL beside the checkpoints."""

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver

from graph.storage.postgres.connection import Database
from graph.storage.postgres.text import clean
from graph.storage.sqlite.sessions import SETTING_COLUMNS, make_title, utc_now
from state.session import SessionInfo, SessionSettings

SESSION_TABLES = ("chat_sessions", "summary_prefetch", "turn_journal", "document_chunks", "documents",
                  "recall_turns")


class PostgresSessions:
    """Rows of `chat_sessions`: title, last activity, turns done, and the session's settings."""

    db: Database
    saver: BaseCheckpointSaver
    checkpoints: PostgresSaver | None

    def record_session(self, session_id: str, first_message: str, turns: int) -> None:
        with self.db.cursor() as cur:
            cur.execute(
                "INSERT INTO chat_sessions (thread_id, title, updated_at, turns) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (thread_id) DO UPDATE SET updated_at = excluded.updated_at, turns = excluded.turns, "
                "title = CASE WHEN chat_sessions.title = '' THEN excluded.title ELSE chat_sessions.title END",
                (session_id, clean(make_title(first_message)), utc_now(), turns),
            )

    def rename_session(self, session_id: str, title: str) -> None:
        with self.db.cursor() as cur:
            cur.execute(
                "INSERT INTO chat_sessions (thread_id, title, updated_at) VALUES (%s, %s, %s) "
                "ON CONFLICT (thread_id) DO UPDATE SET title = excluded.title",
                (session_id, clean(make_title(title)), utc_now()),
            )

    def list_sessions(self) -> list[SessionInfo]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(
                "SELECT t.thread_id, COALESCE(s.title, '') AS title, COALESCE(s.updated_at, '') AS updated_at, "
                "COALESCE(s.turns, 0) AS turns "
                f"FROM ({self._thread_source()}) AS t "
                "LEFT JOIN chat_sessions AS s ON s.thread_id = t.thread_id "
                'ORDER BY COALESCE(s.updated_at, \'\') COLLATE "C" DESC, t.thread_id COLLATE "C"'
            ).fetchall()
        return [SessionInfo(row["thread_id"], row["title"] or row["thread_id"], row["updated_at"], row["turns"])
                for row in rows]

    def _thread_source(self) -> str:
        """Sessions are the threads with checkpoints; with checkpoints kept elsewhere, the listed ones."""
        if self.checkpoints is not None:
            return "SELECT DISTINCT thread_id FROM checkpoints"
        return "SELECT thread_id FROM chat_sessions"

    def has_session(self, session_id: str) -> bool:
        source = "checkpoints" if "checkpoints" in self._thread_source() else "chat_sessions"
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute(f"SELECT 1 FROM {source} WHERE thread_id = %s LIMIT 1", (session_id,)).fetchone()
        return row is not None

    def load_settings(self, session_id: str) -> SessionSettings:
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute(f"SELECT {', '.join(SETTING_COLUMNS)} FROM chat_sessions WHERE thread_id = %s",
                              (session_id,)).fetchone()
        if row is None:
            return SessionSettings()
        return SessionSettings(**{**row, "hide_old_tool_results": bool(row["hide_old_tool_results"]),
                                  "recall": bool(row["recall"]), "compression_rate": float(row["compression_rate"])})

    def save_settings(self, session_id: str, settings: SessionSettings) -> None:
        values = [getattr(settings, name) for name in SETTING_COLUMNS]
        values = [clean(value) if isinstance(value, str) else value for value in values]
        updates = ", ".join(f"{name} = excluded.{name}" for name in SETTING_COLUMNS)
        with self.db.cursor() as cur:
            cur.execute(
                f"INSERT INTO chat_sessions (thread_id, updated_at, {', '.join(SETTING_COLUMNS)}) "
                f"VALUES (%s, %s, {', '.join('%s' for _ in SETTING_COLUMNS)}) "
                f"ON CONFLICT (thread_id) DO UPDATE SET {updates}",
                (session_id, utc_now(), *values),
            )

    def delete_session(self, session_id: str) -> None:
        self.saver.delete_thread(session_id)
        with self.db.cursor() as cur:
            for table in SESSION_TABLES:
                cur.execute(f"DELETE FROM {table} WHERE thread_id = %s", (session_id,))
