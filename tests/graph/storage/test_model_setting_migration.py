"""A database made before sessions chose their model opens with every session on the app's default model and its
other settings kept, on both backends."""

import sqlite3
from contextlib import closing

import psycopg
import pytest

from graph.storage.postgres import schema as postgres_schema
from graph.storage.sqlite import schema as sqlite_schema
from state.session import SessionSettings
from tests.conftest import open_database

pytestmark = pytest.mark.storage

BEFORE_MODELS = {"sqlite": 8, "postgres": 11}  # the migrations before the one that added the model column
ROW = ("old", "", "Answer briefly.", "sliding_window", 0.2)
INSERT = "INSERT INTO chat_sessions (thread_id, updated_at, system_prompt, context_policy, compression_rate) " \
         "VALUES ({0}, {0}, {0}, {0}, {0})"


@pytest.fixture
def before_models(backend: str, database: str) -> str:
    """The database as the version before the model column left it, with one session's settings."""
    if backend == "sqlite":
        with closing(sqlite3.connect(database)) as conn:
            sqlite_schema.migrate(conn, BEFORE_MODELS["sqlite"])
            conn.execute(INSERT.format("?"), ROW)
            conn.commit()
    else:
        with psycopg.connect(database, autocommit=True) as conn:
            postgres_schema.migrate(conn, BEFORE_MODELS["postgres"])
            conn.execute(INSERT.format("%s"), ROW)
    return database


def test_older_sessions_answer_with_the_default_model_and_keep_their_settings(before_models: str):
    storage = open_database(before_models)
    try:
        assert storage.load_settings("old") == SessionSettings(system_prompt="Answer briefly.",
                                                               context_policy="sliding_window", compression_rate=0.2)
        storage.save_settings("old", SessionSettings(model="model-b"))
        assert storage.load_settings("old").model == "model-b"
    finally:
        storage.close()
