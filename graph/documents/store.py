"""A session's documents: small ones ride in the context whole, larger ones are chunked and indexed
(bm25 in the storage's full-text index) for retrieval; nothing to download. `Retriever` is what the graph
reaches them through."""

import re
from typing import Protocol

from graph.documents.answer import read_ahead
from graph.request.tokens import count_text
from graph.request.words import query_words
from graph.storage import Storage
from state.request_items import DocumentText
from state.session import DocumentInfo

WHOLE_MAX_TOKENS = 1500       # a file this small rides in the context whole
MAX_DOCUMENT_TOKENS = 400_000  # larger files are refused
CHUNK_CHARS = 1200
CHUNK_OVERLAP = 150
SEARCH_RESULTS = 4
COVERAGE_WEIGHT = 2.0  # half of the informative words found scores like a clear bm25 match (1.0)
_WORD = re.compile(r"\w{2,}", re.UNICODE)


class Retriever(Protocol):
    """Finds passages in the documents attached to a session: the interface the graph uses to reach them."""

    def has_documents(self, session_id: str) -> bool:
        """Whether the session has any document indexed."""

    def best_score(self, session_id: str, query: str) -> float:
        """How well the query matches the session's indexed documents (bm25, higher is better)."""

    def list_documents(self, session_id: str) -> list:
        """The session's documents (with a `title`)."""

    def search(self, session_id: str, query: str) -> list[DocumentText]:
        """The best passages for the query as `{"title": ..., "contents": ...}` dicts."""

    def whole_documents(self, session_id: str) -> list[DocumentText]:
        """Documents small enough to ride in the context whole."""


class DocumentRefused(ValueError):
    """A file that cannot be added; the message says why."""


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


def coverage(words: list[str], text: str) -> float:
    """The share of the question's informative words a passage contains (bm25 says little in a small corpus)."""
    found = {word.lower() for word in _WORD.findall(text)}
    return sum(word in found for word in words) / len(words) if words else 0.0


class DocumentStore:
    """Documents per session; implements `Retriever`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def add(self, session_id: str, title: str, text: str) -> DocumentInfo:
        """Store a document whole or indexed, by its size; refuse empty or oversized ones."""
        text = text.strip()
        if not text:
            raise DocumentRefused(f"{title}: no text could be read from this file.")
        tokens = count_text(text)
        if tokens > MAX_DOCUMENT_TOKENS:
            raise DocumentRefused(f"{title}: {tokens:,} tokens is more than the {MAX_DOCUMENT_TOKENS:,} "
                                  "a session can index.")
        mode = "whole" if tokens <= WHOLE_MAX_TOKENS else "indexed"
        chunks = chunk_text(text)  # whole ones too: a question that matches them cites them
        document_id = self.storage.add_document(session_id, title, tokens, mode, text, chunks)
        if mode == "whole":  # its lines are weighed against every question while it is attached
            read_ahead(title, text)
        return DocumentInfo(document_id, title, tokens, mode)

    def list_documents(self, session_id: str) -> list[DocumentInfo]:
        return self.storage.list_documents(session_id)

    def remove(self, session_id: str, document_id: int) -> None:
        self.storage.remove_document(session_id, document_id)

    def whole_documents(self, session_id: str) -> list[DocumentText]:
        """The small documents that ride in the context whole."""
        return self.storage.whole_documents(session_id)

    def has_documents(self, session_id: str) -> bool:
        """Whether the session has any document to search."""
        return self.storage.has_documents(session_id)

    def best_score(self, session_id: str, query: str) -> float:
        """How well the question matches the documents: bm25, or word coverage where bm25 cannot tell."""
        words = query_words(query)
        ranked = self.storage.search_chunks(session_id, words, SEARCH_RESULTS)
        if not ranked:
            return 0.0
        covered = max(coverage(words, contents) for _, contents, _ in ranked)
        return max(ranked[0][2], COVERAGE_WEIGHT * covered)

    def search(self, session_id: str, query: str) -> list[DocumentText]:
        """The best passages for the question, as `{"title", "contents"}`."""
        ranked = self.storage.search_chunks(session_id, query_words(query), SEARCH_RESULTS)
        return [{"title": title, "contents": contents} for title, contents, _ in ranked]
