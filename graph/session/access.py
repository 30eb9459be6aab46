"""How a handle reaches a session: through the engine's services, and only as the session's owner."""

from collections.abc import Sequence
from typing import Any, Protocol

from langchain_core.messages import BaseMessage

from graph.documents.store import DocumentStore
from graph.memory.planner import SummaryPlanner
from graph.memory.preparer import SummaryPreparer
from graph.session.activity import TurnActivity
from graph.session.inputs import StateInput, validate_owner
from graph.session.queue import TurnQueue
from graph.session.runner import GraphRunner
from graph.storage import SessionOwners, Storage
from state.session import SessionSettings


class TurnIndex(Protocol):
    """Where completed turns are indexed for recall, and a deleted session's are forgotten."""

    def index_session(self, session_id: str, messages: Sequence[BaseMessage], day: str | None = None,
                      through: int | None = None, generation: int | None = None, wait: float | None = None,
                      embed: bool = True) -> int: ...

    def generation(self, session_id: str) -> int: ...

    def backfill(self, session_id: str) -> int: ...

    def drop_from(self, session_id: str, first_turn: int) -> None: ...

    def forget(self, session_id: str) -> None: ...


class SessionServices(Protocol):
    """The engine's collaborators a session handle works with, and nothing more (the engine provides them)."""

    storage: Storage
    runner: GraphRunner
    turns: TurnQueue
    planner: SummaryPlanner
    preparer: SummaryPreparer
    activity: TurnActivity
    documents: DocumentStore

    @property
    def recall(self) -> TurnIndex: ...

    @property
    def request_limit(self) -> int: ...

    def read_state(self, session_id: str) -> dict[str, Any]: ...

    def update_state(self, session_id: str, values: StateInput) -> None: ...

    def resets(self, session_id: str, reset: bool = False) -> int: ...

    def planner_of(self, settings: SessionSettings) -> SummaryPlanner: ...

    def read_document(self, name: str, data: bytes) -> str: ...


class SessionNotFound(LookupError):
    """No session of this owner has the id (it may be someone else's; that is never said)."""

    def __init__(self, session_id: str) -> None:
        super().__init__(f"No session {session_id!r}.")
        self.session_id = session_id


def owner_key(owner: str | None, default_owner: str = "") -> str:
    """How an owner is stored: the default owner (no sign-in, or the one configured) as ''; ValueError for one that
    cannot own sessions (control characters, lone surrogates, blank or endless), so every query compares the same
    owner."""
    return "" if owner is None or owner == default_owner else validate_owner(owner)


def claim(storage: SessionOwners, session_id: str, owner: str) -> None:
    """Make a new session `owner`'s before anything is written to it; SessionNotFound when it is someone else's."""
    if not storage.claim_session(session_id, owner):
        raise SessionNotFound(session_id)


def check_owner(storage: SessionOwners, session_id: str, owner: str) -> None:
    """SessionNotFound when a session with this id exists and is not `owner`'s; an unknown id passes."""
    stored = storage.session_owner(session_id)
    if stored is not None and stored != owner:
        raise SessionNotFound(session_id)


def check_existing(storage: SessionOwners, session_id: str, owner: str) -> None:
    """SessionNotFound unless the session exists and is `owner`'s: what changes a session never creates one."""
    if storage.session_owner(session_id) != owner:
        raise SessionNotFound(session_id)


def may_run(storage: SessionOwners, session_id: str, owner: str, creates: bool) -> bool:
    """Whether a turn may run: a new message makes an unknown id its owner's; a rewrite or a resume runs only on a
    session that exists and is the caller's (a refused one writes nothing)."""
    if creates:
        return storage.claim_session(session_id, owner)
    return storage.session_owner(session_id) == owner


class SessionAccess:
    """One session of one owner through the engine's services: what every part of a session's handle stands on."""

    def __init__(self, services: SessionServices, session_id: str, owner: str = "") -> None:
        self.services, self.id, self.owner = services, session_id, owner  # owner '': the single-person default

    def _claim(self) -> None:
        """Make a new session its owner's before writing to it; SessionNotFound when it is someone else's."""
        claim(self.services.storage, self.id, self.owner)

    def _check(self) -> None:
        """SessionNotFound when the id is someone else's now (checked on every call: an id can change hands
        through a delete and a new first message); an unknown id reads as empty."""
        check_owner(self.services.storage, self.id, self.owner)

    def _existing(self) -> None:
        """SessionNotFound unless the session exists and is the caller's: a change never creates a session."""
        check_existing(self.services.storage, self.id, self.owner)

    def settings(self) -> SessionSettings:
        """The session's own settings, which its next turn runs with.

        Returns:
            Its `SessionSettings` (policy, prompts, modifiers, compression rate, recall, model); the defaults for a
            session not begun.

        Raises:
            SessionNotFound: The id is another owner's session.
        """
        self._check()
        return self.services.storage.load_settings(self.id)
