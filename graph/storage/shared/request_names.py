"""Sessions saved while the request's report and log were called the context's keep their token chart: each
backend's migration renames the two channels, and the token count in their points, in every stored checkpoint,
pending write and channel blob, with these (values decoded and encoded again by LangGraph's serializer)."""

from typing import Any

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.replay import COUNTERS

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
