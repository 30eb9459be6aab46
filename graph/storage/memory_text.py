"""Short texts that each point to a number, searched by bm25 over word stems in an in-memory SQLite FTS5 table:
the SQL of a search that lives only as long as the process."""

import sqlite3
from collections.abc import Sequence


class MemoryTextIndex:
    """Texts searchable by words, each pointing to a number (a turn); grows as texts are added."""

    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute("CREATE VIRTUAL TABLE keys USING fts5(body, turn UNINDEXED, "
                         "tokenize = 'porter unicode61')")

    def add(self, rows: Sequence[tuple[str, int]]) -> None:
        """Each text with the number it points to."""
        self._db.executemany("INSERT INTO keys (body, turn) VALUES (?, ?)", rows)

    def search(self, words: Sequence[str], below: int, limit: int) -> list[tuple[int, float]]:
        """The numbers below `below` whose texts match any of the words, with their bm25 scores, best first."""
        query = " OR ".join('"' + word.replace('"', '""') + '"' for word in words)
        rows = self._db.execute("SELECT turn, -bm25(keys) AS score FROM keys WHERE keys MATCH ? AND turn < ? "
                                "ORDER BY score DESC LIMIT ?", (query, below, limit)).fetchall()
        return [(int(turn), score) for turn, score in rows]

    def close(self) -> None:
        """Free the in-memory table."""
        self._db.close()
