"""Every storage test runs on both backends: the SQLite file and a fresh PostgreSQL database."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.base import empty_checkpoint

from graph.engine import Engine, assemble
from graph.models import ModelProfile, Models
from graph.settings import Settings
from graph.storage import Storage, open_storage
from graph.storage.postgres import PostgresStorage
from graph.storage.postgres import create_checkpointer as postgres_checkpointer
from graph.storage.sqlite import create_checkpointer as sqlite_checkpointer
from tests.fakes import ScriptedChatModel, summary_reply

BACKENDS = ["sqlite", "postgres"]
PROFILE = ModelProfile(label="fake", provider="remote", streaming=True, tools=True, structured_output=True,
                       context_window=128_000)


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """The name of the backend a test runs on."""
    return request.param


@pytest.fixture
def database(backend: str, tmp_path: Path, request) -> str:
    """Where the backend keeps its data: a SQLite file path or a PostgreSQL URL."""
    if backend == "postgres":
        return request.getfixturevalue("postgres_url")
    return str(tmp_path / "chat.sqlite")


def open_backend(backend: str, database: str) -> Storage:
    """The storage the app would open for these settings."""
    return open_storage("", database) if backend == "postgres" else open_storage(database)


@pytest.fixture
def storage(backend: str, database: str) -> Iterator[Storage]:
    """A storage with its own checkpointer on an empty database."""
    opened = open_backend(backend, database)
    yield opened
    opened.close()


def make_engine(backend: str, database: str, tmp_path: Path, chat: ScriptedChatModel | None = None) -> Engine:
    """An engine assembled as the app assembles it, on fake models and the backend's checkpointer."""
    chat = chat or ScriptedChatModel()
    models = Models(chat=chat, summary=ScriptedChatModel(reply=summary_reply), profile=PROFILE)
    if backend == "postgres":
        return assemble(Settings(db_path=str(tmp_path / "unused.sqlite")), postgres_checkpointer(database), models)
    return assemble(Settings(db_path=database), sqlite_checkpointer(database), models)


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
