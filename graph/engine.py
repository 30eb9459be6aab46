"""The session API: the one way the UI, the terminal chat, benchmarks and scripts run the engine.

    engine = open_engine(Settings.from_env())            # or assemble(settings, checkpointer, models)
    session = engine.session("my-session")
    for event in session.send("Hello", compression_rate=0.3):
        print(event.kind, event.text)

`send` does everything a turn needs (lock, journal, turn number, the graph, after-turn work), so a
caller never repeats that choreography.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from langgraph.checkpoint.base import BaseCheckpointSaver

from graph.builder import ChatGraph
from graph.documents.reader import SUPPORTED as DOCUMENT_TYPES
from graph.documents.reader import read_upload
from graph.documents.store import DocumentRefused, DocumentStore
from graph.errors import describe_error
from graph.export import session_json, session_markdown
from graph.memory.planner import SummaryPlanner
from graph.memory.prefetch import SummaryPrefetcher
from graph.memory.stats import summary_statistics
from graph.model_rooms import ModelRooms, open_rooms
from graph.models import ModelProfile, Models
from graph.models.catalog import FixedCatalog, ModelCatalog, ModelOption
from graph.models.endpoint import EndpointCatalog
from graph.models.factory import start_models
from graph.models.local_server import LocalModelServer
from graph.policies import POLICIES
from graph.recall.embeddings import warm_up
from graph.recall.index import RecallIndex
from graph.request.tokens import count_message as count_message_tokens
from graph.request.words import search_words
from graph.session.access import SessionNotFound, check_existing, check_owner, owner_key
from graph.session.handle import Session
from graph.session.inputs import clean_user_text, validate_session_id
from graph.session.queue import TurnActivity, TurnQueue, TurnRun, lower_priority
from graph.session.runner import TurnRunner, thread_config
from graph.session.versions import TurnVersions
from graph.settings import Settings
from graph.storage import Storage, open_storage, storage_for
from prompt.system import BASE_SYSTEM_PROMPT
from state.session import DocumentInfo, LiveTurn, SessionInfo, SessionSettings, TurnEvent

__all__ = ["Engine", "Session", "TurnRun", "open_engine", "assemble", "describe_error", "DocumentRefused",
           "DocumentInfo", "ModelOption", "ModelProfile", "SessionInfo", "SessionSettings", "Settings", "TurnEvent",
           "count_message_tokens", "new_session_id", "saved_sessions", "summary_statistics", "validate_session_id",
           "clean_user_text", "session_json", "session_markdown", "DOCUMENT_TYPES", "SessionNotFound",
           "TurnVersions", "LiveTurn"]


@dataclass
class Engine:
    """Everything one app process shares across sessions: storage, models, the graph, background work."""

    settings: Settings
    storage: Storage
    rooms: ModelRooms  # the graph and planner of each model sessions run on; the default's is the engine's own
    documents: DocumentStore
    recall: RecallIndex
    server: LocalModelServer | None = None
    models: Models = field(init=False)
    graph: ChatGraph = field(init=False)
    planner: SummaryPlanner = field(init=False)
    runner: TurnRunner = field(init=False)
    prefetcher: SummaryPrefetcher = field(init=False)
    activity: TurnActivity = field(default_factory=TurnActivity)  # background work waits while turns run
    turns: TurnQueue = field(default_factory=TurnQueue)  # each session's turns in the order they were sent
    _deletions: Counter = field(default_factory=Counter)  # per session: how often it was deleted here
    _deletions_guard: threading.Lock = field(default_factory=threading.Lock)
    policies: dict[str, str] = field(default_factory=lambda: dict(POLICIES))
    default_system_prompt: str = BASE_SYSTEM_PROMPT

    def __post_init__(self) -> None:
        default = self.rooms.default
        self.models, self.graph, self.planner = default.models, default.graph, default.planner
        self.runner = TurnRunner(self.graph, self.storage, local=default.local, room_of=self.rooms.of,
                                 server=self.server)
        self.prefetcher = SummaryPrefetcher(self.planner, self.storage, self.read_state, self.activity.wait_quiet,
                                            planner_of=self.planner_of, thread_start=lower_priority)

    def generation(self, session_id: str, advance: bool = False) -> int:
        """Changes when the session is deleted or shows another version (`advance`), so background work begun
        before knows not to write."""
        with self._deletions_guard:
            self._deletions[session_id] += int(advance)
            return self._deletions[session_id]

    @property
    def profile(self) -> ModelProfile:
        """What the serving endpoint can do."""
        return self.models.profile

    @property
    def request_limit(self) -> int:
        """The most tokens one request may carry on the default model, whatever a session's own budget says."""
        return self.request_limit_of(self.profile)

    def request_limit_of(self, profile: ModelProfile) -> int:
        """The most tokens one request may carry on a model with this profile."""
        return self.settings.budget(profile.context_window).context

    def model_options(self) -> list[ModelOption]:
        """The models a session may choose, the bundled one first (an endpoint's list is the last it gave: a newer
        one is asked for in the background once it is a minute old)."""
        return self.rooms.catalog.options()

    def session_model(self, settings: SessionSettings) -> tuple[str, ModelProfile]:
        """The model a session runs on (its choice while offered, else the default) and what it can do."""
        name = self.rooms.resolve(settings.model)
        return name, self.rooms.profile(name)

    def planner_of(self, settings: SessionSettings) -> SummaryPlanner:
        """The summary planner of a session's model."""
        return self.rooms.of(settings).planner

    @property
    def saver(self) -> BaseCheckpointSaver:
        """The LangGraph checkpointer every session is saved in."""
        return self.storage.saver

    def read_state(self, session_id: str) -> dict:
        """A session's saved ChatState values."""
        return dict(self.graph.get_state(thread_config(session_id)).values)

    def update_state(self, session_id: str, values: dict) -> None:
        """Change a session's saved state outside a turn (pins, edited summaries); callers hold its lock."""
        self.graph.update_state(thread_config(session_id), values)

    def owner_key(self, owner: str | None) -> str:
        """How an owner is stored: the default owner (no sign-in, or `Settings.default_owner`) as ''."""
        return owner_key(owner, self.settings.default_owner)

    def search(self, query: str, limit: int = 20, owner: str | None = None) -> list[dict]:
        """Turns of every session of `owner` that match `query`: session_id, title, turn, day, highlighted snippet."""
        return self.storage.search_turns(search_words(query), limit, self.owner_key(owner))

    def session(self, session_id: str | None = None, owner: str | None = None) -> Session:
        """The session with this id (a new id when None) of `owner` (None: the single-person default), created
        on its first message. An id storage cannot hold (empty, too long, control characters) is refused with
        ValueError; the id of another owner's session with SessionNotFound, which says nothing of it."""
        key = self.owner_key(owner)
        if session_id is None:
            return Session(self, new_session_id(), key)
        check_owner(self.storage, validate_session_id(session_id), key)
        return Session(self, session_id, key)

    def sessions(self, owner: str | None = None) -> list[SessionInfo]:
        """Every saved session of `owner` (the single-person default when None), newest activity first."""
        return self.storage.list_sessions(self.owner_key(owner))

    def rename(self, session_id: str, title: str, owner: str | None = None) -> None:
        """Give a session of `owner` the title a person chose; SessionNotFound for another owner's and for an id
        nobody has (nothing is written)."""
        session_id, key = validate_session_id(session_id), self.owner_key(owner)
        with self.storage.session_lock(session_id):  # not between a delete's check and its removal
            check_existing(self.storage, session_id, key)
            title = clean_user_text(title)
            if title:
                self.storage.rename_session(session_id, title)

    def delete(self, session_id: str, owner: str | None = None) -> None:
        """Remove a session of `owner` and everything kept for it (checkpoints, journal, summaries, documents,
        recall); its queued turns are dropped, its running one stopped, and background work on it writes nothing.
        Another owner's session is refused with SessionNotFound and left as it is."""
        session_id = validate_session_id(session_id)
        check_owner(self.storage, session_id, self.owner_key(owner))
        self.generation(session_id, advance=True)
        runs = self.turns.runs(session_id)
        for run in runs:
            run.cancel()
        for run in runs:
            run.close()
        with self.storage.session_lock(session_id):
            self.storage.delete_session(session_id)
            self.recall.forget(session_id)
            self.runner.last_requests.forget(session_id)

    def read_document(self, name: str, data: bytes) -> str:
        """The text of an uploaded txt, md or pdf file; DocumentRefused says why one cannot be read."""
        return read_upload(name, data)

    def wait_idle(self) -> None:
        """Block until running turns and background summaries and housekeeping have finished."""
        for run in self.turns.runs():
            run.wait()
        self.prefetcher.wait()

    def close(self) -> None:
        """Stop turns and background work, the bundled server and the database connection; returns within
        a few seconds whatever a model is doing (a stalled call is abandoned, queued turns are dropped)."""
        runs = self.turns.runs()
        for run in runs:
            run.cancel()
        deadline = time.monotonic() + CLOSE_WAIT_SECONDS
        for run in runs:
            run.close(timeout=max(0.0, deadline - time.monotonic()))
        self.prefetcher.shutdown()
        self.rooms.close()
        if self.server is not None:
            self.server.stop()
        self.storage.close()


