"""Session ids come from URLs and command lines: refuse, with a reason, the ones storage cannot hold."""

import unicodedata

from graph.session.user_input import shows_nothing

MAX_SESSION_ID_CHARS = 128


def validate_session_id(session_id: str) -> str:
    """The id unchanged, or ValueError saying why it cannot name a session (SQLite and PostgreSQL reject NUL
    and lone surrogates, and a blank, invisible or endless id names nothing a person can pick)."""
    if not isinstance(session_id, str):
        raise ValueError(f"A session id must be text, not {type(session_id).__name__}.")
    if len(session_id) > MAX_SESSION_ID_CHARS:
        raise ValueError(f"A session id can be at most {MAX_SESSION_ID_CHARS} characters long, "
                         f"not {len(session_id):,}.")
    for char in session_id:
        category = unicodedata.category(char)
        if category == "Cc":
            raise ValueError(f"A session id cannot contain the control character U+{ord(char):04X}.")
        if category == "Cs":
            raise ValueError(f"A session id cannot contain the lone surrogate U+{ord(char):04X}.")
    if shows_nothing(session_id):
        raise ValueError("A session id cannot be empty or blank.")
    return session_id
