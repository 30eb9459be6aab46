"""Opening PostgreSQL storage: the pool's settings, the saver set up once, migrations once, the right backend."""

import psycopg
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from graph.storage import DatabaseError, open_storage, storage_for
from graph.storage.postgres import PostgresStorage, create_checkpointer, redact
from graph.storage.postgres.connection import IdleCheck
from graph.storage.postgres.saver import ChatPostgresSaver
from graph.storage.postgres.schema import MIGRATIONS
from graph.storage.speedups.serde_cache import CachingSerializer
from graph.storage.sqlite import SqliteStorage
from tests.graph.storage.conftest import put_checkpoint

pytestmark = pytest.mark.storage


def test_the_pool_suits_a_transaction_pooler_and_the_saver(postgres_url):
    storage = open_storage("", postgres_url)
    try:
        assert isinstance(storage, PostgresStorage)
        pool = storage.db.pool
        assert pool.kwargs == {"autocommit": True, "prepare_threshold": None, "row_factory": dict_row}
        assert isinstance(pool._check.__self__, IdleCheck) and pool._reset == pool._check.__self__.returned
        with pool.connection() as conn:
            assert conn.autocommit is True
            assert conn.prepare_threshold is None
            assert conn.row_factory is dict_row
        saver = storage.saver
        assert isinstance(saver, PostgresSaver)
        assert saver.conn is pool
        assert saver.pipe is None
        assert isinstance(saver.serde, CachingSerializer)
    finally:
        storage.close()


