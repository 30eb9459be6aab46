"""One lock per session, process-wide: turns, stops and background writes never interleave."""

import threading

_locks: dict[str, threading.RLock] = {}
_guard = threading.Lock()


def session_lock(session_id: str) -> threading.RLock:
    """The lock that serializes every state change of one session."""
    with _guard:
        return _locks.setdefault(session_id, threading.RLock())
