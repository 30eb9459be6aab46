"""The growing parts of a session's state kept as LangGraph delta channels: each checkpoint stores only what a
step wrote, and a full copy every so many updates, so saving and loading a turn cost the same at any length."""

import operator
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from langchain_core.messages import (
    BaseMessage,
    BaseMessageChunk,
    RemoveMessage,
    convert_to_messages,
    message_chunk_to_message,
)
from langgraph.channels.delta import DeltaChannel
from langgraph.graph.message import REMOVE_ALL_MESSAGES

if TYPE_CHECKING:  # the state's module builds its channels here, so its record type is named for the checker only
    from state.chat_state import SummaryRecord

# A full copy after this many steps that wrote the channel, or, once the list is long, after as many steps as
# a COPY_SHARE-th of its items. A turn writes the transcript about twice, so a short one is copied about every
# 20 turns; the summaries (one every third turn) and the request log (a point a turn) a little more often, so
# the oldest copy a load needs is most often the transcript's.
TRANSCRIPT_SNAPSHOT_UPDATES = 40
RECORDS_SNAPSHOT_UPDATES = 5
LOG_SNAPSHOT_UPDATES = 15
COPY_SHARE = 30
IDS_KEPT = 16  # the transcripts whose message ids are remembered

_IDS: OrderedDict[tuple[int, int], tuple[list[BaseMessage], dict[str, None]]] = OrderedDict()
_IDS_LOCK = threading.Lock()


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
    the rest are appended; a streamed chunk is kept as the whole message it ends as.

    Appending new messages (what nearly every write does) checks only their ids against the remembered ids of the
    list it extends, so a long transcript's ids are not read again at every write; anything else is merged by
    LangGraph's rule for a batch of messages (`merged_messages`)."""
    messages = [message_chunk_to_message(item) if isinstance(item, BaseMessageChunk) else item
                for item in _flat(writes)]
    ids = _known_ids(state)
    new_ids = _new_ids(messages, ids) if ids is not None else None
    if ids is not None and new_ids is not None:
        result = [*state, *messages]
        _remember_ids(result, {**ids, **new_ids})
        return result
    result = merged_messages(state, messages)
    _remember_ids(result, None)
    return result


def merged_messages(state: list[Any], messages: list[Any]) -> list[BaseMessage]:
    """LangGraph's batch rule for a delta channel of messages: after the last `REMOVE_ALL_MESSAGES` only what
    follows it counts, a message with a known id replaces it, `RemoveMessage` removes it (an unknown id is
    ignored), the rest are appended; raw dicts, strings and tuples become messages."""
    known = state if state and isinstance(state[0], BaseMessage) else convert_to_messages(state)
    batch = convert_to_messages(messages)
    for index in range(len(batch) - 1, -1, -1):
        if isinstance(batch[index], RemoveMessage) and batch[index].id == REMOVE_ALL_MESSAGES:
            known, batch = [], batch[index + 1:]
            break
    where = {message.id: place for place, message in enumerate(known) if message.id is not None}
    result: list[BaseMessage | None] = list(known)
    for message in batch:
        if message.id is None:
            result.append(message)
        elif isinstance(message, RemoveMessage):
            if message.id in where:
                result[where.pop(message.id)] = None
        elif message.id in where:
            result[where[message.id]] = message
        else:
            where[message.id] = len(result)
            result.append(message)
    return [message for message in result if message is not None]


def _new_ids(messages: list[Any], known: dict[str, None]) -> dict[str, None] | None:
    """The ids of messages that are all new, distinct and not removals (None when any is not)."""
    ids: dict[str, None] = {}
    for message in messages:
        if not isinstance(message, BaseMessage) or isinstance(message, RemoveMessage) or not message.id \
                or message.id in known or message.id in ids:
            return None
        ids[message.id] = None
    return ids


def _index_key(messages: list[BaseMessage]) -> tuple[int, int]:
    """Ids are kept by the length and last message of the list: LangGraph copies a channel's list between steps
    and the checkpoint's replayed values are handed out as copies, and a shallow copy holds the same messages, so
    it finds the same ids."""
    return len(messages), id(messages[-1])


def _known_ids(state: list[BaseMessage]) -> dict[str, None] | None:
    """The message ids of a transcript: remembered for a list this reducer returned (or a copy of one), else
    read (None: a message without an id, which only the full merge handles)."""
    if not state:
        return {}
    with _IDS_LOCK:
        known = _IDS.get(_index_key(state))
    if known is not None and all(map(operator.is_, known[0], state)):
        return known[1]
    if not isinstance(state[0], BaseMessage) or any(not m.id for m in state):
        return None
    ids: dict[str, None] = {m.id: None for m in state}  # type: ignore[misc]
    _remember_ids(state, ids)  # a full copy is replayed from again and again
    return ids


def _remember_ids(result: list[BaseMessage], ids: dict[str, None] | None) -> None:
    if not result:
        return
    if ids is None:
        if any(not m.id for m in result):
            return
        ids = {m.id: None for m in result}  # type: ignore[misc]
    with _IDS_LOCK:  # the list is held, so the ids of its messages cannot be reused while remembered
        _IDS[_index_key(result)] = (list(result), ids)
        while len(_IDS) > IDS_KEPT:
            _IDS.popitem(last=False)


def upsert_records(state: list["SummaryRecord"], writes: Sequence[Any]) -> list["SummaryRecord"]:
    """Summary records by the turns they cover: a record for the same turns (and level) replaces the earlier
    one, a new one is added; oldest turns first. Writing the whole list again changes nothing."""
    merged = {record_key(record): record for record in state or []}
    merged.update((record_key(record), record) for record in _flat(writes))
    return sorted(merged.values(), key=lambda record: (record["turns"][0], record.get("level", 1)))


def record_key(record: "SummaryRecord") -> tuple[int, int, int]:
    """What identifies a summary record: its level and the span of turns it covers."""
    turns = record["turns"]
    return record.get("level", 1), turns[0], turns[-1]


def transcript_channel() -> DeltaChannel:
    return GrowingDeltaChannel(append_messages, list, snapshot_frequency=TRANSCRIPT_SNAPSHOT_UPDATES)


def records_channel() -> DeltaChannel:
    return GrowingDeltaChannel(upsert_records, list, snapshot_frequency=RECORDS_SNAPSHOT_UPDATES)