CLOSE_WAIT_SECONDS = 5.0  # how long close() lets stopped turns save themselves


def new_session_id() -> str:
    """A fresh, unguessable session id."""
    return uuid.uuid4().hex[:16]


def saved_sessions(settings: Settings, owner: str | None = None) -> list[SessionInfo]:
    """Every saved session of `owner`, newest activity first, read from the database alone: no model is started."""
    storage = open_storage(settings.db_path, settings.database_url)
    try:
        return storage.list_sessions(owner_key(owner, settings.default_owner))
    finally:
        storage.close()


def open_engine(settings: Settings | None = None, progress: Callable[[str], None] = lambda message: None) -> Engine:
    """What the app does: open the database first (a bad path fails fast), start the default model, build the
    graph; the other models the endpoint lists (and the bundled one) open when a session first chooses them."""
    settings = settings or Settings.from_env()
    storage = open_storage(settings.db_path, settings.database_url)
    warm_up()  # the embedding model loads while the chat model starts
    models, server = start_models(settings, progress)
    return _assemble(settings, storage, models, server, EndpointCatalog(settings, server))


def assemble(settings: Settings, checkpointer: BaseCheckpointSaver | None, models: Models,
             server: LocalModelServer | None = None, catalog: ModelCatalog | None = None) -> Engine:
    """The engine on a given checkpointer and models (tests, benchmarks, scripts), as the app builds it; `models`
    answer sessions that chose none, and `catalog` (`FixedCatalog({"name": models, ...})`) offers the others."""
    return _assemble(settings, storage_for(checkpointer, settings.db_path, settings.database_url), models, server,
                     catalog)


def _assemble(settings: Settings, storage: Storage, models: Models, server: LocalModelServer | None,
              catalog: ModelCatalog | None) -> Engine:
    """The default model's room and the others' made on demand, sharing documents, recall and the storage."""
    catalog = catalog or FixedCatalog({models.profile.label: models})
    recall, documents = RecallIndex(storage), DocumentStore(storage)
    rooms = open_rooms(catalog, models, settings, storage, documents, recall)
    return Engine(settings, storage, rooms, documents, recall, server)
