"""What SQLite and PostgreSQL share, written once: names, values, and every statement that differs between
them only in its placeholders and the way rows come back."""

from graph.storage.shared.documents import DocumentRows
from graph.storage.shared.owners import OwnerRows
from graph.storage.shared.prepared import PreparedSummaryRows
from graph.storage.shared.recall import EntityRows, FactRows, RecallRows
from graph.storage.shared.sessions import JournalRows, SessionRows


class SharedTables(SessionRows, OwnerRows, JournalRows, PreparedSummaryRows, DocumentRows, RecallRows, FactRows,
                   EntityRows):
    """Every role's statements that read alike in both dialects; a backend adds its search, locks and upkeep."""


__all__ = ["SharedTables"]
