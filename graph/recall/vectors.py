"""What recall keeps of a session in memory: per completed turn one vector (a matrix a question is compared
against) and one per line said in it, each turn's date and its searchable words, and how many turns use each
word."""

from collections import Counter
from collections.abc import Sequence
from datetime import date

import numpy as np

from graph.recall.dates import parse_day
from graph.recall.embeddings import DIMENSIONS, embed, from_bytes
from graph.request.words import query_words
from graph.storage.shared.common import record_body

MAX_LINES = 12  # a turn's lines embedded one by one; a long paste is still found by its turn vector
LINE_CHARS = 600


def turn_lines(body: str) -> list[str]:
    """The lines of a turn worth a vector of their own: an utterance, a paragraph, a tool result."""
    lines = [line.strip()[:LINE_CHARS] for line in body.splitlines() if len(line.strip()) > 3]
    return lines[:MAX_LINES]


def turn_vectors(texts: Sequence[tuple[str, str]]) -> list[np.ndarray] | None:
    """Per (user text, whole turn) a matrix: first the mean of the user's words and the whole turn embedded
    (a fact the user stated counts fully while the assistant's answers are still found), then each line: an
    answer said in one line of a long turn is matched by that line alone."""
    lines = [turn_lines(body) for _, body in texts]
    flat = [text for user, body in texts for text in (user, body)] + [line for group in lines for line in group]
    vectors = embed(flat)
    if vectors is None:
        return None
    matrices, at = [], 2 * len(texts)
    for index, group in enumerate(lines):
        whole = (vectors[2 * index] + vectors[2 * index + 1]) / 2  # one vector: its dot product is the mean
        matrices.append(np.vstack([whole, vectors[at:at + len(group)]]))
        at += len(group)
    return matrices


def record_texts(record: dict) -> tuple[str, str]:
    """A stored record's user text and whole turn, to embed a turn indexed before its vectors were."""
    return str(record.get("user", "")), record_body(record).strip()


class SessionVectors:
    """One session's indexed turns in turn order: vectors (turn and line), tokens, dates and words."""

    def __init__(self) -> None:
        self.turns: list[int] = []
        self.tokens: list[int] = []
        self.days: list[date | None] = []
        self.words: dict[int, frozenset[str]] = {}
        self.turns_with: Counter[str] = Counter()
        self.without_vectors: list[int] = []
        self.matrix = np.zeros((0, DIMENSIONS), dtype=np.float32)
        self.lines = np.zeros((0, DIMENSIONS), dtype=np.float32)
        self.line_turns = np.zeros(0, dtype=np.int64)

    @property
    def last_turn(self) -> int:
        return self.turns[-1] if self.turns else 0

    def extended(self, rows: Sequence[tuple[int, bytes, int, str, dict]]) -> "SessionVectors":
        """A copy with turns read from storage (after `last_turn`) added; readers of this one are unaffected."""
        grown = SessionVectors()
        grown.turns, grown.tokens, grown.days = list(self.turns), list(self.tokens), list(self.days)
        grown.words, grown.turns_with = dict(self.words), Counter(self.turns_with)
        grown.without_vectors = list(self.without_vectors)
        wholes, lines, owners = [self.matrix], [self.lines], [self.line_turns]
        for turn, blob, tokens, day, record in rows:
            words = frozenset(query_words(record_body(record)))
            grown.turns.append(turn)
            grown.tokens.append(tokens)
            grown.days.append(parse_day(record.get("date") or day))
            grown.words[turn] = words
            grown.turns_with.update(words)
            vectors = from_bytes(blob)
            if vectors is None:  # compared as a zero vector until it is embedded
                grown.without_vectors.append(turn)
                vectors = np.zeros((1, DIMENSIONS), dtype=np.float32)
            wholes.append(vectors[:1])
            lines.append(vectors[1:])
            owners.append(np.full(len(vectors) - 1, turn, dtype=np.int64))
        grown.matrix, grown.lines, grown.line_turns = np.vstack(wholes), np.vstack(lines), np.concatenate(owners)
        return grown

    def best_lines(self, query: np.ndarray, below_turn: int, limit: int, floor: float) -> list[int]:
        """Turns before `below_turn` by their best line's similarity to the query, best first."""
        if not len(self.line_turns):
            return []
        similarity = self.lines @ query
        best: dict[int, float] = {}
        for index in np.argsort(-similarity):
            score = float(similarity[index])
            if score < floor or len(best) >= limit:
                break
            turn = int(self.line_turns[index])
            if turn < below_turn and turn not in best:
                best[turn] = score
        return list(best)
