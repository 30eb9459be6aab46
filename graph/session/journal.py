"""A write-ahead note of the message being answered, so a crash mid-turn never loses it.

A turn saves its checkpoint once, when it ends; until then the person's message lives only in
the storage's journal (one small row). A run that ended, failed or was stopped has saved it; after
a crash, the note puts the message back, ready for Retry.
"""

import uuid

from langchain_core.messages import HumanMessage

from graph.session.configs import FORK, thread_config, turn_config
from graph.session.run import TurnRunner
from graph.storage import Storage
from state.messages import message_text

TURN_INPUT_KEYS = ("messages", "session_id", "compression_rate", "turn_count", "pinned", "feedback", "summary_history",
                   "consolidated")


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


def restore_pending(runner: TurnRunner, storage: Storage, session_id: str) -> bool:
    """Put the message a crash left in the journal back into the session, ready for Retry, and clear the journal;
    True when there was one to put back. The caller holds the session's lock."""
    pending = read_pending(storage, session_id)
    if pending is None:
        return False
    fork = pending.get(FORK)  # a new line's first message goes back on that line, unless the line was saved
    restored = (not runner.has_line(session_id, str(fork.get("branch") or "")) if fork else
                not runner.has_message(session_id, pending["messages"][0].id))  # a regenerate's has the old id
    if restored:
        values = {key: pending[key] for key in TURN_INPUT_KEYS if key in pending}  # older rows held more
        runner.put_input(turn_config(session_id, pending.get("turn_count") or 0, fork) if fork else
                         thread_config(session_id), values)
    storage.journal_clear(session_id)
    return restored
