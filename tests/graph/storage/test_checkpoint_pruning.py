"""After every turn the engine keeps only the checkpoints a load of the session replays (from the oldest full copy
of a delta channel it needs) and those of the turns that can still be forked into a new version, on either
backend."""

from pathlib import Path

import pytest

from graph.session.runner import thread_config
from graph.storage.base import KEEP_CHECKPOINTS
from graph.storage.checkpoint_tree import EDITABLE_TURNS
from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.postgres import PostgresStorage
from graph.storage.replay import first_step_needed
from tests.conftest import make_engine, open_database
from tests.graph.storage.conftest import put_checkpoint

pytestmark = pytest.mark.storage

TURNS = 45  # past the first full copy of each delta channel (about every 20 turns)


def checkpoint_rows(storage, session_id: str) -> dict[str, int]:
    """Rows of the session in the saver's tables."""
    if isinstance(storage, PostgresStorage):
        with storage.db.cursor(transaction=False) as cur:
            return {table: cur.execute(f"SELECT count(*) AS n FROM {table} WHERE thread_id = %s",
                                       (session_id,)).fetchone()["n"]
                    for table in ("checkpoints", "checkpoint_blobs", "checkpoint_writes")}
    conn = storage.db.conn
    return {table: conn.execute(f"SELECT count(*) FROM {table} WHERE thread_id = ?", (session_id,)).fetchone()[0]
            for table in ("checkpoints", "writes")}


def unreferenced_rows(storage, session_id: str) -> int:
    """Blobs no checkpoint uses and writes of checkpoints that are gone (PostgreSQL's saver tables)."""
    with storage.db.cursor(transaction=False) as cur:
        blobs = cur.execute(
            "SELECT count(*) AS n FROM checkpoint_blobs AS b WHERE b.thread_id = %s AND NOT EXISTS ("
            " SELECT 1 FROM checkpoints AS c, jsonb_each_text(c.checkpoint -> 'channel_versions') AS v"
            " WHERE c.thread_id = b.thread_id AND c.checkpoint_ns = b.checkpoint_ns"
            " AND v.key = b.channel AND v.value = b.version)", (session_id,)).fetchone()["n"]
        writes = cur.execute(
            "SELECT count(*) AS n FROM checkpoint_writes AS w WHERE w.thread_id = %s AND NOT EXISTS ("
            " SELECT 1 FROM checkpoints AS c WHERE c.thread_id = w.thread_id AND c.checkpoint_ns = w.checkpoint_ns"
            " AND c.checkpoint_id = w.checkpoint_id)", (session_id,)).fetchone()["n"]
    return blobs + writes


def test_a_real_conversation_keeps_what_its_load_replays(backend: str, database: str, tmp_path: Path):
    engine = make_engine(database)
    try:
        session = engine.session("long")
        for n in range(1, TURNS + 1):
            events = session.send(f"question {n} about topic {n}", compression_rate=0.3).wait()
            engine.wait_idle()
            assert [e.kind for e in events if e.kind == "error"] == []
        rows = checkpoint_rows(engine.storage, "long")
        kept = list(engine.saver.list(thread_config("long")))
        assert rows["checkpoints"] == len(kept) > KEEP_CHECKPOINTS
        assert 0 < kept[-1].metadata["step"] <= first_step_needed(kept[0].metadata)
        turns_kept = {checkpoint.metadata.get("turn") for checkpoint in kept}
        assert set(range(TURNS - EDITABLE_TURNS - 1, TURNS + 1)) <= turns_kept  # each turn that can be forked
        assert min(turns_kept) > 1 and len(kept) < 3 * EDITABLE_TURNS  # the older ones went
        assert any(isinstance(value, DeltaSnapshot) for value in kept[-1].checkpoint["channel_values"].values())
        if backend == "postgres":
            assert unreferenced_rows(engine.storage, "long") == 0
            assert rows["checkpoint_blobs"] > 0
        state = session.state()
        assert state["turn_count"] == TURNS
        assert len([m for m in state["messages"] if m.type == "human"]) == TURNS
        assert engine.storage.prune_checkpoints("long") == 0
    finally:
        engine.close()


def test_compaction_returns_every_freed_page_of_the_sqlite_file(tmp_path: Path):
    storage = open_database(tmp_path / "chat.sqlite")
    try:
        for step in range(40):
            put_checkpoint(storage, "s", step, {"note": "x" * 20_000})
        storage.compact()
        before = storage.size_bytes()
        assert storage.prune_checkpoints("s", keep=1) == 39
        storage.compact()
        assert storage.db.conn.execute("PRAGMA freelist_count").fetchone()[0] == 0
        assert storage.size_bytes() < before / 5
    finally:
        storage.close()
