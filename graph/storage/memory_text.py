"""Short texts that each point to a number, searched by bm25 over word stems (Korean and Chinese by their
segmented words) in an in-memory SQLite FTS5 table: the SQL of a search that lives only as long as the process."""

import sqlite3
from collections.abc import Sequence

from graph.storage.sqlite.search import text_match
from state.words import index_text


class MemoryTextIndex:
    """Texts searchable by words, each pointing to a number (a turn); grows as texts are added."""

    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute("CREATE VIRTUAL TABLE keys USING fts5(body, words, turn UNINDEXED, "
                         "tokenize = 'porter unicode61')")

    def add(self, rows: Sequence[tuple[str, int]]) -> None:
        """Each text with the number it points to."""
        self._db.executemany("INSERT INTO keys (body, words, turn) VALUES (?, ?, ?)",
                             [(text, index_text(text), turn) for text, turn in rows])

    def search(self, words: Sequence[str], below: int, limit: int) -> list[tuple[int, float]]:
        """The numbers below `below` whose texts match any of the words, with their bm25 scores, best first."""
        if not words:
            return []
        rows = self._db.execute("SELECT turn, -bm25(keys) AS score FROM keys WHERE keys MATCH ? AND turn < ? "
                                "ORDER BY score DESC LIMIT ?", (text_match(list(words)), below, limit)).fetchall()
        return [(int(turn), score) for turn, score in rows]

    def close(self) -> None:
        """Free the in-memory table."""
        self._db.close()
