"""A session's documents in SQLite: small ones ride in the context whole, larger ones are chunked
and indexed with FTS5 (bm25) for retrieval; nothing to download."""

import re
from dataclasses import dataclass
from datetime import datetime, timezone

from langgraph.checkpoint.sqlite import SqliteSaver

from graph.tokens import count_text

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    thread_id TEXT NOT NULL,
    title TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    mode TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_thread ON documents(thread_id);
CREATE VIRTUAL TABLE IF NOT EXISTS document_chunks USING fts5(
    contents, title UNINDEXED, thread_id UNINDEXED, document_id UNINDEXED, tokenize = 'unicode61'
);
"""
WHOLE_MAX_TOKENS = 1500       # a file this small rides in the context whole
MAX_DOCUMENT_TOKENS = 400_000  # larger files are refused
CHUNK_CHARS = 1200
CHUNK_OVERLAP = 150
SEARCH_RESULTS = 4
_WORD = re.compile(r"\w{2,}", re.UNICODE)


class DocumentRefused(ValueError):
    """A file that cannot be added; the message says why."""


@dataclass(frozen=True)
class DocumentInfo:
    id: int
    title: str
    tokens: int
    mode: str  # "whole" or "indexed"


def chunk_text(text: str, size: int = CHUNK_CHARS, overlap: int = CHUNK_OVERLAP) -> list[str]:
    """Overlapping chunks cut at paragraph or sentence ends where possible."""
    chunks, start = [], 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            cut = max(text.rfind("\n\n", start, end), text.rfind(". ", start, end))
            end = cut + 1 if cut > start + size // 2 else end
        chunks.append(text[start:end].strip())
        start = end if end >= len(text) else max(end - overlap, start + 1)
    return [chunk for chunk in chunks if chunk]


def fts_query(question: str) -> str:
    """The question's words as an FTS5 OR-query; quotes keep user text from being FTS syntax."""
    words = {word.lower() for word in _WORD.findall(question)}
    return " OR ".join(f'"{word}"' for word in sorted(words))


class DocumentStore:
    """Documents per session; implements the graph's Retriever interface."""

    def __init__(self, saver: SqliteSaver) -> None:
        self.saver = saver
        with saver.cursor() as cur:
            cur.executescript(SCHEMA)

    def add(self, session_id: str, title: str, text: str) -> DocumentInfo:
        """Store a document whole or indexed, by its size; refuse empty or oversized ones."""
        text = text.strip()
        if not text:
            raise DocumentRefused(f"{title}: no text could be read from this file.")
        tokens = count_text(text)
        if tokens > MAX_DOCUMENT_TOKENS:
            raise DocumentRefused(f"{title}: {tokens:,} tokens is more than the {MAX_DOCUMENT_TOKENS:,} a session can index.")
        mode = "whole" if tokens <= WHOLE_MAX_TOKENS else "indexed"
        with self.saver.cursor() as cur:
            cur.execute(
                "INSERT INTO documents (thread_id, title, tokens, mode, content, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, title, tokens, mode, text, datetime.now(timezone.utc).isoformat(timespec="seconds")),
            )
            document_id = cur.lastrowid
            if mode == "indexed":
                cur.executemany(
                    "INSERT INTO document_chunks (contents, title, thread_id, document_id) VALUES (?, ?, ?, ?)",
                    [(chunk, title, session_id, document_id) for chunk in chunk_text(text)],
                )
        return DocumentInfo(document_id, title, tokens, mode)

    def list_documents(self, session_id: str) -> list[DocumentInfo]:
        with self.saver.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT id, title, tokens, mode FROM documents WHERE thread_id = ? ORDER BY id",
                               (session_id,)).fetchall()
        return [DocumentInfo(*row) for row in rows]

    def remove(self, session_id: str, document_id: int) -> None:
        with self.saver.cursor() as cur:
            cur.execute("DELETE FROM documents WHERE thread_id = ? AND id = ?", (session_id, document_id))
            cur.execute("DELETE FROM document_chunks WHERE thread_id = ? AND document_id = ?",
                        (session_id, document_id))

    def whole_documents(self, session_id: str) -> list[dict]:
        """The small documents that ride in the context whole."""
        with self.saver.cursor(transaction=False) as cur:
            rows = cur.execute("SELECT title, content FROM documents WHERE thread_id = ? AND mode = 'whole' ORDER BY id",
                               (session_id,)).fetchall()
        return [{"title": title, "contents": content} for title, content in rows]

    def has_documents(self, session_id: str) -> bool:
        """Whether the session has indexed (retrievable) documents."""
        with self.saver.cursor(transaction=False) as cur:
            return cur.execute("SELECT 1 FROM documents WHERE thread_id = ? AND mode = 'indexed' LIMIT 1",
                               (session_id,)).fetchone() is not None

    def _ranked(self, session_id: str, query: str, limit: int) -> list[tuple[str, str, float]]:
        match = fts_query(query)
        if not match:
            return []
        with self.saver.cursor(transaction=False) as cur:
            rows = cur.execute(
                "SELECT title, contents, -bm25(document_chunks) AS score FROM document_chunks "
                "WHERE document_chunks MATCH ? AND thread_id = ? ORDER BY score DESC LIMIT ?",
                (match, session_id, limit),
            ).fetchall()
        return rows

    def best_score(self, session_id: str, query: str) -> float:
        ranked = self._ranked(session_id, query, 1)
        return ranked[0][2] if ranked else 0.0

    def search(self, session_id: str, query: str) -> list[dict]:
        """The best passages for the question, as `{"title", "contents"}`."""
        return [{"title": title, "contents": contents}
                for title, contents, _ in self._ranked(session_id, query, SEARCH_RESULTS)]
