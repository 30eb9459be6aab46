"""Sessions, settings, the journal and the summary cache behave the same on SQLite and PostgreSQL."""

from graph.storage.base import Storage
from state.session import SessionSettings
from tests.storage.conftest import count_rows, put_checkpoint


def test_sessions_with_checkpoints_are_listed_newest_first(storage: Storage):
    assert storage.list_sessions() == []
    put_checkpoint(storage, "a")
    put_checkpoint(storage, "b")
    storage.record_session("a", "first question about  rivers\nand lakes", 1)
    storage.record_session("b", "x" * 80, 2)
    sessions = storage.list_sessions()
    assert [s.session_id for s in sessions] in (["b", "a"], ["a", "b"])  # same second: id order
    by_id = {s.session_id: s for s in sessions}
    assert by_id["a"].title == "first question about rivers and lakes"
    assert by_id["a"].turns == 1
    assert by_id["b"].title == "x" * 59 + "…"
    assert by_id["b"].turns == 2


def test_the_title_is_set_once_and_a_rename_replaces_it(storage: Storage):
    put_checkpoint(storage, "a")
    storage.record_session("a", "original title", 1)
    storage.record_session("a", "a later message", 2)
    assert storage.list_sessions()[0].title == "original title"
    assert storage.list_sessions()[0].turns == 2
    storage.rename_session("a", "My name")
    assert storage.list_sessions()[0].title == "My name"


def test_a_session_without_a_title_is_listed_by_its_id(storage: Storage):
    put_checkpoint(storage, "untitled")
    assert [(s.session_id, s.title, s.turns) for s in storage.list_sessions()] == [("untitled", "untitled", 0)]


def test_settings_round_trip_and_default(storage: Storage):
    assert storage.load_settings("s") == SessionSettings()
    chosen = SessionSettings(system_prompt="Be brief. 간단히.", context_policy="recent", agent_prompt="agent",
                             reminder="remember", hide_old_tool_results=True, compression_rate=0.15, recall=False)
    storage.save_settings("s", chosen)
    assert storage.load_settings("s") == chosen
    storage.save_settings("s", SessionSettings(compression_rate=0.3))
    assert storage.load_settings("s") == SessionSettings(compression_rate=0.3)


def test_saving_settings_keeps_the_title(storage: Storage):
    put_checkpoint(storage, "s")
    storage.record_session("s", "hello", 1)
    storage.save_settings("s", SessionSettings(recall=False))
    assert storage.list_sessions()[0].title == "hello"


def test_delete_session_removes_every_row_in_every_table(storage: Storage):
    for session in ("gone", "kept"):
        put_checkpoint(storage, session)
        storage.record_session(session, "hello", 1)
        storage.save_settings(session, SessionSettings(reminder="r"))
        storage.journal_write(session, {"text": "pending"})
        storage.cache_put(f"key-{session}", session, {"summary": "s"})
        storage.add_document(session, "doc", 10, "indexed", "alpha beta", ["alpha beta"])
        storage.add_document(session, "small", 3, "whole", "gamma", [])
        storage.recall_add(session, 1, "2025-01-01", {"turn": 1, "user": "alpha question and answer"}, 5)
    before = count_rows(storage, "gone")
    assert all(count > 0 for count in before.values()), before
    storage.delete_session("gone")
    assert set(count_rows(storage, "gone").values()) == {0}
    assert count_rows(storage, "kept") == before
    assert storage.saver.get_tuple({"configurable": {"thread_id": "gone"}}) is None
    assert [s.session_id for s in storage.list_sessions()] == ["kept"]


def test_journal_keeps_one_pending_input_per_session(storage: Storage):
    assert storage.journal_read("s") is None
    storage.journal_write("s", {"turn_count": 3, "messages": [{"id": "m1", "text": "안녕 你好"}]})
    storage.journal_write("s", {"turn_count": 4, "messages": [{"id": "m2", "text": "second"}]})
    assert storage.journal_read("s") == {"turn_count": 4, "messages": [{"id": "m2", "text": "second"}]}
    assert storage.journal_read("other") is None
    storage.journal_clear("s")
    assert storage.journal_read("s") is None


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


def test_size_is_reported(storage: Storage):
    put_checkpoint(storage, "s")
    assert storage.size_bytes() > 0
    storage.compact()


def test_text_with_nul_characters_is_stored(storage: Storage):
    storage.journal_write("s", {"text": "a\x00b"})
    storage.record_session("s", "title\x00", 1)
    storage.add_document("s", "doc\x00", 10, "indexed", "body\x00", ["needle\x00 in text"])
    storage.recall_add("s", 1, "2025-01-01", {"user": "needle\x00 turn"}, 3)
    assert storage.journal_read("s")["text"].replace("\x00", "") == "ab"
    assert storage.search_chunks("s", ["needle"], 1)
    assert storage.recall_search("s", ["needle"], 5, 1)
