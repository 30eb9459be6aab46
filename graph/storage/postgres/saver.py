"""LangGraph's PostgresSaver with the app's serializer, reading a checkpoint's delta history once and a newer
checkpoint's as the writes since an ancestor already read (see `graph.storage.speedups.replay_cache`)."""

from collections.abc import Mapping, Sequence
from typing import Any

from langgraph.checkpoint.base import DeltaChannelHistory
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from psycopg_pool import ConnectionPool

from graph.storage.langgraph_private import postgres_cursor, postgres_writes, postgres_writes_sql
from graph.storage.replay import COUNTERS
from graph.storage.speedups.replay_cache import ANCESTORS_SQL, Ancestor, ReplayCache
from graph.storage.speedups.serde_cache import CachingSerializer


class ChatPostgresSaver(ReplayCache, PostgresSaver):
    """LangGraph's PostgresSaver, reading a checkpoint's transcript history once, and a newer checkpoint's as the
    writes since an ancestor already read."""

    def recent_ancestors(self, thread_id: str, namespace: str, checkpoint_id: str, channels: Sequence[str],
                         steps: int) -> list[Ancestor]:
        copied = ", ".join(f"(metadata -> '{COUNTERS}' -> %s) IS NULL AS copied_{position}"
                           for position in range(len(channels)))
        with postgres_cursor(self) as cur:
            cur.execute(ANCESTORS_SQL.replace("?", "%s").format(copied=copied),
                        (thread_id, namespace, checkpoint_id, thread_id, namespace, steps, *channels))
            return [(row["checkpoint_id"], [bool(row[f"copied_{position}"]) for position in range(len(channels))])
                    for row in cur.fetchall()]

    def read_writes(self, thread_id: str, namespace: str,
                    chains: Mapping[str, list[str]]) -> Mapping[str, DeltaChannelHistory]:
        written = postgres_writes_sql(list(chains))
        parameters: list[Any] = []
        for name in chains:
            parameters += [thread_id, namespace, name, chains[name]]
        with postgres_cursor(self) as cur:
            cur.execute(written, parameters)
            rows = cur.fetchall()
        return postgres_writes(self, chains, rows)


def saver_on(pool: ConnectionPool[Any]) -> PostgresSaver:
    """LangGraph's PostgresSaver on the pool, deserializing only LangGraph's safe types (never pickle)."""
    return ChatPostgresSaver(pool, serde=CachingSerializer(JsonPlusSerializer(allowed_msgpack_modules=None)))


def as_app_saver(saver: PostgresSaver) -> PostgresSaver:
    """LangGraph's stock PostgresSaver given by a caller, as the app's saver on the same connection, pipeline, lock
    and serializer: its loads stay flat however long a session grows (a saver of the caller's own kind is kept)."""
    if type(saver) is not PostgresSaver:
        return saver
    app_saver = ChatPostgresSaver(saver.conn, saver.pipe, serde=CachingSerializer(saver.serde))
    app_saver.lock = saver.lock
    return app_saver
