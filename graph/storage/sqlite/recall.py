"""The recall index in SQLite: a row per completed turn, its text indexed by FTS5 (bm25) through a view,
so the text is stored once; a search is narrowed by the session id's words in the index, then kept to
the exact id."""

import json
import sqlite3

from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.base import record_body  # the `recall_bodies` view computes exactly this
from graph.storage.sqlite.documents import fts_query

SNIPPET_TOKENS = 16
BODY_WEIGHTS = "1.0, 0.0"  # bm25 weights: the text counts, the session id only filters


def session_match(words: list[str], session_id: str | None) -> str:
    """An FTS5 query for any of `words`, narrowed by the session id's words (ids sharing a word pass alike, so
    the exact id is compared in SQL as well)."""
    body = f"body : ({fts_query(words)})"
    if session_id is None or not narrowable(session_id):
        return body
    return f"{body} AND thread_id : {fts_query([session_id])}"


def narrowable(session_id: str) -> bool:
    """Printable ASCII with a letter or digit: FTS5 makes a non-empty phrase of it (an empty one matches no row)."""
    return session_id.isascii() and session_id.isprintable() and any(char.isalnum() for char in session_id)


def forget_turns(cur: sqlite3.Cursor, where: str, params: tuple) -> None:
    """Remove turns from the index and the table (an external-content index is told what it held)."""
    cur.execute("INSERT INTO recall_fts (recall_fts, rowid, body, thread_id) "
                f"SELECT 'delete', id, body, thread_id FROM recall_bodies WHERE id IN (SELECT id FROM recall_items "
                f"WHERE {where})", params)
    cur.execute(f"DELETE FROM recall_items WHERE {where}", params)


class SqliteRecall:
    """Rows of `recall_items` and their full-text index `recall_fts`."""

    db: SqliteSaver

    def recall_add(self, session_id: str, turn: int, day: str, record: dict, tokens: int,
                   vector: bytes | None = None) -> None:
        with self.db.cursor() as cur:
            forget_turns(cur, "thread_id = ? AND turn = ?", (session_id, turn))
            cur.execute("INSERT INTO recall_items (thread_id, turn, day, record, tokens, vector) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (session_id, turn, day, json.dumps(record, ensure_ascii=False), tokens, vector))
            cur.execute("INSERT INTO recall_fts (rowid, body, thread_id) VALUES (?, ?, ?)",
                        (cur.lastrowid, record_body(record), session_id))

    def recall_forget_session(self, cur: sqlite3.Cursor, session_id: str) -> None:
        """A deleted session's turns leave the index too."""
        forget_turns(cur, "thread_id = ?", (session_id,))

    def recall_last_turn(self, session_id: str) -> int:
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute("SELECT MAX(turn) FROM recall_items WHERE thread_id = ?", (session_id,)).fetchone()
        return int(row[0] or 0)

    def recall_vectors(self, session_id: str, after_turn: int) -> list[tuple[int, bytes, int]]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT turn, vector, tokens FROM recall_items WHERE thread_id = ? AND turn > ? "
                               "AND vector IS NOT NULL ORDER BY turn", (session_id, after_turn)).fetchall()
        return [(int(turn), bytes(vector), int(tokens)) for turn, vector, tokens in rows]

    def recall_records(self, session_id: str, turns: list[int]) -> dict[int, dict]:
        if not turns:
            return {}
        marks = ", ".join("?" for _ in turns)
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(f"SELECT turn, record FROM recall_items WHERE thread_id = ? AND turn IN ({marks})",
                               (session_id, *turns)).fetchall()
        return {int(turn): json.loads(record) for turn, record in rows}

    def recall_search(self, session_id: str, words: list[str], below_turn: int,
                      limit: int) -> list[tuple[int, float, dict, int]]:
        if not words:
            return []
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(
                f"SELECT i.turn, -bm25(recall_fts, {BODY_WEIGHTS}) AS score, i.record, i.tokens FROM recall_fts "
                "JOIN recall_items AS i ON i.id = recall_fts.rowid "
                "WHERE recall_fts MATCH ? AND i.thread_id = ? AND i.turn < ? ORDER BY score DESC LIMIT ?",
                (session_match(words, session_id), session_id, below_turn, limit),
            ).fetchall()
        return [(int(turn), float(score), json.loads(record), int(tokens)) for turn, score, record, tokens in rows]

    def search_turns(self, words: list[str], limit: int) -> list[dict]:
        if not words:
            return []
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(
                "SELECT i.thread_id, COALESCE(NULLIF(s.title, ''), i.thread_id), i.turn, i.day, "
                f"snippet(recall_fts, 0, '**', '**', '…', {SNIPPET_TOKENS}) FROM recall_fts "
                "JOIN recall_items AS i ON i.id = recall_fts.rowid "
                "LEFT JOIN chat_sessions AS s ON s.thread_id = i.thread_id "
                f"WHERE recall_fts MATCH ? ORDER BY bm25(recall_fts, {BODY_WEIGHTS}) LIMIT ?",
                (session_match(words, None), limit),
            ).fetchall()
        return [{"session_id": sid, "title": title, "turn": int(turn), "day": day, "snippet": snippet}
                for sid, title, turn, day, snippet in rows]
