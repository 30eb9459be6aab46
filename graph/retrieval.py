"""The interface the graph uses to reach a session's documents."""

from typing import Protocol


class Retriever(Protocol):
    """Finds passages in the documents attached to a session."""

    def has_documents(self, session_id: str) -> bool:
        """Whether the session has any document indexed."""

    def matches(self, session_id: str, query: str) -> bool:
        """Whether the query is clearly about the session's documents."""

    def search(self, session_id: str, query: str) -> list[dict]:
        """The best passages for the query as `{"title": ..., "contents": ...}` dicts."""
