"""LangGraph's SqliteSaver with a cheaper walk to a delta channel's full copy.

The stock walk decodes every checkpoint between the one loaded and the full copy of each delta channel, to look
for the copy in its values; a turn makes several checkpoints and each holds every other channel, so a load decoded
hundreds of them. A checkpoint's metadata already says which delta channels it copied (they are missing from its
`counters_since_delta_snapshot`): this walk reads only metadata, decodes only the checkpoints that may hold a copy,
and then fetches the writes after it as the stock saver does. A full copy is replayed from for a dozen turns and a
checkpoint never changes, so the walk decodes each checkpoint that holds one once."""

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import DeltaChannelHistory, get_checkpoint_id
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.storage.langgraph_private import sqlite_writes, sqlite_writes_sql
from graph.storage.replay import COUNTERS
from graph.storage.speedups.replay_cache import ANCESTORS_SQL, Ancestor, ReplayCache

WHOLE_CHAIN = 1_000_000  # a load's walk stops at the full copies, however far back
CHECKPOINT_SQL = ("SELECT type, checkpoint FROM checkpoints"
                  " WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?")
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


class ChatSqliteSaver(ReplayCache, SqliteSaver):
    """SqliteSaver that walks metadata to a delta channel's full copy, and reads a checkpoint's history once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._copies = FullCopies()

    def _values_of(self, cur: Any, thread_id: str, namespace: str, checkpoint_id: str) -> dict[str, Any]:
        """The stored values of a checkpoint that may hold full copies, decoded once (see `FullCopies`)."""
        key = (thread_id, namespace, checkpoint_id)
        values = self._copies.get(key)
        if values is None:
            type_tag, blob = cur.execute(CHECKPOINT_SQL, key).fetchone()
            values = self.serde.loads_typed((type_tag, blob)).get("channel_values") or {}
            self._copies.keep(key, values)
        return values

    def read_delta_history(self, config: RunnableConfig,
                           channels: Sequence[str]) -> Mapping[str, DeltaChannelHistory]:
        """What the stock `get_delta_channel_history` returns, read as the module docstring says."""
        target = get_checkpoint_id(config)
        if not channels or not target:
            return super().read_delta_history(config, channels)
        channels = list(channels)
        thread_id = str(config["configurable"]["thread_id"])
        namespace = config["configurable"].get("checkpoint_ns", "")
        chains: dict[str, list[str]] = {name: [] for name in channels}
        seeds: dict[str, Any] = {}
        seen: set[str] = set()
        ancestors = self.recent_ancestors(thread_id, namespace, target, channels, WHOLE_CHAIN)
        with self.cursor(transaction=False) as cur:
            for checkpoint_id, copied in ancestors:
                if checkpoint_id in seen:
                    break  # a chain that loops back (a checkpoint put again) ends here
                seen.add(checkpoint_id)
                active = [name for name in channels if name not in seeds]
                if not active:
                    break
                for name in active:
                    chains[name].append(checkpoint_id)
                if maybe := [name for name in active if copied[channels.index(name)]]:
                    values = self._values_of(cur, thread_id, namespace, checkpoint_id)
                    seeds.update((name, values[name]) for name in maybe if name in values)
        histories = dict(self.read_writes(thread_id, namespace, chains))
        for name, seed in seeds.items():
            histories[name]["seed"] = seed
        return histories

    def recent_ancestors(self, thread_id: str, namespace: str, checkpoint_id: str, channels: Sequence[str],
                         steps: int) -> list[Ancestor]:
        # per channel: 1 when the checkpoint's counters do not count it (a copy may be there, or nothing yet)
        copied = ", ".join(f"json_extract(CAST(metadata AS TEXT), '$.{COUNTERS}.\"{name}\"') IS NULL"
                           for name in channels)
        with self.cursor(transaction=False) as cur:
            rows = cur.execute(ANCESTORS_SQL.format(copied=copied),
                               (thread_id, namespace, checkpoint_id, thread_id, namespace, steps)).fetchall()
        return [(row[0], [bool(flag) for flag in row[1:]]) for row in rows]

    def read_writes(self, thread_id: str, namespace: str,
                    chains: Mapping[str, list[str]]) -> Mapping[str, DeltaChannelHistory]:
        channels = list(chains)
        with_chain = [name for name in channels if chains[name]]
        written = sqlite_writes_sql(self, [len(chains[name]) for name in with_chain])
        parameters: list[Any] = []
        for name in with_chain:
            parameters += [thread_id, namespace, name, *chains[name]]
        with self.cursor(transaction=False) as cur:
            rows = cur.execute(written, parameters).fetchall() if written else []
        return sqlite_writes(chains, rows, self.serde)
