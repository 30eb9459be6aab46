"""What a session handle needs from the engine, and nothing more (the engine provides it)."""

from collections.abc import Sequence
from typing import Any, Protocol

from langchain_core.messages import BaseMessage

from graph.documents.store import DocumentStore
from graph.memory.planner import SummaryPlanner
from graph.memory.prefetch import SummaryPrefetcher
from graph.session.activity import TurnActivity
from graph.session.queue import TurnQueue
from graph.session.run import TurnRunner
from graph.storage import Storage
from state.session import SessionSettings


class TurnIndex(Protocol):
    """Where completed turns are indexed for recall."""

    def index_session(self, session_id: str, messages: Sequence[BaseMessage], day: str | None = None) -> int: ...

    def backfill(self, session_id: str) -> int: ...

    def drop_from(self, session_id: str, first_turn: int) -> None: ...


class SessionServices(Protocol):
    """The engine's collaborators a session handle works with."""

    storage: Storage
    runner: TurnRunner
    turns: TurnQueue
    planner: SummaryPlanner
    prefetcher: SummaryPrefetcher
    activity: TurnActivity
    documents: DocumentStore

    @property
    def recall(self) -> TurnIndex: ...

    @property
    def request_limit(self) -> int: ...

    def read_state(self, session_id: str) -> dict[str, Any]: ...

    def update_state(self, session_id: str, values: dict) -> None: ...

    def generation(self, session_id: str, advance: bool = False) -> int: ...

    def planner_of(self, settings: SessionSettings) -> SummaryPlanner: ...

    def read_document(self, name: str, data: bytes) -> str: ...
