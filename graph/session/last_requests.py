"""The last request each session's model was sent (what `last_context()` hands out), kept in memory rather than in
every checkpoint."""

import threading
from collections import OrderedDict

from langchain_core.messages import BaseMessage

KEPT_SESSIONS = 64


class LastRequests:
    """The last request per session, for the most recently active sessions (bounded, safe across threads)."""

    def __init__(self, capacity: int = KEPT_SESSIONS) -> None:
        self._requests: OrderedDict[str, list[BaseMessage]] = OrderedDict()
        self._capacity, self._lock = capacity, threading.Lock()

    def keep(self, session_id: str, request: list[BaseMessage]) -> None:
        with self._lock:
            self._requests.pop(session_id, None)
            self._requests[session_id] = list(request)
            while len(self._requests) > self._capacity:
                self._requests.popitem(last=False)

    def get(self, session_id: str) -> list[BaseMessage]:
        with self._lock:
            return list(self._requests.get(session_id, []))

    def forget(self, session_id: str) -> None:
        with self._lock:
            self._requests.pop(session_id, None)
