"""Any text a person types is stored by every role, NUL characters included (PostgreSQL's TEXT holds none)."""

import pytest

from graph.storage.base import Storage
from state.session import SessionSettings

pytestmark = pytest.mark.storage


def test_text_with_nul_characters_is_stored(storage: Storage):
    storage.journal_write("s", {"text": "a\x00b"})
    storage.record_session("s", "title\x00", 1)
    storage.save_settings("s", SessionSettings(reminder="re\x00mind"))
    storage.prepared_put("k", "s", {"summary": "sum\x00mary"})
    storage.add_document("s", "doc\x00", 10, "indexed", "body\x00", ["needle\x00 in text"])
    storage.recall_add("s", 1, "2025-01-01", {"user": "needle\x00 turn"}, 3)
    assert storage.journal_read("s")["text"].replace("\x00", "") == "ab"
    assert storage.load_settings("s").reminder.replace("\x00", "") == "remind"
    assert storage.prepared_take("k")["summary"].replace("\x00", "") == "summary"
    assert storage.search_chunks("s", ["needle"], 1)
    assert storage.recall_search("s", ["needle"], 5, 1)
    assert storage.search_turns(["needle"], 1)


def test_quotes_and_wildcards_are_plain_text(storage: Storage):
    tricky = "it's 100% \"done\"; DROP TABLE chat_sessions; -- ? %s _"
    storage.record_session("s", tricky, 1)
    storage.save_settings("s", SessionSettings(system_prompt=tricky))
    storage.journal_write("s", {"text": tricky})
    assert storage.load_settings("s").system_prompt == tricky
    assert storage.journal_read("s") == {"text": tricky}
    storage.rename_session("s", tricky)
    assert storage.load_settings("s").system_prompt == tricky
