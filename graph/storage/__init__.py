"""Everything the engine keeps beside LangGraph's checkpoints, behind one interface.

Owns every SQL statement and the only database-driver imports; imports nothing from the rest
of the engine but `state` data types. `open_storage` picks the backend from the settings.
"""

from graph.storage.base import DatabaseError, Storage
from graph.storage.open import open_storage, storage_for

__all__ = ["DatabaseError", "Storage", "open_storage", "storage_for"]
