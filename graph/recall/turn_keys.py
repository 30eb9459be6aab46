"""Keys that point to turns (the facts listed about them), so recall finds a turn by what was said about it as well
as by its own words; searched by bm25 over word stems (`graph.storage.memory_text`)."""

from collections.abc import Sequence

from graph.storage.memory_text import MemoryTextIndex

CANDIDATES = 200


class TurnKeys:
    """One session's keys, searchable by words; extended as facts of later turns arrive."""

    def __init__(self) -> None:
        self.last_turn = 0
        self.count = 0
        self._index = MemoryTextIndex()

    def add(self, rows: Sequence[tuple[int, list[str]]]) -> None:
        """The facts of turns after `last_turn`, in turn order."""
        keys = [(text, turn) for turn, texts in rows for text in texts if text]
        self._index.add(keys)
        self.count += len(keys)
        if rows:
            self.last_turn = max(self.last_turn, rows[-1][0])

    def ranked(self, words: Sequence[str], below_turn: int, min_score: float) -> list[int]:
        """Turns before `below_turn` whose keys match the words, best first (chance overlaps left out)."""
        if not words or not self.count:
            return []
        found = self._index.search(words, below_turn, CANDIDATES)
        return list(dict.fromkeys(turn for turn, score in found if score >= min_score))

    def close(self) -> None:
        """Free the in-memory table."""
        self._index.close()
