"""TurnJournal: one pending turn input per session, alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage


def test_journal_keeps_one_pending_input_per_session(storage: Storage):
    assert storage.journal_read("s") is None
    storage.journal_write("s", {"turn_count": 3, "messages": [{"id": "m1", "text": "안녕 你好"}]})
    storage.journal_write("s", {"turn_count": 4, "messages": [{"id": "m2", "text": "second"}]})
    assert storage.journal_read("s") == {"turn_count": 4, "messages": [{"id": "m2", "text": "second"}]}
    assert storage.journal_read("other") is None
    storage.journal_clear("s")
    assert storage.journal_read("s") is None


def test_clearing_one_session_keeps_the_others(storage: Storage):
    storage.journal_write("a", {"turn_count": 1})
    storage.journal_write("b", {"turn_count": 2})
    storage.journal_clear("a")
    storage.journal_clear("nobody")
    assert storage.journal_read("a") is None
    assert storage.journal_read("b") == {"turn_count": 2}


def test_the_payload_keeps_its_key_order(storage: Storage):
    payload = {"z": 1, "a": [1, 2.5, None, True], "m": {"y": "", "b": "b"}}
    storage.journal_write("s", payload)
    read = storage.journal_read("s")
    assert read == payload and list(read) == ["z", "a", "m"] and list(read["m"]) == ["y", "b"]
