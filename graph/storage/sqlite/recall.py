"""The recall index in SQLite: one FTS5 row per completed turn, ranked by bm25."""

import json

from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.sqlite.documents import fts_query

SNIPPET_TOKENS = 16


class SqliteRecall:
    """Rows of `recall_turns`."""

    db: SqliteSaver

    def recall_add(self, session_id: str, turn: int, day: str, body: str, record: dict, tokens: int,
                   vector: bytes | None = None) -> None:
        with self.db.cursor() as cur:
            cur.execute("DELETE FROM recall_turns WHERE thread_id = ? AND turn = ?", (session_id, turn))
            cur.execute("INSERT INTO recall_turns (body, thread_id, turn, day, record, tokens, vector) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (body, session_id, turn, day, json.dumps(record, ensure_ascii=False), tokens, vector))

    def recall_vectors(self, session_id: str, after_turn: int) -> list[tuple[int, bytes, int]]:
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT turn, vector, tokens FROM recall_turns WHERE thread_id = ? AND turn > ? "
                               "AND vector IS NOT NULL ORDER BY turn", (session_id, after_turn)).fetchall()
        return [(int(turn), bytes(vector), int(tokens)) for turn, vector, tokens in rows]

    def recall_records(self, session_id: str, turns: list[int]) -> dict[int, dict]:
        if not turns:
            return {}
        marks = ", ".join("?" for _ in turns)
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(f"SELECT turn, record FROM recall_turns WHERE thread_id = ? AND turn IN ({marks})",
                               (session_id, *turns)).fetchall()
        return {int(turn): json.loads(record) for turn, record in rows}

    def recall_last_turn(self, session_id: str) -> int:
        with self.db.cursor(transaction=False) as cur:
            row = cur.execute("SELECT MAX(turn) FROM recall_turns WHERE thread_id = ?", (session_id,)).fetchone()
        return int(row[0] or 0)

    def recall_search(self, session_id: str, words: list[str], below_turn: int,
                      limit: int) -> list[tuple[int, float, dict, int]]:
        if not words:
            return []
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(
                "SELECT turn, -bm25(recall_turns) AS score, record, tokens FROM recall_turns "
                "WHERE recall_turns MATCH ? AND thread_id = ? AND turn < ? ORDER BY score DESC LIMIT ?",
                (fts_query(words), session_id, below_turn, limit),
            ).fetchall()
        return [(int(turn), float(score), json.loads(record), int(tokens)) for turn, score, record, tokens in rows]

    def search_turns(self, words: list[str], limit: int) -> list[dict]:
        if not words:
            return []
        with self.db.cursor(transaction=False) as cur:
            rows = cur.execute(
                "SELECT r.thread_id, COALESCE(s.title, r.thread_id), r.turn, r.day, "
                f"snippet(recall_turns, 0, '**', '**', '…', {SNIPPET_TOKENS}) AS snippet "
                "FROM recall_turns AS r LEFT JOIN chat_sessions AS s ON s.thread_id = r.thread_id "
                "WHERE recall_turns MATCH ? ORDER BY bm25(recall_turns) LIMIT ?",
                (fts_query(words), limit),
            ).fetchall()
        return [{"session_id": sid, "title": title or sid, "turn": int(turn), "day": day, "snippet": snippet}
                for sid, title, turn, day, snippet in rows]
