"""Every storage test runs on both backends (the `backend` and `database` fixtures of tests/conftest.py)."""

from collections.abc import Iterator

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.base import empty_checkpoint

from graph.storage import Storage
from graph.storage.postgres import PostgresStorage
from tests.conftest import open_database


@pytest.fixture
def storage(database: str) -> Iterator[Storage]:
    """A storage with its own checkpointer on an empty database."""
    opened = open_database(database)
    yield opened
    opened.close()


def put_checkpoint(storage: Storage, session_id: str) -> None:
    """One checkpoint with a stored value and a pending write, as a turn leaves them."""
    checkpoint = empty_checkpoint()
    checkpoint["channel_values"] = {"messages": [HumanMessage("hello"), AIMessage("hi")]}
    checkpoint["channel_versions"] = {"messages": 1}
    config = {"configurable": {"thread_id": session_id, "checkpoint_ns": ""}}
    saved = storage.saver.put(config, checkpoint, {"source": "input", "step": 1}, {"messages": 1})
    storage.saver.put_writes(saved, [("messages", [AIMessage("pending")])], "task-1")


def count_rows(storage: Storage, session_id: str) -> dict[str, int]:
    """Rows of a session in every table of the backend, checkpoints included."""
    if isinstance(storage, PostgresStorage):
        tables = ["checkpoints", "checkpoint_blobs", "checkpoint_writes", "chat_sessions", "summary_prefetch",
                  "turn_journal", "documents", "document_chunks", "recall_turns"]
        with storage.db.cursor(transaction=False) as cur:
            return {table: cur.execute(f"SELECT count(*) AS n FROM {table} WHERE thread_id = %s",
                                       (session_id,)).fetchone()["n"] for table in tables}
    tables = {"checkpoints": "checkpoints", "writes": "writes", "chat_sessions": "chat_sessions",
              "summary_prefetch": "summary_prefetch", "turn_journal": "turn_journal", "documents": "documents",
              "document_chunks": "document_chunks", "recall_turns": "recall_items"}
    conn = storage.db.conn
    return {name: conn.execute(f"SELECT count(*) FROM {table} WHERE thread_id = ?", (session_id,)).fetchone()[0]
            for name, table in tables.items()}
