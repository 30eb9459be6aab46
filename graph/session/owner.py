"""A session is its owner's alone: another person's id answers as an unknown one would, and nothing is written
to a session before its owner is known to be the caller."""

from graph.session.ids import validate_owner
from graph.storage import SessionOwners


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
