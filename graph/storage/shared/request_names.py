"""Sessions saved while the request's report and log were called the context's keep their token chart: a
migration step on each backend renames the two channels, and the token count in their points, in every stored
checkpoint, pending write and channel blob (values decoded and encoded again by LangGraph's serializer)."""

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.replay import COUNTERS

if TYPE_CHECKING:
    import psycopg

RENAMED_CHANNELS = {"context_report": "request_report", "context_log": "request_log"}
RENAMED_FIELDS = {"context_tokens": "request_tokens"}
OLD_NAME_PART = "context_"  # in every old name: rows without it are left as they are, undecoded


SERDE = JsonPlusSerializer(allowed_msgpack_modules=None)  # the savers' own: LangGraph's safe types, never pickle


def renamed_value(value: Any) -> Any:
    """A stored report, point, list of points or full copy of the log, its token count under the new name."""
    if isinstance(value, DeltaSnapshot):
        return DeltaSnapshot(renamed_value(value.value))
    if isinstance(value, list):
        return [renamed_value(item) for item in value]
    if isinstance(value, dict):
        return {RENAMED_FIELDS.get(key, key): item for key, item in value.items()}
    return value


def _renamed_keys(mapping: dict[str, Any]) -> dict[str, Any]:
    return {RENAMED_CHANNELS.get(key, key): value for key, value in mapping.items()}


def renamed_checkpoint(checkpoint: dict[str, Any]) -> dict[str, Any]:
    """A checkpoint with the channels under their new names: values, versions, versions each node saw, and the
    channels its step updated."""
    renamed = dict(checkpoint)
    renamed["channel_values"] = {RENAMED_CHANNELS.get(key, key): renamed_value(value) if key in RENAMED_CHANNELS
                                 else value for key, value in (checkpoint.get("channel_values") or {}).items()}
    renamed["channel_versions"] = _renamed_keys(checkpoint.get("channel_versions") or {})
    renamed["versions_seen"] = {node: _renamed_keys(seen)
                                for node, seen in (checkpoint.get("versions_seen") or {}).items()}
    if checkpoint.get("updated_channels") is not None:
        renamed["updated_channels"] = [RENAMED_CHANNELS.get(name, name) for name in checkpoint["updated_channels"]]
    return renamed


def renamed_metadata(metadata: dict[str, Any]) -> dict[str, Any]:
    """A checkpoint's metadata with the delta channels it counts since their last full copy under the new names."""
    if not isinstance(metadata.get(COUNTERS), dict):
        return metadata
    return {**metadata, COUNTERS: _renamed_keys(metadata[COUNTERS])}


def renamed_stored_checkpoint(type_tag: str, blob: bytes) -> tuple[str, bytes]:
    """A checkpoint as SqliteSaver stores it (channel values inside), encoded again under the new names."""
    return SERDE.dumps_typed(renamed_checkpoint(SERDE.loads_typed((type_tag, blob))))


def renamed_blob(type_tag: str, blob: bytes | None) -> tuple[str, bytes | None]:
    """A stored value or write of a renamed channel, encoded again with its points' new field name."""
    if blob is None or type_tag == "empty":
        return type_tag, blob
    return SERDE.dumps_typed(renamed_value(SERDE.loads_typed((type_tag, blob))))


def rename_in_sqlite(conn: sqlite3.Connection) -> None:
    """Migration 15: the request's report and log, stored under the context's names in SqliteSaver's checkpoints
    and writes, take their own (nothing when the checkpoints are kept elsewhere)."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"checkpoints", "writes"} <= tables:
        return
    part = OLD_NAME_PART.encode()
    rows = conn.execute("SELECT rowid, type, checkpoint, metadata FROM checkpoints "
                        "WHERE instr(checkpoint, ?) > 0 OR instr(CAST(metadata AS BLOB), ?) > 0", (part, part))
    for rowid, type_tag, blob, metadata in rows.fetchall():
        text = json.dumps(renamed_metadata(json.loads(metadata))) if metadata else metadata
        conn.execute("UPDATE checkpoints SET type = ?, checkpoint = ?, metadata = ? WHERE rowid = ?",
                     (*renamed_stored_checkpoint(type_tag, blob),
                      text.encode() if isinstance(metadata, bytes) else text, rowid))
    for old, new in RENAMED_CHANNELS.items():
        for rowid, type_tag, blob in conn.execute("SELECT rowid, type, value FROM writes WHERE channel = ?",
                                                  (old,)).fetchall():
            conn.execute("UPDATE writes SET channel = ?, type = ?, value = ? WHERE rowid = ?",
                         (new, *renamed_blob(type_tag, blob), rowid))


def rename_in_postgres(conn: "psycopg.Connection[Any]") -> None:
    """Migration 18: the request's report and log, stored under the context's names in PostgresSaver's checkpoints,
    blobs and writes, take their own (nothing before its tables exist)."""
    from psycopg.rows import tuple_row  # the driver loads only with a server
    from psycopg.types.json import Jsonb

    cur = conn.cursor(row_factory=tuple_row)
    for table in ("checkpoints", "checkpoint_blobs", "checkpoint_writes"):
        if cur.execute("SELECT to_regclass(%s) IS NULL", (table,)).fetchone() != (False,):
            return
    pattern = f"%{OLD_NAME_PART}%"
    for thread_id, namespace, checkpoint_id, checkpoint, metadata in cur.execute(
            "SELECT thread_id, checkpoint_ns, checkpoint_id, checkpoint, metadata FROM checkpoints "
            "WHERE checkpoint::text LIKE %s OR metadata::text LIKE %s", (pattern, pattern)).fetchall():
        cur.execute("UPDATE checkpoints SET checkpoint = %s, metadata = %s "
                    "WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id = %s",
                    (Jsonb(renamed_checkpoint(checkpoint)), Jsonb(renamed_metadata(metadata or {})), thread_id,
                     namespace, checkpoint_id))
    for old, new in RENAMED_CHANNELS.items():
        for thread_id, namespace, version, type_tag, blob in cur.execute(
                "SELECT thread_id, checkpoint_ns, version, type, blob FROM checkpoint_blobs WHERE channel = %s",
                (old,)).fetchall():
            cur.execute("UPDATE checkpoint_blobs SET channel = %s, type = %s, blob = %s WHERE thread_id = %s "
                        "AND checkpoint_ns = %s AND channel = %s AND version = %s",
                        (new, *renamed_blob(type_tag, blob), thread_id, namespace, old, version))
        for thread_id, namespace, checkpoint_id, task_id, idx, type_tag, blob in cur.execute(
                "SELECT thread_id, checkpoint_ns, checkpoint_id, task_id, idx, type, blob FROM checkpoint_writes "
                "WHERE channel = %s", (old,)).fetchall():
            cur.execute("UPDATE checkpoint_writes SET channel = %s, type = %s, blob = %s WHERE thread_id = %s "
                        "AND checkpoint_ns = %s AND checkpoint_id = %s AND task_id = %s AND idx = %s",
                        (new, *renamed_blob(type_tag, blob), thread_id, namespace, checkpoint_id, task_id, idx))
