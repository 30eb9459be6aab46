"""The session lock on PostgreSQL holds across processes and storages, and the server lock goes with its
outermost holder (what both backends share is in conformance/test_lock.py)."""

import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest

from graph.storage.postgres import PostgresStorage

pytestmark = pytest.mark.storage

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def storage(postgres_url: str):
    opened = PostgresStorage.open(postgres_url)
    yield opened
    opened.close()


def hold_in_another_process(url: str, session_id: str, seconds: float) -> subprocess.Popen:
    """A process holding the session's lock for `seconds`, started once it says it holds it."""
    process = subprocess.Popen([sys.executable, "-m", "tests.graph.storage.lock_holder", url, session_id, str(seconds)],
                               cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "held"
    return process


def advisory_lock_taken(url: str, session_id: str) -> bool:
    """Whether some session holds the advisory lock of `session_id` (asked on a connection of our own)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (session_id,)).fetchone()
        if row and row[0]:
            conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (session_id,))
            return False
        return True


def test_a_lock_held_by_another_process_excludes_this_one_until_released(storage, postgres_url):
    process = hold_in_another_process(postgres_url, "shared", 1.0)
    try:
        with storage.session_lock("shared", wait=False) as held:
            assert held is False
        with storage.session_lock("another", wait=False) as held:
            assert held is True
        assert process.wait(timeout=30) == 0
        with storage.session_lock("shared", wait=False) as held:
            assert held is True
    finally:
        process.kill()


def test_waiting_for_a_lock_another_process_holds_blocks_until_it_is_released(storage, postgres_url):
    process = hold_in_another_process(postgres_url, "shared", 1.0)
    try:
        started = time.monotonic()
        with storage.session_lock("shared") as held:
            assert held is True
            waited = time.monotonic() - started
            assert process.stdout is not None and process.stdout.readline().strip() == "released"
        assert waited > 0.3
    finally:
        process.kill()
        process.wait()


def test_the_lock_nests_within_a_thread_and_is_released_by_the_outermost_holder(storage, postgres_url):
    with storage.session_lock("s") as outer:
        assert outer is True and advisory_lock_taken(postgres_url, "s")
        with storage.session_lock("s") as inner:
            assert inner is True
        assert advisory_lock_taken(postgres_url, "s")
        with storage.session_lock("s", wait=False) as again:
            assert again is True
        assert advisory_lock_taken(postgres_url, "s")
    assert not advisory_lock_taken(postgres_url, "s")


def test_two_storages_on_one_database_share_the_lock_in_a_process(postgres_url):
    first, second = PostgresStorage.open(postgres_url), PostgresStorage.open(postgres_url)
    try:
        with first.session_lock("s"), second.session_lock("s") as nested:
            assert nested is True
        assert not advisory_lock_taken(postgres_url, "s")
    finally:
        first.close()
        second.close()


def test_storages_reaching_one_database_by_different_strings_share_the_lock(postgres_url):
    from langgraph.checkpoint.postgres import PostgresSaver

    from graph.storage import storage_for

    nested: list[bool] = []
    first = PostgresStorage.open(postgres_url)
    with PostgresSaver.from_conn_string(postgres_url) as single:
        second = storage_for(single, "")
        try:
            assert second.db.pool.conninfo != first.db.pool.conninfo  # type: ignore[attr-defined]

            def nest() -> None:
                with first.session_lock("s"), second.session_lock("s") as held:
                    nested.append(held)

            worker = threading.Thread(target=nest, daemon=True)
            worker.start()
            worker.join(timeout=10)
            assert nested == [True]
        finally:
            second.close()
            first.close()


def test_an_error_inside_the_lock_releases_it(storage, postgres_url):
    with pytest.raises(RuntimeError):
        with storage.session_lock("s"):
            raise RuntimeError("turn failed")
    assert not advisory_lock_taken(postgres_url, "s")
    with storage.session_lock("s", wait=False) as held:
        assert held is True
