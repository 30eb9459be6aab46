"""The growing parts of a session's state kept as LangGraph delta channels: each checkpoint stores only what a
step wrote, and a full copy every so many updates, so saving and loading a turn cost the same at any length."""

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, BaseMessageChunk, message_chunk_to_message
from langgraph.channels.delta import DeltaChannel

# A full copy after this many steps that wrote the channel, or, once the list is long, after as many steps as
# a COPY_SHARE-th of its items. A turn writes the transcript about twice, so a short one is copied about every
# 20 turns; the summaries (one every third turn) and the context log (a point a turn) a little more often, so
# the oldest copy a load needs is most often the transcript's.
TRANSCRIPT_SNAPSHOT_UPDATES = 40
RECORDS_SNAPSHOT_UPDATES = 5
LOG_SNAPSHOT_UPDATES = 15
COPY_SHARE = 30


class GrowingDeltaChannel(DeltaChannel):
    """A delta channel whose full copies are spaced by the list's length: a copy costs (to encode, store and read
    back) what the whole list does, so copying it after a share of its length in updates keeps the cost per turn
    the same at any length, and a load still replays at most about that share of the list since the copy."""

    __slots__ = ("least_frequency",)

    @property
    def snapshot_frequency(self) -> int:
        items = len(self.value) if isinstance(self.value, list) else 0
        return max(self.least_frequency, items // COPY_SHARE)

    @snapshot_frequency.setter
    def snapshot_frequency(self, updates: int) -> None:
        self.least_frequency = updates

    def copy(self) -> "GrowingDeltaChannel":
        new = super().copy()
        new.least_frequency = self.least_frequency  # LangGraph's copy passes on the spacing of this length
        return new

    def from_checkpoint(self, checkpoint: Any) -> "GrowingDeltaChannel":
        new = super().from_checkpoint(checkpoint)
        new.least_frequency = self.least_frequency
        return new


def _flat(writes: Sequence[Any]) -> list[Any]:
    """The items of a batch of writes, each write a list or a single item."""
    return [item for write in writes for item in (write if isinstance(write, list) else [write])]


def append_messages(state: list[BaseMessage], writes: Sequence[Any]) -> list[BaseMessage]:
    """`add_messages` for a batch of writes: a message with a known id replaces it, `RemoveMessage` removes it,
    the rest are appended; a streamed chunk is kept as the whole message it ends as. Applied by the storage's
    speed-up for appends, imported at the first write (storage's package imports `state`, so not before)."""
    from graph.storage.speedups.transcript_ids import appended

    return appended(state, [message_chunk_to_message(item) if isinstance(item, BaseMessageChunk) else item
                            for item in _flat(writes)])


def upsert_records(state: list[dict], writes: Sequence[Any]) -> list[dict]:
    """Summary records by the turns they cover: a record for the same turns (and level) replaces the earlier
    one, a new one is added; oldest turns first. Writing the whole list again changes nothing."""
    merged = {record_key(record): record for record in state or []}
    merged.update((record_key(record), record) for record in _flat(writes))
    return sorted(merged.values(), key=lambda record: (record["turns"][0], record.get("level", 1)))


def record_key(record: dict) -> tuple[int, int, int]:
    """What identifies a summary record: its level and the span of turns it covers."""
    turns = record["turns"]
    return record.get("level", 1), turns[0], turns[-1]


def transcript_channel() -> DeltaChannel:
    return GrowingDeltaChannel(append_messages, list, snapshot_frequency=TRANSCRIPT_SNAPSHOT_UPDATES)


def records_channel() -> DeltaChannel:
    return GrowingDeltaChannel(upsert_records, list, snapshot_frequency=RECORDS_SNAPSHOT_UPDATES)
