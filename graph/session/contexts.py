"""What each session's model was sent on its last call, kept in memory rather than in every checkpoint."""

import threading
from collections import OrderedDict

from langchain_core.messages import BaseMessage

KEPT_SESSIONS = 64


class LastContexts:
    """The last request per session, for the most recently active sessions (bounded, safe across threads)."""

    def __init__(self, capacity: int = KEPT_SESSIONS) -> None:
        self._contexts: OrderedDict[str, list[BaseMessage]] = OrderedDict()
        self._capacity, self._lock = capacity, threading.Lock()

    def keep(self, session_id: str, context: list[BaseMessage]) -> None:
        with self._lock:
            self._contexts.pop(session_id, None)
            self._contexts[session_id] = list(context)
            while len(self._contexts) > self._capacity:
                self._contexts.popitem(last=False)

    def get(self, session_id: str) -> list[BaseMessage]:
        with self._lock:
            return list(self._contexts.get(session_id, []))

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._contexts.pop(session_id, None)
