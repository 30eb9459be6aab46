"""One lock per session within a process; a session nobody holds a lock of takes no memory."""

import threading
import weakref

_locks: "weakref.WeakValueDictionary[str, threading.RLock]" = weakref.WeakValueDictionary()
_guard = threading.Lock()


def local_session_lock(session_id: str) -> threading.RLock:
    """The process-wide lock of a session; callers keep it referenced while they use it."""
    with _guard:
        lock = _locks.get(session_id)
        if lock is None:
            lock = threading.RLock()
            _locks[session_id] = lock
        return lock


def held_lock_count() -> int:
    """How many session locks exist right now (they go when no one references them)."""
    with _guard:
        return len(_locks)
