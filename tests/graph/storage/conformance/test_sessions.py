"""SessionStore: the session list, titles, existence and deletion, alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage
from state.session import SessionSettings
from tests.graph.storage.conftest import count_rows, put_checkpoint

pytestmark = pytest.mark.storage


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
    storage.record_session("a", "original title", 2)
    assert storage.list_sessions()[0].title == "original title"
    assert storage.list_sessions()[0].turns == 2
    storage.rename_session("a", "My name")
    assert storage.list_sessions()[0].title == "My name"


def test_an_automatic_title_follows_the_first_question_shown_and_a_chosen_one_stays(storage: Storage):
    put_checkpoint(storage, "a")
    storage.record_session("a", "My bank PIN is 8812", 1)
    assert storage.replace_title("a", "My bank PIN is 8812", "Bank details")  # named by a model
    storage.record_session("a", "My bank PIN is 8812", 2)
    assert storage.session_title("a") == "Bank details"  # the same first question: the named title stays
    storage.record_session("a", "Plan a picnic", 1)  # another version of the first question is shown
    assert storage.session_title("a") == "Plan a picnic"
    storage.rename_session("a", "Weekend")
    storage.record_session("a", "My bank PIN is 8812", 2)
    assert storage.session_title("a") == "Weekend"


def test_a_session_without_a_title_is_listed_by_its_id(storage: Storage):
    put_checkpoint(storage, "untitled")
    assert [(s.session_id, s.title, s.turns) for s in storage.list_sessions()] == [("untitled", "untitled", 0)]


def test_a_session_exists_once_saved_until_deleted(storage: Storage):
    assert not storage.has_session("s")
    storage.record_session("s", "hello", 1)
    assert not storage.has_session("s")  # the checkpoints make a session, not its row
    put_checkpoint(storage, "s")
    assert storage.has_session("s") and not storage.has_session("S")
    storage.delete_session("s")
    assert not storage.has_session("s")


def test_with_checkpoints_kept_elsewhere_the_listed_sessions_are_the_sessions(beside_memory: Storage):
    assert not beside_memory.has_session("m")
    beside_memory.record_session("m", "hello", 1)
    assert beside_memory.has_session("m")
    assert [(s.session_id, s.title) for s in beside_memory.list_sessions()] == [("m", "hello")]
    beside_memory.delete_session("m")
    assert not beside_memory.has_session("m") and beside_memory.list_sessions() == []


def test_delete_session_removes_every_row_in_every_table(storage: Storage):
    for session in ("gone", "kept"):
        put_checkpoint(storage, session)
        storage.record_session(session, "hello", 1)
        storage.save_settings(session, SessionSettings(reminder="r"))
        storage.journal_write(session, {"text": "pending"})
        storage.prepared_put(f"key-{session}", session, {"summary": "s"})
        storage.add_document(session, "doc", 10, "indexed", "alpha beta", ["alpha beta"])
        storage.add_document(session, "small", 3, "whole", "gamma", [])
        storage.recall_add(session, 1, "2025-01-01", {"turn": 1, "user": "alpha question and answer"}, 5, None,
                           ["alpha question and answer, as a long turn's pieces hold it whole"])
        storage.facts_put(session, {1: ["The user asked about alpha."]})
        storage.entities_put(session, {1: ["alpha centauri"]})
    before = count_rows(storage, "gone")
    assert all(count > 0 for count in before.values()), before
    storage.delete_session("gone")
    assert set(count_rows(storage, "gone").values()) == {0}
    assert count_rows(storage, "kept") == before
    assert storage.saver.get_tuple({"configurable": {"thread_id": "gone"}}) is None
    assert [s.session_id for s in storage.list_sessions()] == ["kept"]
    assert storage.search_chunks("gone", ["alpha"], 5) == [] and storage.search_chunks("kept", ["alpha"], 5)
    assert [hit["session_id"] for hit in storage.search_turns(["alpha"], 5)] == ["kept"]


def test_both_backends_name_the_session_tables_alike(storage: Storage):
    put_checkpoint(storage, "s")
    assert {"chat_sessions", "prepared_summaries", "turn_journal", "documents", "document_chunks",
            "recall_turns"} <= set(count_rows(storage, "s"))


def test_a_title_is_replaced_only_while_it_is_still_the_one_expected(storage: Storage):
    assert storage.session_title("s") == ""
    storage.record_session("s", "Trip to Kyoto", 1)
    assert storage.replace_title("s", "Trip to Kyoto", "Kyoto family holiday")
    assert storage.session_title("s") == "Kyoto family holiday"
    storage.rename_session("s", "Mine")
    assert not storage.replace_title("s", "Kyoto family holiday", "Something else")
    assert storage.session_title("s") == "Mine" and not storage.replace_title("other", "", "x")
