"""PreparedSummaries: summaries prepared ahead wait under their key until taken, alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage


def test_cache_put_has_take(storage: Storage):
    record = {"turns": [4, 5, 6], "summary": "요약", "compression_rate": 0.3, "level": 1}
    assert not storage.prepared_has("k")
    assert storage.prepared_take("k") is None
    storage.prepared_put("k", "s", record)
    assert storage.prepared_has("k")
    storage.prepared_put("k", "s", {**record, "summary": "newer"})
    taken = storage.prepared_take("k")
    assert taken == {**record, "summary": "newer"}
    assert list(taken) == list(record)  # key order kept: records are quoted into prompts
    assert not storage.prepared_has("k")
    assert storage.prepared_take("k") is None


def test_keys_are_apart_and_go_with_their_session(storage: Storage):
    storage.prepared_put("a1", "a", {"summary": "one"})
    storage.prepared_put("a2", "a", {"summary": "two"})
    storage.prepared_put("b1", "b", {"summary": "three"})
    assert storage.prepared_take("a2") == {"summary": "two"}
    assert storage.prepared_has("a1") and not storage.prepared_has("a2")
    storage.delete_session("a")
    assert not storage.prepared_has("a1") and storage.prepared_has("b1")


def test_summaries_made_ahead_of_a_taken_back_turn_leave(storage: Storage):
    storage.prepared_put("early", "a", {"turns": [1, 2, 3], "summary": "kept"})
    storage.prepared_put("late", "a", {"turns": [4, 5, 6], "summary": "of a turn taken back"})
    storage.prepared_put("other", "b", {"turns": [4, 5, 6], "summary": "another session's"})
    assert storage.prepared_drop_from("a", 6) == 1
    assert storage.prepared_has("early") and not storage.prepared_has("late") and storage.prepared_has("other")
