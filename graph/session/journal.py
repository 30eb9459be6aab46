"""A write-ahead note of the message being answered, so a crash mid-turn never loses it.

A turn saves its checkpoint once, when it ends; until then the person's message lives only in
the storage's journal (one small row). A run that ended, failed or was stopped has saved it.
"""

import uuid

from langchain_core.messages import HumanMessage

from graph.storage import Storage
from state.messages import message_text


def write_pending(storage: Storage, session_id: str, payload: dict) -> None:
    """Keep the turn's input, its message as plain text with its id."""
    message = payload["messages"][0]
    storage.journal_write(session_id, {**payload, "messages": [{"id": message.id, "text": message_text(message)}]})


def read_pending(storage: Storage, session_id: str) -> dict | None:
    """The input of a turn a crash left unsaved, its message rebuilt."""
    row = storage.journal_read(session_id)
    if row is None:
        return None
    message = row["messages"][0]
    return {**row, "messages": [HumanMessage(message["text"], id=message["id"])]}


def with_message_id(payload: dict) -> dict:
    """The payload with an id on its message, so a saved checkpoint can be checked for it."""
    message = payload["messages"][0]
    if message.id:
        return payload
    return {**payload, "messages": [message.model_copy(update={"id": str(uuid.uuid4())})]}
