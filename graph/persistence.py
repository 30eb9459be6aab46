"""SQLite persistence: the shared SqliteSaver, and the list of sessions people pick from."""

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.journal import JOURNAL_TABLE
from graph.serde_cache import CachingSerializer

SESSIONS_TABLE = """
CREATE TABLE IF NOT EXISTS chat_sessions (
    thread_id TEXT PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    turns INTEGER NOT NULL DEFAULT 0,
    system_prompt TEXT NOT NULL DEFAULT '',
    context_policy TEXT NOT NULL DEFAULT '',
    agent_prompt TEXT NOT NULL DEFAULT '',
    reminder TEXT NOT NULL DEFAULT '',
    hide_old_tool_results INTEGER NOT NULL DEFAULT 0
)
"""
PREFETCH_TABLE = """
CREATE TABLE IF NOT EXISTS summary_prefetch (
    key TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    record TEXT NOT NULL,
    created_at TEXT NOT NULL
)
"""
TITLE_CHARS = 60


class DatabaseError(RuntimeError):
    """The database cannot be opened; the message says which path and why."""


@dataclass(frozen=True)
class SessionInfo:
    """One row of the session list."""

    session_id: str
    title: str
    updated_at: str
    turns: int


@dataclass(frozen=True)
class SessionSettings:
    """Per-session choices kept beside the checkpoints."""

    system_prompt: str = ""
    context_policy: str = ""
    agent_prompt: str = ""
    reminder: str = ""
    hide_old_tool_results: bool = False


def _utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def open_connection(path: str | Path) -> sqlite3.Connection:
    """One connection shared by all threads: WAL for concurrent readers, owner-only file mode."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            path.touch(mode=0o600)
        conn = sqlite3.connect(path, check_same_thread=False, timeout=30)
        conn.execute("PRAGMA auto_vacuum=INCREMENTAL")  # takes effect on a new database
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA wal_autocheckpoint=256")
        conn.execute("PRAGMA journal_size_limit=1048576")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=30000")
    except (OSError, sqlite3.Error) as error:
        raise DatabaseError(f"Cannot open the chat database at {path}: {error}") from error
    return conn


def create_checkpointer(path: str | Path) -> SqliteSaver:
    """The app's checkpointer on the database file, with the session table beside LangGraph's."""
    strict = JsonPlusSerializer(allowed_msgpack_modules=None)  # only LangGraph's safe types, never pickle
    saver = SqliteSaver(open_connection(path), serde=CachingSerializer(strict))
    try:
        saver.setup()
        with saver.cursor() as cur:
            cur.execute(SESSIONS_TABLE)
            cur.execute(PREFETCH_TABLE)
            cur.execute(JOURNAL_TABLE)
    except sqlite3.Error as error:
        raise DatabaseError(f"Cannot write the chat database at {path}: {error}") from error
    return saver


def make_title(text: str) -> str:
    """A one-line title from the first user message."""
    line = " ".join(text.split())
    return line if len(line) <= TITLE_CHARS else line[: TITLE_CHARS - 1] + "…"


def record_session(saver: SqliteSaver, session_id: str, first_message: str, turns: int) -> None:
    """Note a session's activity; the title is set once, from its first message."""
    with saver.cursor() as cur:
        cur.execute(
            "INSERT INTO chat_sessions (thread_id, title, updated_at, turns) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(thread_id) DO UPDATE SET updated_at = excluded.updated_at, turns = excluded.turns, "
            "title = CASE WHEN chat_sessions.title = '' THEN excluded.title ELSE chat_sessions.title END",
            (session_id, make_title(first_message), _utc_now(), turns),
        )


def rename_session(saver: SqliteSaver, session_id: str, title: str) -> None:
    """Give a session the title a person chose."""
    with saver.cursor() as cur:
        cur.execute(
            "INSERT INTO chat_sessions (thread_id, title, updated_at) VALUES (?, ?, ?) "
            "ON CONFLICT(thread_id) DO UPDATE SET title = excluded.title",
            (session_id, make_title(title), _utc_now()),
        )


def list_sessions(saver: SqliteSaver) -> list[SessionInfo]:
    """Every session with checkpoints, newest activity first; untitled ones show their id."""
    with saver.cursor(transaction=False) as cur:
        rows = cur.execute(
            "SELECT t.thread_id, COALESCE(s.title, ''), COALESCE(s.updated_at, ''), COALESCE(s.turns, 0) "
            "FROM (SELECT DISTINCT thread_id FROM checkpoints) AS t "
            "LEFT JOIN chat_sessions AS s ON s.thread_id = t.thread_id "
            "ORDER BY COALESCE(s.updated_at, '') DESC, t.thread_id"
        ).fetchall()
    return [SessionInfo(row[0], row[1] or row[0], row[2], row[3]) for row in rows]


def load_session_settings(saver: SqliteSaver, session_id: str) -> SessionSettings:
    """The person's system prompt and context policy for a session ('' when never set)."""
    with saver.cursor(transaction=False) as cur:
        row = cur.execute(
            "SELECT system_prompt, context_policy, agent_prompt, reminder, hide_old_tool_results "
            "FROM chat_sessions WHERE thread_id = ?", (session_id,)
        ).fetchone()
    if row is None:
        return SessionSettings()
    return SessionSettings(*row[:4], hide_old_tool_results=bool(row[4]))


def save_session_settings(saver: SqliteSaver, session_id: str, settings: SessionSettings) -> None:
    """Store a session's system prompt and context policy (seed 004: the edited prompt lives in the DB)."""
    with saver.cursor() as cur:
        cur.execute(
            "INSERT INTO chat_sessions (thread_id, updated_at, system_prompt, context_policy, agent_prompt, "
            "reminder, hide_old_tool_results) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT(thread_id) DO UPDATE SET system_prompt = excluded.system_prompt, "
            "context_policy = excluded.context_policy, agent_prompt = excluded.agent_prompt, "
            "reminder = excluded.reminder, hide_old_tool_results = excluded.hide_old_tool_results",
            (session_id, _utc_now(), settings.system_prompt, settings.context_policy, settings.agent_prompt,
             settings.reminder, int(settings.hide_old_tool_results)),
        )


def delete_session(saver: SqliteSaver, session_id: str) -> None:
    """Remove a session's checkpoints and its row in the session list."""
    saver.delete_thread(session_id)
    with saver.cursor() as cur:
        cur.execute("DELETE FROM chat_sessions WHERE thread_id = ?", (session_id,))
        cur.execute("DELETE FROM summary_prefetch WHERE thread_id = ?", (session_id,))
        cur.execute("DELETE FROM turn_journal WHERE thread_id = ?", (session_id,))


def database_bytes(path: str | Path) -> int:
    """Size of the database including its WAL file."""
    path = Path(path)
    return sum(os.path.getsize(p) for p in (path, Path(f"{path}-wal")) if p.exists())
