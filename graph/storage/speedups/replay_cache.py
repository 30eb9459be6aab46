"""A delta channel's value at a checkpoint, rebuilt once and then answered from memory.

Loading a session's latest checkpoint rebuilds its transcript from the nearest full copy and the writes after
it; a turn and the page around it read the same checkpoint several times. A checkpoint never changes once saved
(ids are never reused), so its history is read from the database once, replayed once, and handed out after as
a full copy with nothing left to replay. A newer checkpoint of a session in use starts from the nearest ancestor
whose value is known (rebuilt before, or a full copy this process saved) and replays only the writes since: after
a turn only that turn's writes are read, however long the session and however far back its last full copy. A
checkpoint on the way that holds a full copy ends the shortcut for that channel (its writes were not stored)."""

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointMetadata, DeltaChannelHistory

from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.replay import delta_channels

CACHED_CHECKPOINTS = 64  # the latest checkpoints of the sessions in use
RECENT_STEPS = 32  # how far back a checkpoint looks for an ancestor whose values are known
ANCESTORS_SQL = (  # a checkpoint's ancestors, parent first, at most ? steps back, and {copied} per channel
    "WITH RECURSIVE ancestors(checkpoint_id, parent_checkpoint_id, metadata, depth) AS ("
    "SELECT checkpoint_id, parent_checkpoint_id, metadata, 0 FROM checkpoints "
    "WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? "
    "UNION ALL "
    "SELECT c.checkpoint_id, c.parent_checkpoint_id, c.metadata, a.depth + 1 "
    "FROM ancestors a JOIN checkpoints c ON c.checkpoint_id = a.parent_checkpoint_id "
    "WHERE c.thread_id = ? AND c.checkpoint_ns = ? AND a.depth < ?) "
    "SELECT checkpoint_id, {copied} FROM ancestors WHERE depth > 0 ORDER BY depth"
)
Ancestor = tuple[str, Sequence[bool]]  # a checkpoint id, and per channel asked: may it hold a full copy


class ReplayCache:
    """Mixed into a LangGraph saver: remembers each checkpoint's delta channel values."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._values: OrderedDict[tuple[str, str, str], dict[str, Any]] = OrderedDict()
        self._values_lock = threading.Lock()

    def get_delta_channel_history(self, *, config: RunnableConfig,
                                  channels: Sequence[str]) -> Mapping[str, DeltaChannelHistory]:
        configurable = config.get("configurable") or {}
        if not configurable.get("checkpoint_id") or not channels or any(name not in delta_channels()
                                                                            for name in channels):
            return self.read_delta_history(config, channels)  # not this app's state: as the saver reads it
        key = checkpoint_key(configurable)
        known = self._known(key)
        missing = [name for name in channels if name not in known]
        if missing:
            found = self._from_ancestors(key, missing)
            rest = [name for name in missing if name not in found]
            if rest:
                found.update(replayed(self.read_delta_history(config, rest)))
            known = self._remember(key, found)
        histories: dict[str, DeltaChannelHistory] = {}
        for name in channels:
            histories[name] = {"writes": []}
            if known[name] is not None:
                histories[name]["seed"] = DeltaSnapshot(list(known[name]))
        return histories

    def put(self, config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata,
            new_versions: ChannelVersions) -> RunnableConfig:
        saved = super().put(config, checkpoint, metadata, new_versions)  # type: ignore[misc]
        copies = {name: value.value for name, value in checkpoint["channel_values"].items()
                  if isinstance(value, DeltaSnapshot) and name in delta_channels()}
        configurable = saved.get("configurable") or {}
        if copies and configurable.get("checkpoint_id"):
            self._remember(checkpoint_key(configurable), copies)
        return saved

    def _known(self, key: tuple[str, str, str]) -> dict[str, Any]:
        with self._values_lock:
            values = self._values.get(key)
            if values is None:
                return {}
            self._values.move_to_end(key)
            return dict(values)

    def _remember(self, key: tuple[str, str, str], values: dict[str, Any]) -> dict[str, Any]:
        with self._values_lock:
            merged = self._values.setdefault(key, {})
            merged.update(values)
            self._values.move_to_end(key)
            while len(self._values) > CACHED_CHECKPOINTS:
                self._values.popitem(last=False)
            return dict(merged)

    def _from_ancestors(self, key: tuple[str, str, str], channels: list[str]) -> dict[str, Any]:
        """The values at a checkpoint of the channels that have a known value at a recent ancestor with no
        full copy between: that value with the writes since replayed (the other channels are left out)."""
        thread_id, namespace, checkpoint_id = key
        ancestors = self.recent_ancestors(thread_id, namespace, checkpoint_id, channels, RECENT_STEPS)
        with self._values_lock:
            known_at = [dict(self._values.get((thread_id, namespace, ancestor), {})) for ancestor, _ in ancestors]
        bases: dict[str, Any] = {}
        chains: dict[str, list[str]] = {}
        for position, name in enumerate(channels):
            for depth, ((_, copied), known) in enumerate(zip(ancestors, known_at, strict=True)):
                if name in known:
                    bases[name], chains[name] = known[name], [cid for cid, _ in ancestors[:depth + 1]]
                    break
                if copied[position]:
                    break  # the writes before a full copy were not stored with it: the copy is needed
        if not bases:
            return {}
        histories = self.read_writes(thread_id, namespace, chains)
        seeded: dict[str, DeltaChannelHistory] = {}
        for name, history in histories.items():
            seeded[name] = {"writes": history["writes"]}
            if bases[name] is not None:
                seeded[name]["seed"] = DeltaSnapshot(list(bases[name]))
        return replayed(seeded)

    def recent_ancestors(self, thread_id: str, namespace: str, checkpoint_id: str, channels: Sequence[str],
                         steps: int) -> list[Ancestor]:
        """A checkpoint's ancestors, its parent first, at most `steps` back (none: no shortcut)."""
        return []

    def read_writes(self, thread_id: str, namespace: str,
                    chains: Mapping[str, list[str]]) -> Mapping[str, DeltaChannelHistory]:
        """Each channel's writes stored with the checkpoints of its chain (newest first), oldest write first."""
        raise NotImplementedError

    def read_delta_history(self, config: RunnableConfig,
                           channels: Sequence[str]) -> Mapping[str, DeltaChannelHistory]:
        """The history read from the database (the saver's own walk unless a subclass has a better one)."""
        return super().get_delta_channel_history(config=config, channels=channels)  # type: ignore[misc]


def checkpoint_key(configurable: Mapping[str, Any]) -> tuple[str, str, str]:
    """What names a checkpoint in the cache: its session, namespace and id."""
    return (str(configurable.get("thread_id")), str(configurable.get("checkpoint_ns", "")),
            str(configurable["checkpoint_id"]))


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