def test_a_connection_that_rested_is_checked_and_replaced_when_it_died(postgres_url, monkeypatch):
    checked: list[int] = []
    original = ConnectionPool.check_connection
    monkeypatch.setattr(ConnectionPool, "check_connection",
                        staticmethod(lambda conn: (checked.append(conn.info.backend_pid), original(conn))))
    storage = open_storage("", postgres_url)
    try:
        pool = storage.db.pool
        health = pool._check.__self__
        with psycopg.connect(postgres_url, autocommit=True) as conn:  # the check as the pool makes it
            health.returned(conn)
            before = len(checked)
            health.check(conn)  # back a moment ago: lent again without a round trip
            assert len(checked) == before
            health.check(conn)  # lent and not yet back: checked
            assert checked[before:] == [conn.info.backend_pid]
        with pool.connection() as conn:
            conn.execute("SELECT 1")
        before = len(checked)
        with psycopg.connect(postgres_url, autocommit=True) as admin:  # every connection of the pool dies
            killed = {row[0] for row in admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND backend_type = 'client backend'").fetchall()}
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ANY(%s)", (list(killed),))
        health.after_idle = 0.0  # as if they had rested
        with pool.connection() as conn:  # the one lent was checked first, and it lives
            assert conn.execute("SELECT 1 AS one").fetchone() == {"one": 1}
            assert conn.info.backend_pid not in killed
        assert len(checked) > before
    finally:
        storage.close()


def test_the_saver_is_set_up_once_per_process(postgres_url, monkeypatch):
    calls: list[PostgresSaver] = []
    original = PostgresSaver.setup

    def counted(self: PostgresSaver) -> None:
        calls.append(self)
        original(self)

    monkeypatch.setattr(PostgresSaver, "setup", counted)
    first = open_storage("", postgres_url)
    second = open_storage("", postgres_url)
    third = storage_for(create_checkpointer(postgres_url), "")
    try:
        assert len(calls) == 1
        put_checkpoint(first, "s")
        assert [s.session_id for s in third.list_sessions()] == ["s"]
    finally:
        for storage in (first, second, third):
            storage.close()


def schema_versions(url: str) -> list[int]:
    with psycopg.connect(url) as conn:
        return [row[0] for row in conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()]


def test_migrations_run_once_and_opening_again_keeps_the_version_and_rows(postgres_url):
    storage = open_storage("", postgres_url)
    storage.add_document("s", "doc", 3000, "indexed", "text", ["alpha beta"])
    storage.close()
    assert schema_versions(postgres_url) == list(range(1, len(MIGRATIONS) + 1))
    again = open_storage("", postgres_url)
    try:
        assert schema_versions(postgres_url) == list(range(1, len(MIGRATIONS) + 1))
        assert [d.title for d in again.list_documents("s")] == ["doc"]
    finally:
        again.close()


def test_storage_for_picks_the_backend_of_the_checkpointer(postgres_url, tmp_path):
    pooled = storage_for(create_checkpointer(postgres_url), str(tmp_path / "unused.sqlite"))
    try:
        assert isinstance(pooled, PostgresStorage)
        assert pooled.db.pool is pooled.saver.conn  # type: ignore[attr-defined]
    finally:
        pooled.close()
    assert not (tmp_path / "unused.sqlite").exists()

    with PostgresSaver.from_conn_string(postgres_url) as single:
        beside = storage_for(single, str(tmp_path / "unused.sqlite"))
        try:
            assert isinstance(beside, PostgresStorage) and isinstance(beside.saver, ChatPostgresSaver)
            assert beside.saver.conn is single.conn and beside.saver.lock is single.lock  # the caller's own
            put_checkpoint(beside, "one-connection")
            assert [s.session_id for s in beside.list_sessions()] == ["one-connection"]
            with beside.session_lock("one-connection") as held:
                assert held
        finally:
            beside.close()

    in_memory = storage_for(InMemorySaver(), str(tmp_path / "side.sqlite"), postgres_url)
    try:
        assert isinstance(in_memory, PostgresStorage) and isinstance(in_memory.saver, InMemorySaver)
        in_memory.record_session("m", "hello", 1)
        assert [s.session_id for s in in_memory.list_sessions()] == ["m"]
        assert in_memory.prune_checkpoints("m") == 0
    finally:
        in_memory.close()

    sqlite = storage_for(None, str(tmp_path / "chat.sqlite"))
    try:
        assert isinstance(sqlite, SqliteStorage)
    finally:
        sqlite.close()


def test_a_url_that_is_not_postgresql_is_refused():
    with pytest.raises(DatabaseError, match="postgresql://"):
        open_storage("", "mysql://user:secret@host/db")


def test_an_unreachable_server_fails_fast_with_the_password_hidden(postgres_server):
    from tests.postgres_server import free_port

    url = f"postgresql://someone:hunter2@127.0.0.1:{free_port()}/nothing"
    with pytest.raises(DatabaseError) as raised:
        open_storage("", url)
    assert "hunter2" not in str(raised.value)
    assert "someone:***@127.0.0.1" in str(raised.value)


def test_redact_hides_only_the_password():
    assert redact("postgresql://u:p%40ss@db:5432/chat") == "postgresql://u:***@db:5432/chat"
    assert redact("postgresql://u@db/chat") == "postgresql://u@db/chat"


def test_completed_turns_go_straight_into_the_word_index_and_their_text_is_stored_once(postgres_url):
    storage = open_storage("", postgres_url)
    try:
        for turn in range(1, 6):
            storage.recall_add("s", turn, "2026-01-01", {"user": f"kayak trip {turn}", "assistant": "ok"}, 5)
        with storage.db.cursor(transaction=False) as cur:
            options = {row["relname"]: row["reloptions"] for row in cur.execute(
                "SELECT relname, reloptions FROM pg_class WHERE relname IN ('recall_turns_tsv', 'recall_turns_trgm')")}
            pending = cur.execute("SELECT gin_clean_pending_list('recall_turns_tsv'::regclass) AS n").fetchone()["n"]
            columns = {row["column_name"] for row in cur.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'recall_turns'")}
        assert options == {"recall_turns_tsv": ["fastupdate=off"], "recall_turns_trgm": ["fastupdate=off"]}
        assert "body" not in columns and "record" in columns  # a turn's text is stored once, in its record
        assert pending == 0  # nothing waited in a list every search would read whole
        assert [turn for turn, *_ in storage.recall_search("s", ["kayak"], 10, 10)] != []
    finally:
        storage.close()
