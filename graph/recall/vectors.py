"""What recall keeps of a session in memory: one vector per completed turn (a matrix a question is compared
against), each turn's date and its searchable words, and how many turns use each word."""

from collections import Counter
from collections.abc import Sequence
from datetime import date

import numpy as np
from langchain_core.messages import BaseMessage

from graph.recall.dates import parse_day
from graph.recall.embeddings import embed, from_bytes
from graph.recall.records import user_text
from graph.request.words import query_words
from graph.storage.shared.common import record_body


def turn_vectors(turns: Sequence[Sequence[BaseMessage]], bodies: Sequence[str]) -> np.ndarray | None:
    """Per turn, the mean of the user's words and the whole turn embedded: a question is matched against
    both, so a fact the user stated counts fully while the assistant's answers are still found."""
    vectors = embed([*(user_text(turn) for turn in turns), *bodies])
    if vectors is None:
        return None
    return (vectors[: len(turns)] + vectors[len(turns):]) / 2  # one vector: its dot product is the mean


class SessionVectors:
    """One session's indexed turns in turn order: vectors, tokens, dates and words."""

    def __init__(self) -> None:
        self.turns: list[int] = []
        self.tokens: list[int] = []
        self.days: list[date | None] = []
        self.words: dict[int, frozenset[str]] = {}
        self.turns_with: Counter[str] = Counter()
        self.matrix = np.zeros((0, 0), dtype=np.float32)

    @property
    def last_turn(self) -> int:
        return self.turns[-1] if self.turns else 0

    def extended(self, rows: Sequence[tuple[int, bytes, int, str, dict]]) -> "SessionVectors":
        """A copy with turns read from storage (after `last_turn`) added; readers of this one are unaffected."""
        grown = SessionVectors()
        added = from_bytes([vector for _, vector, _, _, _ in rows])
        grown.matrix = added if not self.turns else np.vstack([self.matrix, added])
        grown.turns, grown.tokens, grown.days = list(self.turns), list(self.tokens), list(self.days)
        grown.words, grown.turns_with = dict(self.words), Counter(self.turns_with)
        for turn, _, tokens, day, record in rows:
            words = frozenset(query_words(record_body(record)))
            grown.turns.append(turn)
            grown.tokens.append(tokens)
            grown.days.append(parse_day(record.get("date") or day))
            grown.words[turn] = words
            grown.turns_with.update(words)
        return grown
