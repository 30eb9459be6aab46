"""The recall index's rows: a session's turns by number, with their records and embeddings, and the two keys
recall finds a turn by besides its words: the entities it names and the facts a summary model listed about it.
Adding a turn and searching are the backend's own (the full-text index differs)."""

from collections import defaultdict

from graph.storage.shared.dialect import Tables
from state.request_items import TurnRecord

NONE_NAMED = ""


class RecallRows(Tables):
    """Rows of `recall_turns` read by turn."""

    def recall_last_turn(self, session_id: str) -> int:
        with self.rows(transaction=False) as cur:
            row = cur.execute("SELECT MAX(turn) AS turn FROM recall_turns WHERE thread_id = ?", (session_id,)).one()
        return int(row["turn"] or 0) if row else 0

    def recall_vectors(self, session_id: str, after_turn: int) -> list[tuple[int, bytes, int, str, TurnRecord]]:
        with self.rows(transaction=False) as cur:
            rows = cur.execute("SELECT turn, vector, tokens, day, record FROM recall_turns WHERE thread_id = ? "
                               "AND turn > ? ORDER BY turn", (session_id, after_turn)).all()
        return [(int(row["turn"]), bytes(row["vector"] or b""), int(row["tokens"]), str(row["day"]),
                 self.dialect.load(row["record"])) for row in rows]

    def recall_set_vector(self, session_id: str, turn: int, vector: bytes) -> None:
        with self.rows() as cur:
            cur.execute("UPDATE recall_turns SET vector = ? WHERE thread_id = ? AND turn = ?",
                        (vector, session_id, turn))

    def recall_records(self, session_id: str, turns: list[int]) -> dict[int, TurnRecord]:
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
            cur.execute("DELETE FROM recall_pieces WHERE thread_id = ? AND turn >= ?", (session_id, first_turn))


class EntityRows(Tables):
    """Rows of `turn_entities`: one per (turn, entity), so the turns naming one are found by its key; a turn that
    names none has one row with an empty key, so it is not read again to look for them."""

    def entities_put(self, session_id: str, named: dict[int, list[str]]) -> None:
        rows = [(session_id, turn, entity) for turn, entities in sorted(named.items())
                for entity in sorted(set(entities)) or [NONE_NAMED]]
        with self.rows() as cur:
            cur.executemany("DELETE FROM turn_entities WHERE thread_id = ? AND turn = ?",
                            [(session_id, turn) for turn in named])
            cur.executemany("INSERT INTO turn_entities (thread_id, turn, entity) VALUES (?, ?, ?)", rows)

    def entities_after(self, session_id: str, after_turn: int) -> list[tuple[int, list[str]]]:
        with self.rows(transaction=False) as cur:
            rows = cur.execute("SELECT turn, entity FROM turn_entities WHERE thread_id = ? AND turn > ? "
                               "ORDER BY turn", (session_id, after_turn)).all()
        named: defaultdict[int, list[str]] = defaultdict(list)
        for row in rows:
            named[int(row["turn"])] += [row["entity"]] if row["entity"] != NONE_NAMED else []
        return [(turn, sorted(entities)) for turn, entities in named.items()]

    def entities_remove_from(self, session_id: str, first_turn: int) -> None:
        with self.rows() as cur:
            cur.execute("DELETE FROM turn_entities WHERE thread_id = ? AND turn >= ?", (session_id, first_turn))


class FactRows(Tables):
    """Rows of `turn_facts`: the facts a capable summary model listed about each summarized turn, one row per turn
    (an empty list when it listed none, so the turn is not asked about again), read in turn order."""

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
