"""SummaryCacheStore: summaries made ahead wait under their key until taken, alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage


def test_cache_put_has_take(storage: Storage):
    record = {"turns": [4, 5, 6], "summary": "요약", "compression_rate": 0.3, "level": 1}
    assert not storage.cache_has("k")
    assert storage.cache_take("k") is None
    storage.cache_put("k", "s", record)
    assert storage.cache_has("k")
    storage.cache_put("k", "s", {**record, "summary": "newer"})
    taken = storage.cache_take("k")
    assert taken == {**record, "summary": "newer"}
    assert list(taken) == list(record)  # key order kept: records are quoted into prompts
    assert not storage.cache_has("k")
    assert storage.cache_take("k") is None


def test_keys_are_apart_and_go_with_their_session(storage: Storage):
    storage.cache_put("a1", "a", {"summary": "one"})
    storage.cache_put("a2", "a", {"summary": "two"})
    storage.cache_put("b1", "b", {"summary": "three"})
    assert storage.cache_take("a2") == {"summary": "two"}
    assert storage.cache_has("a1") and not storage.cache_has("a2")
    storage.delete_session("a")
    assert not storage.cache_has("a1") and storage.cache_has("b1")


def test_summaries_made_ahead_of_a_taken_back_turn_leave(storage: Storage):
    storage.cache_put("early", "a", {"turns": [1, 2, 3], "summary": "kept"})
    storage.cache_put("late", "a", {"turns": [4, 5, 6], "summary": "of a turn taken back"})
    storage.cache_put("other", "b", {"turns": [4, 5, 6], "summary": "another session's"})
    assert storage.cache_drop_from("a", 6) == 1
    assert storage.cache_has("early") and not storage.cache_has("late") and storage.cache_has("other")
