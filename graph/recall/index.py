"""The recall index: every completed turn is indexed, and the turns that answer the current message
come back into the context as dated excerpts, within their share of the request budget. No LLM call."""

import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
from langchain_core.messages import BaseMessage

from graph.context import split_turns
from graph.recall.embeddings import embed, to_bytes
from graph.recall.records import turn_body, turn_record
from graph.recall.vectors import SessionVectors, turn_vectors
from graph.request.tokens import count_text
from graph.request.words import query_words
from graph.storage import Storage
from prompt.recall import RECALL_HEADER

CANDIDATES = 24
MIN_SCORE = 0.5  # bm25 below this is a chance overlap of common words, so casual turns recall nothing
MIN_SIMILARITY = 0.12  # mean cosine below this is a different subject
KEYWORD_LEAD = 2  # the best keyword matches come first; embeddings fill the rest
CACHED_SESSIONS = 64
MAX_RECALLED = 20  # turns at most: a large window is not filled with every loose match


class RecallIndex:
    """A session's completed turns in the storage's full-text index, each with its embedding.

    Ranking: the best keyword (bm25) matches lead, since a question that repeats the words finds its turn
    best that way; embeddings fill the rest, finding turns that say the same in other words.
    """

    def __init__(self, storage: Storage, min_score: float = MIN_SCORE,
                 min_similarity: float = MIN_SIMILARITY) -> None:
        self.storage, self.min_score, self.min_similarity = storage, min_score, min_similarity
        self._vectors: OrderedDict[str, SessionVectors] = OrderedDict()
        self._lock = threading.Lock()

    def index_session(self, session_id: str, messages: Sequence[BaseMessage], day: str | None = None) -> int:
        """Index the completed turns not indexed yet (the last one after each turn; all, for an older session)."""
        turns, _ = split_turns(messages)
        day = day or datetime.now(UTC).date().isoformat()
        start = self.storage.recall_last_turn(session_id)
        new = list(range(start + 1, len(turns) + 1))
        bodies = [turn_body(turns[number - 1]) for number in new]
        vectors = turn_vectors([turns[number - 1] for number in new], bodies) if new else None
        for offset, number in enumerate(new):
            record = turn_record(number, day, turns[number - 1])
            tokens = count_text(json.dumps(record, ensure_ascii=False))
            vector = to_bytes(vectors[offset]) if vectors is not None else None
            self.storage.recall_add(session_id, number, day, record, tokens, vector)
        return len(new)

    def _session_vectors(self, session_id: str) -> SessionVectors:
        """The session's turn vectors, read once and then only the turns added since (bounded cache)."""
        with self._lock:
            known = self._vectors.pop(session_id, None) or SessionVectors()
            rows = self.storage.recall_vectors(session_id, known.last_turn)
            if rows:
                known = known.extended(rows)
            self._vectors[session_id] = known
            while len(self._vectors) > CACHED_SESSIONS:
                self._vectors.popitem(last=False)
            return known

    def forget(self, session_id: str) -> None:
        """Drop a deleted session's cached vectors."""
        with self._lock:
            self._vectors.pop(session_id, None)

    def _by_meaning(self, session_id: str, text: str, below_turn: int) -> list[tuple[int, float, int]]:
        """(turn, similarity, tokens) of earlier turns close in meaning to `text`, best first."""
        query = embed([text])
        vectors = self._session_vectors(session_id)
        if query is None or not vectors.turns:
            return []
        similarity = vectors.matrix @ query[0]
        ranked = np.argsort(-similarity)
        return [(vectors.turns[i], float(similarity[i]), vectors.tokens[i]) for i in ranked
                if vectors.turns[i] < below_turn and similarity[i] >= self.min_similarity][:CANDIDATES]

    def recall(self, session_id: str, text: str, below_turn: int, budget_tokens: int,
               exclude: frozenset[int] = frozenset()) -> list[dict]:
        """The best whole turns before `below_turn` that fit the budget, in turn order."""
        words = query_words(text)
        if not words or below_turn <= 1 or budget_tokens <= 0:
            return []
        keyword = [(turn, score, tokens) for turn, score, _, tokens
                   in self.storage.recall_search(session_id, words, below_turn, CANDIDATES) if score >= self.min_score]
        ranked = [*keyword[:KEYWORD_LEAD], *self._by_meaning(session_id, text, below_turn), *keyword[KEYWORD_LEAD:]]
        chosen: dict[int, tuple[float, int]] = {}
        used = count_text(RECALL_HEADER) + 8
        for turn, score, tokens in ranked:
            if len(chosen) == MAX_RECALLED:
                break
            if turn in chosen or turn in exclude or used + tokens > budget_tokens:
                continue
            chosen[turn] = (score, tokens)
            used += tokens
        records = self.storage.recall_records(session_id, sorted(chosen))
        return [{"turn": turn, "score": round(chosen[turn][0], 3), "tokens": chosen[turn][1], "record": records[turn]}
                for turn in sorted(chosen) if turn in records]

