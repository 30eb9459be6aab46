"""An old database's vectors, made by an earlier sentence model, are dropped and embedded again, on both backends."""

import json

import numpy as np
import pytest

from graph.recall.embeddings import DIMENSIONS, from_bytes, to_bytes
from graph.recall.index import RecallIndex
from graph.recall.vectors import record_texts, turn_vectors
from graph.storage.shared.dialect import Rows

pytestmark = pytest.mark.storage

BEFORE_MODEL = {"sqlite": 13, "postgres": 16}  # the schema whose vectors the earlier model made
TURNS = [(1, {"user": "My sister Jiwoo opened a bakery in Busan.", "assistant": "That's wonderful!"}),
         (2, {"user": "지우가 부산에서 빵집을 열었어", "assistant": "좋겠다"}),
         (3, {"user": "我妹妹在成都开了一家面包店", "assistant": "真好"})]


def earlier_vector(turn: int) -> bytes:
    """A turn's vectors as the earlier model left them: rows of the same size, in another model's space."""
    return to_bytes(np.random.default_rng(turn).standard_normal((3, DIMENSIONS)).astype(np.float32))


def before_model(rows: Rows, backend: str) -> None:
    """The database as the code before the multilingual model left it: each turn with its earlier vectors."""
    rows.executemany("INSERT INTO recall_turns (thread_id, turn, day, record, tokens, vector) "
                     "VALUES ('a', ?, '2025-01-01', ?, 10, ?)",
                     [(turn, json.dumps(record, ensure_ascii=False), earlier_vector(turn)) for turn, record in TURNS])
    rows.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('a', '')")


@pytest.fixture
def migrated(migrated_from):
    """The older database, opened (and so migrated) by the current storage."""
    return migrated_from(BEFORE_MODEL, before_model)


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
