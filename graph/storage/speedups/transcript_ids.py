"""The transcript's writes applied without reading every id again: appending new messages (what nearly every write
does) checks only their ids against the remembered ids of the list it extends; anything else goes to LangGraph's
own batch reducer.

Ids are kept by the length and last message of the list: LangGraph copies a channel's list between steps and the
replay cache hands out copies, and a shallow copy holds the same messages, so it finds the same ids. The
transcript's channel in `state` applies its writes here; nothing here imports `state`."""

import operator
import threading
from collections import OrderedDict
from typing import Any, cast

from langchain_core.messages import BaseMessage, RemoveMessage

from graph.storage.langgraph_private import messages_delta_reducer

IDS_KEPT = 16

_IDS: OrderedDict[tuple[int, int], tuple[list[BaseMessage], dict[str, None]]] = OrderedDict()
_IDS_LOCK = threading.Lock()


def appended(state: list[BaseMessage], messages: list[Any]) -> list[BaseMessage]:
    """`add_messages` for one batch of messages: a message with a known id replaces it, `RemoveMessage` removes
    it, the rest are appended."""
    ids = _known_ids(state)
    new_ids = _new_ids(messages, ids) if ids is not None else None
    if ids is not None and new_ids is not None:
        result = [*state, *messages]
        _remember_ids(result, {**ids, **new_ids})
        return result
    result = cast(list[BaseMessage], messages_delta_reducer(cast(Any, state), [cast(Any, messages)]))
    _remember_ids(result, None)
    return result


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
    return len(messages), id(messages[-1])


def _known_ids(state: list[BaseMessage]) -> dict[str, None] | None:
    """The message ids of a transcript: remembered for a list this reducer returned (or a copy of one), else
    read (None: a message without an id, which only the full reducer handles)."""
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
