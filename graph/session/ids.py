"""Session ids, owners and document names come from URLs, sign-in and uploads: refuse, with a reason, the ones
storage cannot hold or a person could not tell apart."""

import unicodedata

from graph.session.user_input import shows_nothing

MAX_SESSION_ID_CHARS = 128
MAX_OWNER_CHARS = 320  # an e-mail address at most (RFC 5321), or an identity provider's subject
MAX_NAME_CHARS = 255  # a file name, as file systems allow


def checked_name(value: str, what: str, limit: int) -> str:
    """`value` unchanged, or ValueError saying why it cannot be `what` (SQLite and PostgreSQL disagree on NUL and
    reject lone surrogates; a blank, invisible or endless name names nothing a person can pick)."""
    if not isinstance(value, str):
        raise ValueError(f"{what.capitalize()} must be text, not {type(value).__name__}.")
    if len(value) > limit:
        raise ValueError(f"{what.capitalize()} can be at most {limit} characters long, not {len(value):,}.")
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc":
            raise ValueError(f"{what.capitalize()} cannot contain the control character U+{ord(char):04X}.")
        if category == "Cs":
            raise ValueError(f"{what.capitalize()} cannot contain the lone surrogate U+{ord(char):04X}.")
    if shows_nothing(value):
        raise ValueError(f"{what.capitalize()} cannot be empty or blank.")
    return value


def validate_session_id(session_id: str) -> str:
    """The id unchanged, or ValueError saying why it cannot name a session."""
    return checked_name(session_id, "a session id", MAX_SESSION_ID_CHARS)


def validate_owner(owner: str) -> str:
    """The owner unchanged, or ValueError saying why it cannot own sessions ('' is the single-person default)."""
    return owner if owner == "" else checked_name(owner, "an owner", MAX_OWNER_CHARS)
