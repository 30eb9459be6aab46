"""The decoded values of the checkpoints that hold a delta channel's full copy: a copy is replayed from for a dozen
turns, and a checkpoint never changes, so the SQLite saver's walk decodes each once."""

import threading
from collections import OrderedDict
from typing import Any

KEPT_COPIES = 16  # checkpoints holding full copies, of the sessions in use

CheckpointKey = tuple[str, str, str]  # a checkpoint's session, namespace and id


class FullCopies:
    """A checkpoint's decoded channel values by its key, the first kept out first once KEPT_COPIES are kept."""

    def __init__(self) -> None:
        self._values: OrderedDict[CheckpointKey, dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: CheckpointKey) -> dict[str, Any] | None:
        with self._lock:
            return self._values.get(key)

    def keep(self, key: CheckpointKey, values: dict[str, Any]) -> None:
        with self._lock:
            self._values[key] = values
            while len(self._values) > KEPT_COPIES:
                self._values.popitem(last=False)
