"""The entities each indexed turn names, one row per (turn, entity), so the turns naming one are found by its
key; a turn that names none has one row with an empty key, so it is not read again to look for them."""

from collections import defaultdict

from graph.storage.shared.base import Tables

NONE_NAMED = ""


class EntityRows(Tables):
    """Rows of `turn_entities`."""

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
