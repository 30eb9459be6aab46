"""Every storage test runs on both backends (the `backend` and `database` fixtures of tests/conftest.py)."""

import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import Field, fields
from pathlib import Path

import psycopg
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.memory import InMemorySaver

from graph.engine import Engine
from graph.storage import Storage, storage_for
from graph.storage.postgres import POSTGRES, PostgresStorage
from graph.storage.postgres import schema as postgres_schema
from graph.storage.shared.dialect import Rows
from graph.storage.sqlite import SQLITE
from graph.storage.sqlite import schema as sqlite_schema
from state.session import SessionSettings
from tests.conftest import make_engine, open_database
from tests.fakes.models import ScriptedChatModel, summary_reply

Fill = Callable[[Rows, str], None]  # writes an older release's rows, given the backend's name
DATA = Path(__file__).parent / "data"  # databases earlier releases wrote: NAME.sqlite, and NAME.postgres.sql (pg_dump)


@pytest.fixture
def storage(database: str) -> Iterator[Storage]:
    """A storage with its own checkpointer on an empty database."""
    opened = open_database(database)
    yield opened
    opened.close()


@pytest.fixture
def beside_memory(backend: str, database: str) -> Iterator[Storage]:
    """A storage whose checkpoints are kept elsewhere (in memory), as tests and tools run the graph."""
    if backend == "sqlite":
        opened = storage_for(InMemorySaver(), database)
    else:
        opened = storage_for(InMemorySaver(), "", database)
    yield opened
    opened.close()


@contextmanager
def earlier_schema(backend: str, database: str, version: int) -> Iterator[Rows]:
    """The database at schema `version`, as an older release left it, and a cursor on it that takes statements
    written with `?` on both backends; what they write is committed at the end."""
    if backend == "sqlite":
        with closing(sqlite3.connect(database)) as conn:
            assert sqlite_schema.migrate(conn, version) == version
            yield Rows(conn.cursor(), SQLITE)
            conn.commit()
        return
    with psycopg.connect(database, autocommit=True) as conn:
        assert postgres_schema.migrate(conn, version) == version
        with conn.cursor() as cur:
            yield Rows(cur, POSTGRES)


def restored_release(name: str, backend: str, database: str, request: pytest.FixtureRequest) -> str:
    """The database an earlier release wrote (`DATA/name.*`), restored where the test keeps its data."""
    if backend == "sqlite":
        shutil.copy(DATA / f"{name}.sqlite", database)
        return database
    psql = request.getfixturevalue("postgres_server").binaries / "psql"
    subprocess.run([str(psql), "--quiet", "--set", "ON_ERROR_STOP=1", "--dbname", database, "--file",
                    str(DATA / f"{name}.postgres.sql")], check=True, capture_output=True)
    return database


def answering_engine(database: str) -> Engine:
    """The engine on a database, with a model that answers every question by naming it."""
    answering = ScriptedChatModel(reply=lambda messages: AIMessage(f"Answer about {messages[-1].content}"))
    return make_engine(database, answering, ScriptedChatModel(reply=summary_reply), context_window=8192)


@pytest.fixture
def migrated_from(backend: str, database: str) -> Iterator[Callable[[dict[str, int], Fill], Storage]]:
    """Opens the database after `fill` wrote an older release's rows at that release's schema version (given per
    backend), so the current storage migrates it as it opens."""
    opened: list[Storage] = []

    def open_after(versions: dict[str, int], fill: Fill) -> Storage:
        with earlier_schema(backend, database, versions[backend]) as rows:
            fill(rows, backend)
        opened.append(open_database(database))
        return opened[-1]

    yield open_after
    for storage in opened:
        storage.close()


def put_checkpoint(storage: Storage, session_id: str, step: int = 1, metadata: dict | None = None) -> None:
    """One checkpoint with a stored value and a pending write, as a turn leaves them."""
    checkpoint = empty_checkpoint()
    checkpoint["channel_values"] = {"messages": [HumanMessage("hello"), AIMessage("hi")]}
    checkpoint["channel_versions"] = {"messages": 1}
    config = {"configurable": {"thread_id": session_id, "checkpoint_ns": ""}}
    saved = storage.saver.put(config, checkpoint, {"source": "loop", "step": step, **(metadata or {})},
                              {"messages": 1})
    storage.saver.put_writes(saved, [("messages", [AIMessage("pending")])], "task-1")


def count_rows(storage: Storage, session_id: str) -> dict[str, int]:
    """Rows of a session in every table of the backend that has a thread_id column, checkpoints included,
    found in the database's own catalog so that no table is forgotten; read on a connection of its own,
    so only what was committed counts."""
    if isinstance(storage, PostgresStorage):
        with storage.db.cursor(transaction=False) as cur:
            tables = [row["table_name"] for row in cur.execute(
                "SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t "
                "USING (table_schema, table_name) WHERE c.column_name = 'thread_id' "
                "AND t.table_type = 'BASE TABLE' AND c.table_schema = current_schema()")]
            return {table: cur.execute(f"SELECT count(*) AS n FROM {table} WHERE thread_id = %s",
                                       (session_id,)).fetchone()["n"] for table in tables}
    with closing(sqlite3.connect(storage.path)) as conn:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                  if "thread_id" in {column[1] for column in conn.execute(f"PRAGMA table_info({row[0]})")}]
        return {table: conn.execute(f"SELECT count(*) FROM {table} WHERE thread_id = ?", (session_id,)).fetchone()[0]
                for table in tables}


OF_THEIR_FORM = {"time_zone": "Asia/Seoul"}  # a text setting that takes only names of a kind: one of them


def every_setting_changed() -> SessionSettings:
    """Settings with every field of SessionSettings unlike its default (a field added later included), each within
    its bounds, so a round trip shows that storage keeps every one."""
    def unlike(field: Field) -> object:
        default = field.default
        if isinstance(default, bool):
            return not default
        if isinstance(default, float):
            return default / 2
        if isinstance(default, int):
            return default + 500
        return OF_THEIR_FORM.get(field.name, f"{field.name}: 한 줄, one line")
    chosen = SessionSettings(**{field.name: unlike(field) for field in fields(SessionSettings)})
    assert all(getattr(chosen, field.name) != field.default for field in fields(SessionSettings))
    return chosen
