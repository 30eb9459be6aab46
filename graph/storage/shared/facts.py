"""The facts a capable summary model listed about each summarized turn: one row per turn (an empty list when
it listed none, so the turn is not asked about again), read in turn order by recall."""

from graph.storage.shared.base import Tables


class FactRows(Tables):
    """Rows of `turn_facts`."""

    def facts_put(self, session_id: str, facts: dict[int, list[str]]) -> None:
        with self.rows() as cur:
            cur.executemany("INSERT INTO turn_facts (thread_id, turn, facts) VALUES (?, ?, ?) "
                            "ON CONFLICT (thread_id, turn) DO UPDATE SET facts = excluded.facts",
                            [(session_id, turn, self.dialect.dump(texts)) for turn, texts in sorted(facts.items())])

    def facts_remove(self, session_id: str, turns: list[int]) -> None:
        with self.rows() as cur:
            cur.executemany("DELETE FROM turn_facts WHERE thread_id = ? AND turn = ?", [(session_id, t) for t in turns])

    def facts_after(self, session_id: str, after_turn: int) -> list[tuple[int, list[str]]]:
        with self.rows(transaction=False) as cur:
            rows = cur.execute("SELECT turn, facts FROM turn_facts WHERE thread_id = ? AND turn > ? ORDER BY turn",
                               (session_id, after_turn)).all()
        return [(int(row["turn"]), list(self.dialect.load(row["facts"]))) for row in rows]

    def facts_last_turn(self, session_id: str) -> int:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT MAX(turn) AS turn FROM turn_facts WHERE thread_id = ?", (session_id,)).one()
        return int(row["turn"] or 0) if row else 0
