"""Keys that point to turns (the facts listed about them), searched by bm25 over word stems in an in-memory
SQLite FTS5 table, so a turn is found by what was said about it as well as by its own words."""

import sqlite3
from collections.abc import Sequence

CANDIDATES = 200


class TurnKeys:
    """One session's keys, searchable by words; extended as facts of later turns arrive."""

    def __init__(self) -> None:
        self.last_turn = 0
        self.count = 0
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute("CREATE VIRTUAL TABLE keys USING fts5(body, turn UNINDEXED, "
                         "tokenize = 'porter unicode61')")

    def add(self, rows: Sequence[tuple[int, list[str]]]) -> None:
        """The facts of turns after `last_turn`, in turn order."""
        keys = [(text, turn) for turn, texts in rows for text in texts if text]
        self._db.executemany("INSERT INTO keys (body, turn) VALUES (?, ?)", keys)
        self.count += len(keys)
        if rows:
            self.last_turn = max(self.last_turn, rows[-1][0])

    def ranked(self, words: Sequence[str], below_turn: int, min_score: float) -> list[int]:
        """Turns before `below_turn` whose keys match the words, best first (chance overlaps left out)."""
        if not words or not self.count:
            return []
        query = " OR ".join('"' + word.replace('"', '""') + '"' for word in words)
        rows = self._db.execute("SELECT turn, -bm25(keys) AS score FROM keys WHERE keys MATCH ? AND turn < ? "
                                "ORDER BY score DESC LIMIT ?", (query, below_turn, CANDIDATES)).fetchall()
        return list(dict.fromkeys(int(turn) for turn, score in rows if score >= min_score))

    def close(self) -> None:
        """Free the in-memory table."""
        self._db.close()
