"""A delta channel's value at a checkpoint, rebuilt once and then answered from memory.

Loading a session's latest checkpoint rebuilds its transcript from the nearest full copy and the writes after
it; a turn and the page around it read the same checkpoint several times. A checkpoint never changes once saved
(ids are never reused), so its history is read from the database once, replayed once, and handed out after as
a full copy with nothing left to replay."""

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import DeltaChannelHistory
from langgraph.checkpoint.serde.types import _DeltaSnapshot

from graph.storage.replay import delta_channels

CACHED_CHECKPOINTS = 64  # the latest checkpoints of the sessions in use


class ReplayCache:
    """Mixed into a LangGraph saver: remembers each checkpoint's delta channel values."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._values: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
        self._values_lock = threading.Lock()

    def get_delta_channel_history(self, *, config: RunnableConfig,
                                  channels: Sequence[str]) -> Mapping[str, DeltaChannelHistory]:
        configurable = config.get("configurable") or {}
        known = delta_channels()
        if not configurable.get("checkpoint_id") or not channels or any(name not in known for name in channels):
            return self.read_delta_history(config, channels)  # not this app's state: as the saver reads it
        key = (str(configurable.get("thread_id")), configurable.get("checkpoint_ns", ""),
               configurable["checkpoint_id"], tuple(channels))
        with self._values_lock:
            values = self._values.get(key)
            if values is not None:
                self._values.move_to_end(key)
        if values is None:
            values = replayed(self.read_delta_history(config, channels))
            with self._values_lock:
                self._values[key] = values
                while len(self._values) > CACHED_CHECKPOINTS:
                    self._values.popitem(last=False)
        return {name: ({"seed": _DeltaSnapshot(list(value)), "writes": []} if value is not None else {"writes": []})
                for name, value in values.items()}

    def read_delta_history(self, config: RunnableConfig,
                           channels: Sequence[str]) -> Mapping[str, DeltaChannelHistory]:
        """The history read from the database (the saver's own walk unless a subclass has a better one)."""
        return super().get_delta_channel_history(config=config, channels=channels)  # type: ignore[misc]


def replayed(histories: Mapping[str, DeltaChannelHistory]) -> dict[str, Any]:
    """Each channel's value: its full copy with the writes after it applied (None: never written)."""
    values: dict[str, Any] = {}
    for name, history in histories.items():
        if "seed" not in history and not history["writes"]:
            values[name] = None
            continue
        channel = delta_channels()[name].from_checkpoint(history.get("seed"))
        channel.replay_writes(history["writes"])
        values[name] = channel.get()
    return values
