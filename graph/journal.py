"""A write-ahead note of the message being answered, so a crash mid-turn never loses it.

A turn saves its checkpoint once, when it ends; until then the person's message lives only here
(one small row). A run that ended normally, failed or was stopped has saved it, and the row goes.
"""

import json
import uuid
from datetime import datetime, timezone

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph.state import CompiledStateGraph

from graph.context import message_text

JOURNAL_TABLE = """
CREATE TABLE IF NOT EXISTS turn_journal (
    thread_id TEXT PRIMARY KEY,
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL
)
"""


class TurnJournal:
    """One pending turn input per session, in the same database as the checkpoints."""

    def __init__(self, saver: SqliteSaver) -> None:
        self.saver = saver

    def write(self, thread_id: str, payload: dict) -> None:
        message = payload["messages"][0]
        row = {**payload, "messages": [{"id": message.id, "text": message_text(message)}]}
        with self.saver.cursor() as cur:
            cur.execute(
                "INSERT OR REPLACE INTO turn_journal (thread_id, payload, created_at) VALUES (?, ?, ?)",
                (thread_id, json.dumps(row, ensure_ascii=False), datetime.now(timezone.utc).isoformat()),
            )

    def read(self, thread_id: str) -> dict | None:
        with self.saver.cursor(transaction=False) as cur:
            row = cur.execute("SELECT payload FROM turn_journal WHERE thread_id = ?", (thread_id,)).fetchone()
        if row is None:
            return None
        payload = json.loads(row[0])
        message = payload["messages"][0]
        return {**payload, "messages": [HumanMessage(message["text"], id=message["id"])]}

    def clear(self, thread_id: str) -> None:
        with self.saver.cursor() as cur:
            cur.execute("DELETE FROM turn_journal WHERE thread_id = ?", (thread_id,))


def journal_for(graph: CompiledStateGraph) -> TurnJournal | None:
    """The journal of a graph saved in SQLite; in-memory graphs need none."""
    saver = graph.checkpointer
    return TurnJournal(saver) if isinstance(saver, SqliteSaver) else None


def with_message_id(payload: dict) -> dict:
    """The payload with an id on its message, so a saved checkpoint can be checked for it."""
    message = payload["messages"][0]
    if message.id:
        return payload
    return {**payload, "messages": [message.model_copy(update={"id": str(uuid.uuid4())})]}
