"""The Engine the session API hands out: what one app process shares across sessions, and what handles work with."""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver

from graph.builder import ChatGraph
from graph.documents.reader import read_upload
from graph.documents.store import DocumentStore
from graph.memory.planner import SummaryPlanner
from graph.memory.preparer import WORKERS as SUMMARY_WORKERS
from graph.memory.preparer import SummaryPreparer
from graph.model_rooms import ModelRooms, on_this_machine
from graph.models import ModelProfile, Models
from graph.models.catalog import ModelOption
from graph.models.downloaded import DownloadedModels
from graph.models.local_server import LocalModelServer
from graph.policies import POLICIES
from graph.recall.index import RecallIndex
from graph.session.activity import TurnActivity, lower_priority
from graph.session.catalog import SessionCatalog
from graph.session.inputs import StateInput
from graph.session.queue import TurnQueue
from graph.session.runner import GraphRunner, thread_config
from graph.settings import Settings
from graph.storage import Storage
from prompt.system import BASE_SYSTEM_PROMPT
from state.session import SessionSettings

CLOSE_WAIT_SECONDS = 5.0  # how long close() lets stopped turns save themselves


@dataclass
class Engine(SessionCatalog):
    """Everything one app process shares across sessions: storage, models, the graph, background work.

    Made by `open_engine` (the app) or `assemble` (tests, benchmarks, scripts); a caller reaches a session through
    `session()` and the others `SessionCatalog` lists, and ends with `close()`.
    """

    settings: Settings
    storage: Storage
    rooms: ModelRooms  # the graph and planner of each model sessions run on; the default's is the engine's own
    documents: DocumentStore
    recall: RecallIndex
    server: LocalModelServer | None = None
    models: Models = field(init=False)
    graph: ChatGraph = field(init=False)
    planner: SummaryPlanner = field(init=False)
    runner: GraphRunner = field(init=False)
    preparer: SummaryPreparer = field(init=False)
    activity: TurnActivity = field(default_factory=TurnActivity)  # background work waits while turns run
    turns: TurnQueue = field(default_factory=TurnQueue)  # each session's turns in the order they were sent
    _resets: Counter = field(default_factory=Counter)  # per session: how often it was deleted or switched here
    _resets_guard: threading.Lock = field(default_factory=threading.Lock)
    policies: dict[str, str] = field(default_factory=lambda: dict(POLICIES))
    default_system_prompt: str = BASE_SYSTEM_PROMPT

    def __post_init__(self) -> None:
        default = self.rooms.default
        self.models, self.graph, self.planner = default.models, default.graph, default.planner
        self.runner = GraphRunner(self.graph, self.storage, local=default.local, room_of=self.rooms.of,
                                  server=self.server)
        self.preparer = SummaryPreparer(self.planner, self.storage, self.read_state, self.activity.wait_quiet,
                                        planner_of=self.planner_of, thread_start=lower_priority,
                                        on_this_machine=lambda settings: on_this_machine(self.rooms.of(settings)),
                                        workers=1 if on_this_machine(default) else SUMMARY_WORKERS)

    def resets(self, session_id: str, reset: bool = False) -> int:
        """How often the session was reset here: deleted, or shown another version. Background work compares it
        before writing, so work begun before a reset is dropped.

        Args:
            session_id: The session's id.
            reset: True when the session is deleted or shows another version: one more reset is counted.

        Returns:
            The session's resets so far.
        """
        with self._resets_guard:
            self._resets[session_id] += int(reset)
            return self._resets[session_id]

    @property
    def profile(self) -> ModelProfile:
        """What the default model can do (window, tools, streaming, bundled or remote)."""
        return self.models.profile

    @property
    def request_limit(self) -> int:
        """The most tokens one request may carry on the default model, whatever a session's own budget says."""
        return self.request_limit_of(self.profile)

    def request_limit_of(self, profile: ModelProfile) -> int:
        """The most tokens one request may carry on a model, which bounds a session's budget and prompts.

        Args:
            profile: The model's profile.

        Returns:
            The settings' share of the model's window (`Settings.context_share`).
        """
        return self.settings.budget(profile.context_window).context

    def model_options(self) -> list[ModelOption]:
        """The models a session may choose, for the sidebar's list.

        Returns:
            The bundled model first, then the endpoint's list as it last gave it (a newer one is asked for in the
            background once it is a minute old).
        """
        return self.rooms.catalog.options()

    def model_downloads(self) -> DownloadedModels | None:
        """The models downloaded here and the downloads running, for the page's download list.

        Returns:
            The catalog's downloaded models (start a download with `.jobs.start(model)`, delete one with
            `.remove(model)`), or None where the catalog serves none (models given up front).
        """
        return self.rooms.catalog.downloads

    def model_label(self, name: str) -> str:
        """What people call a model, offered now or not, so a page can say which one a chat is waiting for.

        Args:
            name: A model's name as a session stores it.

        Returns:
            Its profile's label, or the name itself when the catalog cannot describe it.
        """
        try:
            return self.rooms.catalog.profile(name).label
        except KeyError:
            return name

    def session_model(self, settings: SessionSettings) -> tuple[str, ModelProfile]:
        """The model a session runs on, so a page can name it and fit the session's budget to it.

        Args:
            settings: The session's settings (`Session.settings()`).

        Returns:
            The model's name (the session's choice while offered, else the default) and its profile.
        """
        name = self.rooms.resolve(settings.model)
        return name, self.rooms.profile(name)

    def planner_of(self, settings: SessionSettings) -> SummaryPlanner:
        """The summary planner of a session's model, which decides and makes its summaries.

        Args:
            settings: The session's settings.

        Returns:
            The planner of the model the session runs on.
        """
        return self.rooms.of(settings).planner

    @property
    def saver(self) -> BaseCheckpointSaver:
        """The LangGraph checkpointer every session is saved in."""
        return self.storage.saver

    def read_state(self, session_id: str) -> dict[str, Any]:
        """A session's saved ChatState values, read without an owner check (`Session.state()` checks it).

        Args:
            session_id: The session's id.

        Returns:
            The values of its newest checkpoint; empty for a session not begun.
        """
        return dict(self.graph.get_state(thread_config(session_id)).values)

    def update_state(self, session_id: str, values: StateInput) -> None:
        """Change a session's saved state outside a turn (pins, edited summaries); callers hold its lock.

        Args:
            session_id: The session's id.
            values: ChatState keys and their new values, merged by the graph's reducers.
        """
        self.graph.update_state(thread_config(session_id), values)

    def read_document(self, name: str, data: bytes) -> str:
        """The text of an uploaded file, read in a bounded child process so a hostile file cannot hang the app.

        Args:
            name: The file's name; its extension says how to read it (txt, md, pdf).
            data: The file's bytes.

        Returns:
            The file's text.

        Raises:
            DocumentRefused: The file cannot be read (type, size, pages, damage); its message says why.
        """
        return read_upload(name, data)

    def wait_idle(self) -> None:
        """Block until running turns, background summaries and housekeeping have finished (tests, benchmarks)."""
        for run in self.turns.runs():
            run.wait()
        self.preparer.wait()

    def close(self) -> None:
        """Stop turns and background work, the bundled server and the database connection, at the app's end.

        Returns within a few seconds whatever a model is doing: a stalled call is abandoned, queued turns are
        dropped, and a stopped turn keeps what it streamed.
        """
        runs = self.turns.runs()
        for run in runs:
            run.cancel()
        deadline = time.monotonic() + CLOSE_WAIT_SECONDS
        for run in runs:
            run.close(timeout=max(0.0, deadline - time.monotonic()))
        self.preparer.shutdown()
        self.rooms.close()
        if self.server is not None:
            self.server.stop()
        self.storage.close()
