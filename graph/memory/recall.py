"""Recall memory: every completed turn is indexed, and the turns that answer the current message
come back into the context as dated excerpts, within their share of the request budget. No LLM call."""

import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.context import split_turns
from graph.memory.embeddings import embed, from_bytes, to_bytes
from graph.request.tokens import count_text
from graph.request.words import query_words
from graph.storage import Storage
from state.messages import message_text

RECALL_HEADER = ("[Excerpts from earlier in this conversation, by turn and date. They are things the user "
                 "and you said before; use them when they answer the question.]")
CANDIDATES = 24
EXCERPT_CHARS = 1500  # one huge turn (a pasted file) cannot take the whole recall budget
MIN_SCORE = 0.5  # bm25 below this is a chance overlap of common words, so casual turns recall nothing
MIN_SIMILARITY = 0.12  # mean cosine below this is a different subject
KEYWORD_LEAD = 2  # the best keyword matches come first; embeddings fill the rest
CACHED_SESSIONS = 64
MAX_RECALLED = 20  # turns at most: a large window is not filled with every loose match



def turn_body(turn: Sequence[BaseMessage]) -> str:
    """Everything said in a turn, tool calls and results included: the text the index searches."""
    parts = []
    for message in turn:
        parts.append(message_text(message))
        for call in getattr(message, "tool_calls", None) or []:
            parts.append(f"{call['name']} {json.dumps(call['args'], ensure_ascii=False)}")
    return "\n".join(part for part in parts if part)


def _clip(text: str) -> str:
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + " …"


def turn_record(number: int, day: str, turn: Sequence[BaseMessage]) -> dict:
    """A turn as seed 004's JSON document: its number, date, what the user and the assistant said."""
    user = " ".join(message_text(m) for m in turn if isinstance(m, HumanMessage))
    calls = {call["id"]: call for m in turn if isinstance(m, AIMessage) for call in m.tool_calls}
    tools = [f"{m.name}({json.dumps(calls[m.tool_call_id]['args'], ensure_ascii=False)}) -> {message_text(m)}"
             if m.tool_call_id in calls else f"{m.name} -> {message_text(m)}"
             for m in turn if isinstance(m, ToolMessage)]
    answer = message_text(turn[-1]) if turn and isinstance(turn[-1], AIMessage) else ""
    record = {"turn": number, "date": day, "user": _clip(user), "assistant": _clip(answer)}
    if tools:
        record["tools"] = _clip("; ".join(tools))
    return record


def turn_vectors(turns: Sequence[Sequence[BaseMessage]], bodies: Sequence[str]) -> np.ndarray | None:
    """Per turn, the mean of the user's words and the whole turn embedded: a question is matched against
    both, so a fact the user stated counts fully while the assistant's answers are still found."""
    users = [" ".join(message_text(m) for m in turn if isinstance(m, HumanMessage)) for turn in turns]
    vectors = embed([*users, *bodies])
    if vectors is None:
        return None
    return (vectors[: len(turns)] + vectors[len(turns):]) / 2  # one vector: its dot product is the mean


def render_recalled(recalled: Sequence[dict]) -> str:
    """The recalled turns as one message: a line saying what they are, then the JSON records."""
    records = [item["record"] for item in recalled]
    return f"{RECALL_HEADER}\n{json.dumps({'earlier_turns': records}, ensure_ascii=False)}"


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

    def _session_vectors(self, session_id: str) -> "SessionVectors":
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


class SessionVectors:
    """One session's turn vectors as a matrix, in turn order."""

    def __init__(self, turns: Sequence[int] = (), matrix: np.ndarray | None = None,
                 tokens: Sequence[int] = ()) -> None:
        self.turns, self.tokens = list(turns), list(tokens)
        self.matrix = matrix if matrix is not None else np.zeros((0, 0), dtype=np.float32)

    @property
    def last_turn(self) -> int:
        return self.turns[-1] if self.turns else 0

    def extended(self, rows: Sequence[tuple[int, bytes, int]]) -> "SessionVectors":
        added = from_bytes([vector for _, vector, _ in rows])
        matrix = added if not self.turns else np.vstack([self.matrix, added])
        return SessionVectors([*self.turns, *(t for t, _, _ in rows)], matrix, [*self.tokens, *(n for _, _, n in rows)])
