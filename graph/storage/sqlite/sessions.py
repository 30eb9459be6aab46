"""The session list and each session's settings, in SQLite beside the checkpoints."""

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from state.session import SessionInfo, SessionSettings

TITLE_CHARS = 60
SETTING_COLUMNS = ("system_prompt", "context_policy", "agent_prompt", "reminder", "hide_old_tool_results",
                   "compression_rate", "recall")
SESSION_TABLES = ("chat_sessions", "summary_prefetch", "turn_journal", "documents", "document_chunks")


def utc_now() -> str:
    """A timestamp that sorts as text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def make_title(text: str) -> str:
    """A one-line title from the first user message."""
    line = " ".join(text.split())
    return line if len(line) <= TITLE_CHARS else line[: TITLE_CHARS - 1] + "…"


class SqliteSessions:
    """Rows of `chat_sessions`: title, last activity, turns done, and the session's settings."""

    db: SqliteSaver
    saver: BaseCheckpointSaver
    recall_forget_session: Callable[[sqlite3.Cursor, str], None]

    def record_session(self, session_id: str, first_message: str, turns: int) -> None:
        with self.db.cursor() as cur:
            cur.execute(
                "INSERT INTO chat_sessions (thread_id, title, updated_at, turns) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(thread_id) DO UPDATE SET updated_at = excluded.updated_at, turns = excluded.turns, "
                "title = CASE WHEN chat_sessions.title = '' THEN excluded.title ELSE chat_sessions.title END",
                (session_id, make_title(first_message), utc_now(), turns),
            )

    def rename_session(self, session_id: str, title: str) -> None:
        with self.db.cursor() as cur:
            cur.execute(
                "INSERT INTO chat_sessions (thread_id, title, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT(thread_id) DO UPDATE SET title = excluded.title",
                (session_id, make_title(title), utc_now()),
            )

    def list_sessions(self) -> list[SessionInfo]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(
                "SELECT t.thread_id, COALESCE(s.title, ''), COALESCE(s.updated_at, ''), COALESCE(s.turns, 0) "
                f"FROM ({self._thread_source()}) AS t "
                "LEFT JOIN chat_sessions AS s ON s.thread_id = t.thread_id "
                "ORDER BY COALESCE(s.updated_at, '') DESC, t.thread_id"
            ).fetchall()
        return [SessionInfo(row[0], row[1] or row[0], row[2], row[3]) for row in rows]

    def _thread_source(self) -> str:
        """Sessions are the threads with checkpoints; with checkpoints kept elsewhere, the listed ones."""
        if self.saver is self.db:
            return "SELECT DISTINCT thread_id FROM checkpoints"
        return "SELECT thread_id FROM chat_sessions"

    def has_session(self, session_id: str) -> bool:
        source = "checkpoints" if "checkpoints" in self._thread_source() else "chat_sessions"
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute(f"SELECT 1 FROM {source} WHERE thread_id = ? LIMIT 1", (session_id,)).fetchone()
        return row is not None

    def load_settings(self, session_id: str) -> SessionSettings:
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute(f"SELECT {', '.join(SETTING_COLUMNS)} FROM chat_sessions WHERE thread_id = ?",
                              (session_id,)).fetchone()
        if row is None:
            return SessionSettings()
        values = dict(zip(SETTING_COLUMNS, row, strict=True))
        return SessionSettings(**{**values, "hide_old_tool_results": bool(values["hide_old_tool_results"]),
                                  "recall": bool(values["recall"])})

    def save_settings(self, session_id: str, settings: SessionSettings) -> None:
        values = [getattr(settings, name) for name in SETTING_COLUMNS]
        values = [int(v) if isinstance(v, bool) else v for v in values]
        updates = ", ".join(f"{name} = excluded.{name}" for name in SETTING_COLUMNS)
        with self.db.cursor() as cur:
            cur.execute(
                f"INSERT INTO chat_sessions (thread_id, updated_at, {', '.join(SETTING_COLUMNS)}) "
                f"VALUES (?, ?, {', '.join('?' for _ in SETTING_COLUMNS)}) "
                f"ON CONFLICT(thread_id) DO UPDATE SET {updates}",
                (session_id, utc_now(), *values),
            )

    def delete_session(self, session_id: str) -> None:
        self.saver.delete_thread(session_id)
        with self.db.cursor() as cur:
            for table in SESSION_TABLES:
                cur.execute(f"DELETE FROM {table} WHERE thread_id = ?", (session_id,))
            self.recall_forget_session(cur, session_id)
