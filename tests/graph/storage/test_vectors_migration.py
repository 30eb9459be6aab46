"""An old database's vectors, made by an earlier sentence model, are dropped and embedded again, on both backends."""

import json
import sqlite3
from contextlib import closing

import numpy as np
import psycopg
import pytest

from graph.recall.embeddings import DIMENSIONS, from_bytes, to_bytes
from graph.recall.index import RecallIndex
from graph.recall.vectors import record_texts, turn_vectors
from graph.storage.postgres import schema as postgres_schema
from graph.storage.sqlite import schema as sqlite_schema
from tests.conftest import open_database

pytestmark = pytest.mark.storage

BEFORE_MODEL = {"sqlite": 13, "postgres": 16}  # the schema whose vectors the earlier model made
TURNS = [(1, {"user": "My sister Jiwoo opened a bakery in Busan.", "assistant": "That's wonderful!"}),
         (2, {"user": "지우가 부산에서 빵집을 열었어", "assistant": "좋겠다"}),
         (3, {"user": "我妹妹在成都开了一家面包店", "assistant": "真好"})]


def earlier_vector(turn: int) -> bytes:
    """A turn's vectors as the earlier model left them: rows of the same size, in another model's space."""
    return to_bytes(np.random.default_rng(turn).standard_normal((3, DIMENSIONS)).astype(np.float32))


def rows() -> list[tuple]:
    """The rows of the recall table, each turn with its earlier vectors."""
    return [(turn, json.dumps(record, ensure_ascii=False), earlier_vector(turn)) for turn, record in TURNS]


def before_model_sqlite(path: str) -> None:
    """The SQLite file as the code before the multilingual model left it."""
    with closing(sqlite3.connect(path)) as conn:
        assert sqlite_schema.migrate(conn, BEFORE_MODEL["sqlite"]) == BEFORE_MODEL["sqlite"]
        conn.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, vector) "
                         "VALUES ('a', ?, '2025-01-01', ?, 10, ?)", rows())
        conn.execute("INSERT INTO chat_sessions (thread_id, updated_at, settings) VALUES ('a', '', '{}')")
        conn.commit()


def before_model_postgres(url: str) -> None:
    """The PostgreSQL database as the code before the multilingual model left it."""
    with psycopg.connect(url, autocommit=True) as conn:
        assert postgres_schema.migrate(conn, BEFORE_MODEL["postgres"]) == BEFORE_MODEL["postgres"]
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, vector) "
                            "VALUES ('a', %s, '2025-01-01', %s, 10, %s)", rows())
            cur.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('a', '')")


@pytest.fixture
def migrated(backend: str, database: str):
    """The older database, opened (and so migrated) by the current storage."""
    (before_model_sqlite if backend == "sqlite" else before_model_postgres)(database)
    storage = open_database(database)
    yield storage
    storage.close()


def stored(storage) -> dict[int, bytes]:
    return {turn: blob for turn, blob, *_ in storage.recall_vectors("a", 0)}


def test_the_earlier_models_vectors_are_gone_and_the_turns_kept(migrated):
    assert all(from_bytes(blob) is None for blob in stored(migrated).values())
    assert sorted(migrated.recall_records("a", [1, 2, 3])) == [1, 2, 3]


def test_recall_embeds_the_stored_turns_again_in_the_current_model(migrated):
    assert RecallIndex(migrated).backfill("a") == len(TURNS)
    records = migrated.recall_records("a", [1, 2, 3])
    expected = turn_vectors([record_texts(records[turn]) for turn in (1, 2, 3)])
    assert expected is not None
    for turn, blob in stored(migrated).items():
        assert blob == to_bytes(expected[turn - 1])
        assert blob != earlier_vector(turn)
