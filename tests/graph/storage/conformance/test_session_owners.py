"""SessionOwners: each session is its first writer's; the list and the search over sessions show one owner's,
alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage
from state.session import SessionSettings
from tests.graph.storage.conftest import put_checkpoint

pytestmark = pytest.mark.storage

ADA, BOB = "ada@example.com", "bob@example.com"


def saved(storage: Storage, session_id: str, owner: str, text: str) -> None:
    """A session as a turn leaves it: claimed, checkpointed, listed and indexed for search."""
    assert storage.claim_session(session_id, owner)
    put_checkpoint(storage, session_id)
    storage.record_session(session_id, text, 1)
    storage.recall_add(session_id, 1, "2025-01-01", {"user": text, "assistant": "noted"}, 5)


def test_each_owner_lists_only_their_own_sessions(storage: Storage):
    saved(storage, "ada-1", ADA, "ada's mango question")
    saved(storage, "bob-1", BOB, "bob's papaya question")
    saved(storage, "local", "", "a question asked without sign-in")
    assert [s.session_id for s in storage.list_sessions(ADA)] == ["ada-1"]
    assert [s.session_id for s in storage.list_sessions(BOB)] == ["bob-1"]
    assert [s.session_id for s in storage.list_sessions()] == ["local"]
    assert storage.list_sessions("carol@example.com") == []


def test_the_first_writer_owns_a_session_and_nobody_else_can_claim_it(storage: Storage):
    assert storage.session_owner("s") is None
    assert storage.claim_session("s", ADA)
    assert storage.claim_session("s", ADA)  # again: still hers
    assert not storage.claim_session("s", BOB)
    assert not storage.claim_session("s", "")
    assert storage.session_owner("s") == ADA


def test_writes_after_the_claim_keep_the_owner(storage: Storage):
    saved(storage, "s", ADA, "first message")
    storage.save_settings("s", SessionSettings(reminder="be brief"))
    storage.rename_session("s", "A new title")
    storage.record_session("s", "later message", 2)
    assert storage.session_owner("s") == ADA
    assert [(s.session_id, s.title, s.turns) for s in storage.list_sessions(ADA)] == [("s", "A new title", 2)]
    assert storage.list_sessions(BOB) == [] and storage.list_sessions() == []


def test_the_search_over_sessions_finds_only_the_owners_turns(storage: Storage):
    saved(storage, "ada-1", ADA, "my favourite fruit is mango")
    saved(storage, "bob-1", BOB, "my favourite fruit is papaya")
    ada = storage.search_turns(["fruit"], 10, ADA)
    bob = storage.search_turns(["fruit"], 10, BOB)
    assert [hit["session_id"] for hit in ada] == ["ada-1"] and "mango" in ada[0]["snippet"]
    assert [hit["session_id"] for hit in bob] == ["bob-1"] and "papaya" in bob[0]["snippet"]
    assert storage.search_turns(["papaya"], 10, ADA) == []
    assert storage.search_turns(["fruit"], 10) == []  # nothing of theirs is the default owner's


def test_a_session_saved_before_owners_is_the_default_owners_until_assigned(storage: Storage):
    put_checkpoint(storage, "old")  # checkpoints without a row, as the app saved a session before owners
    saved(storage, "older", "", "stored before sign-in")
    saved(storage, "ada-1", ADA, "hers already")
    assert storage.session_owner("old") == ""
    assert not storage.claim_session("old", ADA)
    assert {s.session_id for s in storage.list_sessions()} == {"old", "older"}

    assert storage.assign_owner(BOB) == 2
    assert {s.session_id for s in storage.list_sessions(BOB)} == {"old", "older"}
    assert [s.session_id for s in storage.list_sessions(ADA)] == ["ada-1"]
    assert storage.list_sessions() == []
    assert storage.session_owner("old") == BOB and storage.claim_session("old", BOB)
    assert [hit["session_id"] for hit in storage.search_turns(["sign"], 10, BOB)] == ["older"]


def test_deleting_a_session_forgets_its_owner(storage: Storage):
    saved(storage, "s", ADA, "hello")
    storage.delete_session("s")
    assert storage.session_owner("s") is None
    assert storage.claim_session("s", BOB)


def test_with_checkpoints_kept_elsewhere_the_claim_makes_the_owner(beside_memory: Storage):
    assert beside_memory.claim_session("m", ADA) and not beside_memory.claim_session("m", BOB)
    beside_memory.record_session("m", "hello", 1)
    assert [s.session_id for s in beside_memory.list_sessions(ADA)] == ["m"]
    assert beside_memory.list_sessions(BOB) == [] and beside_memory.list_sessions() == []
