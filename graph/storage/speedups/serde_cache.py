"""Skip re-reading the transcript: the checkpoint just written or read is kept deserialized in memory.

A turn loads the session's latest checkpoint, which the previous turn has just written; keeping
the decoded value (keyed by a hash of the stored bytes, so it is only reused for identical bytes)
makes loading constant instead of growing with the transcript. Writing still serializes it.
SqliteSaver stores a checkpoint as one dict; PostgresSaver stores each channel apart, the
transcript as one list: both are kept.
"""

import hashlib
import threading
from collections import OrderedDict
from typing import Any

from langgraph.checkpoint.serde.base import SerializerProtocol

from graph.storage.langgraph_private import DeltaSnapshot

CACHED_BYTES = 48 * 1024 * 1024  # stored bytes kept decoded: the latest transcripts of many busy sessions
MIN_CACHED_BYTES = 64 * 1024  # what is smaller decodes fast enough; kept, it would only churn the memory
CACHED_TYPES = (dict, list, DeltaSnapshot)  # a whole checkpoint, one channel, a delta channel's full copy


def fresh(value: Any) -> Any:
    """A copy whose containers are new (so callers may change them) and whose messages are shared: a checkpoint's
    dicts all the way down, a list and the records in it (summaries, request points) one level deep."""
    if isinstance(value, DeltaSnapshot):  # a delta channel's full copy (a tuple): its list is the container
        return DeltaSnapshot(fresh(value.value))
    if isinstance(value, dict):
        return {key: fresh(item) for key, item in value.items()}
    if isinstance(value, list):
        return [item.copy() if type(item) is dict else item for item in value]
    return value


class CachingSerializer(SerializerProtocol):
    """Wraps a serializer; decodes each distinct large blob once."""

    def __init__(self, inner: SerializerProtocol) -> None:
        self.inner = inner
        self._decoded: OrderedDict[bytes, tuple[Any, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def _remember(self, key: bytes, value: Any, size: int) -> None:
        """Keep a decoded value, least recently used out first once the stored bytes pass the budget
        (a budget in bytes, so the many small values a turn writes never push out a transcript)."""
        with self._lock:
            if key in self._decoded:
                self._decoded.move_to_end(key)
                return
            self._decoded[key] = (value, size)
            self._bytes += size
            while self._bytes > CACHED_BYTES and len(self._decoded) > 1:
                _, (_, dropped) = self._decoded.popitem(last=False)
                self._bytes -= dropped

    @staticmethod
    def _key(kind: str, data: bytes) -> bytes:
        return hashlib.blake2b(data, digest_size=20, person=kind.encode()[:16]).digest()

    def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
        kind, data = self.inner.dumps_typed(obj)
        if len(data) >= MIN_CACHED_BYTES and isinstance(obj, CACHED_TYPES):
            self._remember(self._key(kind, data), fresh(obj), len(data))
        return kind, data

    def loads_typed(self, data: tuple[str, bytes]) -> Any:
        kind, blob = data
        if len(blob) < MIN_CACHED_BYTES:
            return self.inner.loads_typed(data)
        key = self._key(kind, blob)
        with self._lock:
            cached = self._decoded.get(key)
            if cached is not None:
                self._decoded.move_to_end(key)
        if cached is not None:
            return fresh(cached[0])
        value = self.inner.loads_typed(data)
        if isinstance(value, CACHED_TYPES):
            self._remember(key, fresh(value), len(blob))
        return value

    def dumps(self, obj: Any) -> bytes:
        return self.inner.dumps(obj)  # type: ignore[attr-defined]

    def loads(self, data: bytes) -> Any:
        return self.inner.loads(data)  # type: ignore[attr-defined]


