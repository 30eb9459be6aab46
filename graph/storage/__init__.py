"""Everything the engine keeps beside LangGraph's checkpoints, behind one interface split by role.

Owns every SQL statement and the only database-driver imports; imports nothing from the rest
of the engine but `state` data types. `open_storage` picks the backend from the settings.
"""

from graph.storage.base import (
    DatabaseError,
    DocumentStorage,
    Housekeeping,
    PreparedSummaries,
    RecallStorage,
    SessionLock,
    SessionOwners,
    SessionStore,
    Storage,
    TurnJournal,
)
from graph.storage.open import open_storage, storage_for

__all__ = ["DatabaseError", "DocumentStorage", "Housekeeping", "RecallStorage", "SessionLock", "SessionOwners",
           "SessionStore", "Storage", "PreparedSummaries", "TurnJournal", "open_storage", "storage_for"]
