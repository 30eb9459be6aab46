"""Decoded checkpoints are reused only for identical bytes, and callers get their own containers."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.speedups.serde_cache import MIN_CACHED_BYTES, CachingSerializer

pytestmark = pytest.mark.unit


class CountingSerializer(JsonPlusSerializer):
    def __init__(self):
        super().__init__()
        self.loads_count = 0

    def loads_typed(self, data):
        self.loads_count += 1
        return super().loads_typed(data)


SIZE = 200  # turns: a transcript of about 85 kB, above what is worth keeping decoded


def checkpoint(n: int) -> dict:
    messages = [m for i in range(n) for m in (HumanMessage(f"question {i}" * 5), AIMessage(f"answer {i}" * 5))]
    return {"id": str(n), "channel_values": {"messages": messages, "turn_count": n}}


def test_written_checkpoint_is_read_back_without_decoding():
    inner = CountingSerializer()
    serde = CachingSerializer(inner)
    stored = serde.dumps_typed(checkpoint(SIZE))
    loaded = serde.loads_typed(stored)
    assert inner.loads_count == 0
    assert loaded == checkpoint(SIZE) | {"channel_values": loaded["channel_values"]}
    assert [m.content for m in loaded["channel_values"]["messages"]] == [
        m.content for m in checkpoint(SIZE)["channel_values"]["messages"]]


def test_callers_cannot_change_the_cached_value():
    serde = CachingSerializer(CountingSerializer())
    stored = serde.dumps_typed(checkpoint(SIZE))
    first = serde.loads_typed(stored)
    first["channel_values"]["messages"].append(HumanMessage("added by a caller"))
    first["channel_values"]["turn_count"] = 999
    second = serde.loads_typed(stored)
    assert len(second["channel_values"]["messages"]) == 2 * SIZE
    assert second["channel_values"]["turn_count"] == SIZE


def test_different_bytes_are_decoded_for_real():
    inner = CountingSerializer()
    writer = CachingSerializer(JsonPlusSerializer())
    reader = CachingSerializer(inner)
    stored = writer.dumps_typed(checkpoint(SIZE + 10))
    assert reader.loads_typed(stored)["channel_values"]["turn_count"] == SIZE + 10
    assert inner.loads_count == 1
    reader.loads_typed(stored)
    assert inner.loads_count == 1


def test_a_channel_stored_on_its_own_is_kept_too():
    """PostgresSaver writes each channel apart: the transcript is a list, read back without decoding."""
    inner = CountingSerializer()
    serde = CachingSerializer(inner)
    history = [{"turns": [n], "summary": f"summary {n} " * 40} for n in range(1, 300)]
    stored = serde.dumps_typed(checkpoint(SIZE)["channel_values"]["messages"])
    records = serde.dumps_typed(history)
    messages = serde.loads_typed(stored)
    assert inner.loads_count == 0 and [m.content for m in messages] == [
        m.content for m in checkpoint(SIZE)["channel_values"]["messages"]]
    messages.append(HumanMessage("added by a caller"))
    serde.loads_typed(records)[0]["summary"] = "changed by a caller"
    assert len(serde.loads_typed(stored)) == 2 * SIZE
    assert serde.loads_typed(records) == history and inner.loads_count == 0


def test_small_values_are_not_kept_and_never_push_out_a_large_one(monkeypatch):
    """A turn writes many small values after its checkpoint: they decode fast and are not kept."""
    monkeypatch.setattr("graph.storage.speedups.serde_cache.CACHED_BYTES", 300_000)
    inner = CountingSerializer()
    serde = CachingSerializer(inner)
    stored = serde.dumps_typed(checkpoint(SIZE))
    assert MIN_CACHED_BYTES < len(stored[1]) < 150_000
    small = [serde.dumps_typed([f"write {n} " * 500]) for n in range(40)]  # 40 values of 4 kB
    serde.loads_typed(stored)
    assert inner.loads_count == 0
    serde.loads_typed(small[0])
    assert inner.loads_count == 1  # decoded, not kept
    for n in range(4):
        serde.dumps_typed([f"other {n} " * 10_000])  # 4 x 80 kB: now the checkpoint is the oldest past the budget
    serde.loads_typed(stored)
    assert inner.loads_count == 2


def test_a_delta_channels_full_copy_is_kept():
    """PostgresSaver stores a delta channel's full copy as a blob of its own: read back without decoding."""
    inner = CountingSerializer()
    serde = CachingSerializer(inner)
    copy = DeltaSnapshot(checkpoint(SIZE)["channel_values"]["messages"])
    stored = serde.dumps_typed(copy)
    loaded = serde.loads_typed(stored)
    assert inner.loads_count == 0 and isinstance(loaded, DeltaSnapshot) and len(loaded.value) == 2 * SIZE
    loaded.value.append(HumanMessage("added by a caller"))
    assert len(serde.loads_typed(stored).value) == 2 * SIZE
