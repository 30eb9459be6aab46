"""The interface the graph uses to reach a session's documents."""

from typing import Protocol


class Retriever(Protocol):
    """Finds passages in the documents attached to a session."""

    def has_documents(self, session_id: str) -> bool:
        """Whether the session has any document indexed."""

    def best_score(self, session_id: str, query: str) -> float:
        """How well the query matches the session's indexed documents (bm25, higher is better)."""

    def list_documents(self, session_id: str) -> list:
        """The session's documents (with a `title`)."""

    def search(self, session_id: str, query: str) -> list[dict]:
        """The best passages for the query as `{"title": ..., "contents": ...}` dicts."""

    def whole_documents(self, session_id: str) -> list[dict]:
        """Documents small enough to ride in the context whole."""
