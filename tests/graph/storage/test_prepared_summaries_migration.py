"""A database whose summaries prepared ahead wait in the table's old name keeps them when it opens: a turn still
takes the one prepared for it, on both backends, and the ones prepared after wait beside it."""

import json

import pytest

from graph.storage.shared.dialect import Rows

pytestmark = pytest.mark.storage

BEFORE_RENAME = {"sqlite": 17, "postgres": 22}  # the schema before the table was named for what it holds
RECORD = {"thread_id": "a", "turns": [1, 2, 3], "turn_length": 3, "original_chars": 300, "summary_chars": 90,
          "compression_rate": 0.3, "summary": "Mina moved to Busan."}


def before_rename(rows: Rows, backend: str) -> None:
    """The database as the code before the rename left it: a summary prepared ahead for session a's next turn."""
    rows.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('a', '')")
    rows.execute("INSERT INTO summary_prefetch (key, thread_id, record, created_at) VALUES ('k1', 'a', ?, '')",
                 (json.dumps(RECORD),))


@pytest.fixture
def migrated(migrated_from):
    """The older database, opened (and so migrated) by the current storage."""
    return migrated_from(BEFORE_RENAME, before_rename)


def test_a_summary_prepared_before_is_taken_after(migrated):
    assert migrated.prepared_has("k1")
    assert migrated.prepared_take("k1") == RECORD
    assert not migrated.prepared_has("k1")


def test_summaries_prepared_after_wait_beside_it_and_go_with_their_turns(migrated):
    migrated.prepared_put("k2", "a", {**RECORD, "turns": [4, 5, 6], "summary": "Mina opened a cafe."})
    assert migrated.prepared_drop_from("a", 4) == 1
    assert migrated.prepared_has("k1") and not migrated.prepared_has("k2")
    migrated.delete_session("a")
    assert not migrated.prepared_has("k1")
