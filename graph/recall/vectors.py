"""What recall keeps of a session in memory: per completed turn one vector (a matrix a question is compared
against) and one per line said in it, each turn's date and its searchable words, and how many turns use each
word."""

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from datetime import date

import numpy as np

from graph.recall.dates import parse_day
from graph.recall.embeddings import DIMENSIONS, embed, from_bytes
from graph.recall.records import person_entities
from graph.request.words import SPEAKER, query_words
from graph.storage.shared.common import record_body
from state.request_items import TurnRecord

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


def record_texts(record: TurnRecord) -> tuple[str, str]:
    """A stored record's user text and whole turn, to embed a turn indexed before its vectors were."""
    return str(record.get("user", "")), record_body(record).strip()


class GrowingRows:
    """Rows of an array appended into spare room, so adding a turn does not copy the session's rows again; an
    array handed out before keeps ending where it ended (rows are only written after it)."""

    def __init__(self, shape: tuple[int, ...], dtype: type) -> None:
        self._buffer: np.ndarray = np.zeros((0, *shape), dtype=dtype)
        self._count = 0
        self._filled = [0]  # how far the shared buffer is written, so a second extension of one parent copies

    @property
    def array(self) -> np.ndarray:
        return self._buffer[:self._count]

    def write(self, start: int, rows: np.ndarray) -> None:
        """Rows written over this one's rows from `start` (a turn's vectors that came after it was read)."""
        self._buffer[start:start + len(rows)] = rows

    def extended(self, rows: np.ndarray) -> "GrowingRows":
        """A copy with `rows` added after this one's rows."""
        need = self._count + len(rows)
        grown = GrowingRows(self._buffer.shape[1:], self._buffer.dtype.type)
        if self._filled[0] == self._count and need <= len(self._buffer):
            grown._buffer, grown._filled = self._buffer, self._filled
        else:
            grown._buffer = np.zeros((max(need, 2 * len(self._buffer), 64), *self._buffer.shape[1:]),
                                     dtype=self._buffer.dtype)
            grown._buffer[:self._count] = self.array
        grown._buffer[self._count:need] = rows
        grown._count = grown._filled[0] = need
        return grown


