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

CACHED_BLOBS = 16
MIN_CACHED_BYTES = 4096  # small values decode faster than they hash
CACHED_TYPES = (dict, list)  # a whole checkpoint, or one channel such as the transcript


def _fresh(value: Any) -> Any:
    """A copy whose containers are new (so callers may change them) and whose messages are shared."""
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_fresh(item) if isinstance(item, (dict, list)) else item for item in value]
    return value


class CachingSerializer(SerializerProtocol):
    """Wraps a serializer; decodes each distinct large blob once."""

    def __init__(self, inner: SerializerProtocol) -> None:
        self.inner = inner
        self._decoded: OrderedDict[bytes, Any] = OrderedDict()
        self._lock = threading.Lock()

    def _remember(self, key: bytes, value: Any) -> None:
        with self._lock:
            self._decoded[key] = value
            self._decoded.move_to_end(key)
            while len(self._decoded) > CACHED_BLOBS:
                self._decoded.popitem(last=False)

    @staticmethod
    def _key(kind: str, data: bytes) -> bytes:
        return hashlib.blake2b(data, digest_size=20, person=kind.encode()[:16]).digest()

    def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
        kind, data = self.inner.dumps_typed(obj)
        if len(data) >= MIN_CACHED_BYTES and isinstance(obj, CACHED_TYPES):
            self._remember(self._key(kind, data), _fresh(obj))
        return kind, data

    def loads_typed(self, data: tuple[str, bytes]) -> Any:
        kind, blob = data
        if len(blob) < MIN_CACHED_BYTES:
            return self.inner.loads_typed(data)
        key = self._key(kind, blob)
        with self._lock:
            cached = self._decoded.get(key)
        if cached is not None:
            return _fresh(cached)
        value = self.inner.loads_typed(data)
        if isinstance(value, CACHED_TYPES):
            self._remember(key, _fresh(value))
        return value

    def dumps(self, obj: Any) -> bytes:
        return self.inner.dumps(obj)  # type: ignore[attr-defined]

    def loads(self, data: bytes) -> Any:
        return self.inner.loads(data)  # type: ignore[attr-defined]


