"""The sessions an engine holds for each owner: opened, listed, searched, renamed and deleted in one place."""

import uuid
from typing import cast

from graph.request.words import search_words
from graph.session.access import SessionNotFound, SessionServices, TurnIndex, check_existing, check_owner, owner_key
from graph.session.handle import Session
from graph.session.inputs import clean_user_text, validate_session_id
from graph.session.queue import TurnQueue
from graph.session.runner import GraphRunner
from graph.settings import Settings
from graph.storage import Storage
from graph.storage.base import FoundTurn
from state.session import SessionInfo

INDEXING_WAIT = 10.0  # seconds a search waits for a turn answered a moment ago to be indexed

__all__ = ["SessionCatalog", "SessionNotFound", "new_session_id"]


def new_session_id() -> str:
    """A fresh, unguessable session id, for a chat a person starts."""
    return uuid.uuid4().hex[:16]


class SessionCatalog:
    """The engine's sessions by owner (a part of the Engine, which provides the services named here)."""

    settings: Settings
    storage: Storage
    turns: TurnQueue
    runner: GraphRunner
    recall: TurnIndex

    def resets(self, session_id: str, reset: bool = False) -> int:
        raise NotImplementedError  # the Engine's: counts a session's deletions and version switches

    def _handle(self, session_id: str, owner: str) -> Session:
        """A handle working through the services of the Engine this catalog is a part of."""
        return Session(cast(SessionServices, self), session_id, owner)

    def owner_key(self, owner: str | None) -> str:
        """How an owner is stored, so every query compares the same owner.

        Args:
            owner: A signed-in person's id, or None for the single-person default.

        Returns:
            '' for the default owner (None, or `Settings.default_owner`), else the owner as given.

        Raises:
            ValueError: The owner cannot own sessions (blank, endless, control characters, lone surrogates).
        """
        return owner_key(owner, self.settings.default_owner)

    def session(self, session_id: str | None = None, owner: str | None = None) -> Session:
        """A handle on one session of one owner: the way every caller reaches a session.

        Nothing is written until the session's first message, which creates it and makes it `owner`'s.

        Args:
            session_id: The session's id (the LangGraph `thread_id`), or None for a new one.
            owner: The owner, or None for the single-person default.

        Returns:
            A `Session` handle; cheap to make, so callers ask for one whenever they need it.

        Raises:
            ValueError: The id cannot be stored (empty, too long, control characters), or the owner is unusable.
            SessionNotFound: The id is another owner's session (which says nothing of it).
        """
        key = self.owner_key(owner)
        if session_id is None:
            return self._handle(new_session_id(), key)
        check_owner(self.storage, validate_session_id(session_id), key)
        return self._handle(session_id, key)

    def sessions(self, owner: str | None = None) -> list[SessionInfo]:
        """Every saved session of one owner, for the sidebar and the terminal's list.

        Args:
            owner: The owner, or None for the single-person default.

        Returns:
            Each session's id, title and activity, newest activity first.
        """
        return self.storage.list_sessions(self.owner_key(owner))

    def search(self, query: str, limit: int = 20, owner: str | None = None) -> list[FoundTurn]:
        """The turns of every session of one owner that match a query, for the search across chats.

        Args:
            query: What the person typed; its words are read as recall reads them (Korean, Chinese, English).
            limit: The most turns returned.
            owner: The owner, or None for the single-person default.

        Returns:
            One `FoundTurn` per matching turn: `session_id`, `title`, `turn`, `day` and a highlighted snippet.
        """
        for run in self.turns.runs():  # a turn just answered is indexed a moment after: it is found too
            if run.is_answered.is_set():
                run.is_indexed.wait(INDEXING_WAIT)
        return self.storage.search_turns(search_words(query), limit, self.owner_key(owner))

    def rename(self, session_id: str, title: str, owner: str | None = None) -> None:
        """Give a session the title a person chose (a blank title changes nothing).

        Args:
            session_id: The session's id.
            title: The new title; control characters are removed.
            owner: The owner, or None for the single-person default.

        Raises:
            ValueError: The id cannot be stored.
            SessionNotFound: No session of this owner has the id (nothing is written).
        """
        session_id, key = validate_session_id(session_id), self.owner_key(owner)
        with self.storage.session_lock(session_id):  # not between a delete's check and its removal
            check_existing(self.storage, session_id, key)
            title = clean_user_text(title)
            if title:
                self.storage.rename_session(session_id, title)

    def delete(self, session_id: str, owner: str | None = None) -> None:
        """Remove a session and everything kept for it: checkpoints, journal, summaries, documents, recall.

        Its queued turns are dropped, its running one stopped, and background work begun on it writes nothing.

        Args:
            session_id: The session's id.
            owner: The owner, or None for the single-person default.

        Raises:
            ValueError: The id cannot be stored.
            SessionNotFound: The id is another owner's session (left as it is).
        """
        session_id = validate_session_id(session_id)
        check_owner(self.storage, session_id, self.owner_key(owner))
        self.resets(session_id, reset=True)
        runs = self.turns.runs(session_id)
        for run in runs:
            run.cancel()
        for run in runs:
            run.close()
        with self.storage.session_lock(session_id):
            self.storage.delete_session(session_id)
            self.recall.forget(session_id)
            self.runner.last_requests.forget(session_id)