class SessionVectors:
    """One session's indexed turns in turn order: vectors (turn and line), tokens, dates and words."""

    def __init__(self) -> None:
        self.turns: list[int] = []
        self.tokens: list[int] = []
        self.days: list[date | None] = []
        self.words: dict[int, frozenset[str]] = {}
        self.turns_with: Counter[str] = Counter()
        self.speakers: Counter[str] = Counter()
        self.named: dict[int, frozenset[str]] = {}
        self.turns_naming: Counter[str] = Counter()
        self.without_vectors: list[int] = []
        self.without_entities: list[int] = []
        self._wholes = GrowingRows((DIMENSIONS,), np.float32)
        self._lines = GrowingRows((DIMENSIONS,), np.float32)
        self._owners = GrowingRows((), np.int64)
        self._speaker_ids: dict[str, int] = {}
        self._line_speakers = GrowingRows((), np.int32)  # each line's speaker id, -1 for none

    @property
    def matrix(self) -> np.ndarray:
        """One vector per turn, in turn order."""
        return self._wholes.array

    @property
    def lines(self) -> np.ndarray:
        """One vector per line said, in turn order; `line_turns` tells whose."""
        return self._lines.array

    @property
    def line_turns(self) -> np.ndarray:
        return self._owners.array

    @property
    def last_turn(self) -> int:
        return self.turns[-1] if self.turns else 0

    def extended(self, rows: Sequence[tuple[int, bytes, int, str, TurnRecord]],
                 stored_entities: dict[int, list[str]]) -> "SessionVectors":
        """A copy with turns read from storage (after `last_turn`) added, with their stored entities (a turn
        without them is read for them now, and listed to store); readers of this one are unaffected."""
        grown = SessionVectors()
        grown.turns, grown.tokens, grown.days = list(self.turns), list(self.tokens), list(self.days)
        grown.words, grown.turns_with = dict(self.words), Counter(self.turns_with)
        grown.speakers, grown._speaker_ids = Counter(self.speakers), dict(self._speaker_ids)
        grown.named, grown.turns_naming = dict(self.named), Counter(self.turns_naming)
        grown.without_vectors, grown.without_entities = list(self.without_vectors), list(self.without_entities)
        empty = np.zeros((0, DIMENSIONS), dtype=np.float32)
        wholes, lines, owners = [empty], [empty], [np.zeros(0, dtype=np.int64)]
        said_by: list[np.ndarray] = [np.zeros(0, dtype=np.int32)]
        for turn, blob, tokens, day, record in rows:
            body = record_body(record)
            words = frozenset(query_words(body))
            speakers = [match[1] if (match := SPEAKER.match(line)) else None for line in turn_lines(body)]
            grown.speakers.update(name for name in speakers if name)
            grown.turns.append(turn)
            grown.tokens.append(tokens)
            grown.days.append(parse_day(record.get("date") or day))
            grown.words[turn] = words
            grown.turns_with.update(words)
            if turn not in stored_entities:
                grown.without_entities.append(turn)
            grown.named[turn] = frozenset(stored_entities.get(turn) or person_entities(record, grown.turns_naming))
            grown.turns_naming.update(grown.named[turn])
            vectors = from_bytes(blob)
            if vectors is None:  # compared as zero vectors until it is embedded, a row kept for each of its lines
                grown.without_vectors.append(turn)
                vectors = np.zeros((1 + len(speakers), DIMENSIONS), dtype=np.float32)
            wholes.append(vectors[:1])
            lines.append(vectors[1:])
            owners.append(np.full(len(vectors) - 1, turn, dtype=np.int64))
            said_by.append(grown._speaker_row(speakers, len(vectors) - 1))
        grown._wholes = self._wholes.extended(np.vstack(wholes))
        grown._lines = self._lines.extended(np.vstack(lines))
        grown._owners = self._owners.extended(np.concatenate(owners))
        grown._line_speakers = self._line_speakers.extended(np.concatenate(said_by))
        return grown

    def fill(self, turn: int, vectors: np.ndarray | None) -> bool:
        """Put the vectors of a turn read without them in its rows, in place (readers see them at once); False when
        they do not fit the rows kept for it (its lines read otherwise): the session is then read again."""
        at = bisect_left(self.turns, turn)
        start, end = np.searchsorted(self.line_turns, [turn, turn + 1])
        if (vectors is None or turn not in self.without_vectors or at == len(self.turns) or self.turns[at] != turn
                or len(vectors) != 1 + end - start):
            return False
        self._wholes.write(at, vectors[:1])
        self._lines.write(int(start), vectors[1:])
        self.without_vectors.remove(turn)
        return True

    def _speaker_row(self, speakers: Sequence[str | None], count: int) -> np.ndarray:
        """The speaker ids of a turn's `count` embedded lines (-1 where none is named, or the lines differ)."""
        if len(speakers) != count:
            return np.full(count, -1, dtype=np.int32)
        ids = [self._speaker_ids.setdefault(name, len(self._speaker_ids)) if name else -1 for name in speakers]
        return np.array(ids, dtype=np.int32)

    def said_by(self, names: Sequence[str]) -> np.ndarray:
        """Per line, whether one of `names` said it."""
        ids = [self._speaker_ids[name] for name in names if name in self._speaker_ids]
        return np.isin(self._line_speakers.array, ids)

    def best_lines(self, similarity: np.ndarray, below_turn: int, limit: int, floor: float) -> list[int]:
        """Turns before `below_turn` by their best line's `similarity` (one score per line, `lines @ query`),
        best first."""
        if not len(self.line_turns):
            return []
        best: dict[int, float] = {}
        order = best_first(similarity, limit * (MAX_LINES + 1))  # enough lines for `limit` turns
        if len({int(turn) for turn in self.line_turns[order] if turn < below_turn}) < limit:
            order = best_first(similarity, len(similarity))
        for index in order:
            score = float(similarity[index])
            if score < floor or len(best) >= limit:
                break
            turn = int(self.line_turns[index])
            if turn < below_turn and turn not in best:
                best[turn] = score
        return list(best)


def best_first(scores: np.ndarray, count: int) -> np.ndarray:
    """Indices of the `count` highest scores, highest first, without sorting all of them."""
    if count >= len(scores):
        return np.argsort(-scores)
    top = np.argpartition(-scores, count)[:count]
    return top[np.argsort(-scores[top])]
