"""Housekeeping: pruning checkpoints, compaction and the database's size, alike on SQLite and PostgreSQL."""

import pytest

from graph.storage.base import Storage
from graph.storage.replay import COUNTERS
from tests.graph.storage.conftest import put_checkpoint

pytestmark = pytest.mark.storage


def test_pruning_returns_how_many_went(storage: Storage):
    for step in range(5):
        put_checkpoint(storage, "s", step)
    put_checkpoint(storage, "other")
    assert storage.prune_checkpoints("s", keep=2) == 3
    assert len(list(storage.saver.list({"configurable": {"thread_id": "s"}}))) == 2
    assert storage.saver.get_tuple({"configurable": {"thread_id": "s"}}) is not None
    assert storage.prune_checkpoints("s", keep=2) == 0
    assert len(list(storage.saver.list({"configurable": {"thread_id": "other"}}))) == 1


def test_pruning_keeps_every_checkpoint_a_delta_channel_replays(storage: Storage):
    """The latest checkpoint counts the steps since each delta channel's full copy: none of those goes."""
    for step in range(8):
        put_checkpoint(storage, "s", step)
    put_checkpoint(storage, "s", 8, {COUNTERS: {"messages": [3, 5], "summary_history": [1, 2]}})
    assert storage.prune_checkpoints("s", keep=2) == 3  # steps 0-2; 3 holds the transcript's full copy
    kept = list(storage.saver.list({"configurable": {"thread_id": "s"}}))
    assert [c.metadata["step"] for c in kept] == [8, 7, 6, 5, 4, 3]
    assert storage.prune_checkpoints("s", keep=2) == 0


def test_checkpoints_kept_elsewhere_are_not_pruned(beside_memory: Storage):
    for _ in range(5):
        put_checkpoint(beside_memory, "s")
    assert beside_memory.prune_checkpoints("s", keep=1) == 0
    assert len(list(beside_memory.saver.list({"configurable": {"thread_id": "s"}}))) == 5


def test_size_is_reported_and_compaction_keeps_the_data(storage: Storage):
    put_checkpoint(storage, "s")
    storage.add_document("s", "doc", 10, "indexed", "alpha", ["alpha beta"])
    assert storage.size_bytes() > 0
    storage.compact()
    assert storage.size_bytes() > 0
    assert storage.search_chunks("s", ["alpha"], 1)
    assert storage.has_session("s")
