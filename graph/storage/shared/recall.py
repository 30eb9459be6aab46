"""The recall index's rows: a session's turns by number, with their records and embeddings. Adding a turn
and searching are the backend's own (the full-text index differs)."""

from graph.storage.shared.base import Tables


class RecallRows(Tables):
    """Rows of `recall_turns` read by turn."""

    def recall_last_turn(self, session_id: str) -> int:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT MAX(turn) AS turn FROM recall_turns WHERE thread_id = ?", (session_id,)).one()
        return int(row["turn"] or 0) if row else 0

    def recall_vectors(self, session_id: str, after_turn: int) -> list[tuple[int, bytes, int, str, dict]]:
        with self.rows(transaction=False) as cur:
            rows = cur.execute("SELECT turn, vector, tokens, day, record FROM recall_turns WHERE thread_id = ? "
                               "AND turn > ? ORDER BY turn", (session_id, after_turn)).all()
        return [(int(row["turn"]), bytes(row["vector"] or b""), int(row["tokens"]), str(row["day"]),
                 self.dialect.load(row["record"])) for row in rows]

    def recall_set_vector(self, session_id: str, turn: int, vector: bytes) -> None:
        with self.rows() as cur:
            cur.execute("UPDATE recall_turns SET vector = ? WHERE thread_id = ? AND turn = ?",
                        (vector, session_id, turn))

    def recall_records(self, session_id: str, turns: list[int]) -> dict[int, dict]:
        if not turns:
            return {}
        marks = ", ".join("?" for _ in turns)
        with self.rows(transaction=False) as cur:
            rows = cur.execute(f"SELECT turn, record FROM recall_turns WHERE thread_id = ? AND turn IN ({marks})",
                               (session_id, *turns)).all()
        return {int(row["turn"]): self.dialect.load(row["record"]) for row in rows}

    def recall_remove_from(self, session_id: str, first_turn: int) -> None:
        with self.rows() as cur:
            cur.execute("DELETE FROM recall_turns WHERE thread_id = ? AND turn >= ?", (session_id, first_turn))
