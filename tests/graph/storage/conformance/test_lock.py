"""SessionLock: one holder per session at a time, nested within a thread, alike on SQLite and PostgreSQL."""

import threading

import pytest

from graph.storage.base import Storage

pytestmark = pytest.mark.storage


def try_in_another_thread(storage: Storage, session_id: str) -> bool:
    """Whether another thread could take the session's lock without waiting."""
    results: list[bool] = []

    def attempt() -> None:
        with storage.session_lock(session_id, wait=False) as held:
            results.append(held)

    worker = threading.Thread(target=attempt)
    worker.start()
    worker.join(timeout=30)
    return results == [True]


def test_the_lock_nests_within_a_thread(storage: Storage):
    with storage.session_lock("s") as outer:
        assert outer is True
        with storage.session_lock("s") as inner, storage.session_lock("s", wait=False) as again:
            assert inner is True and again is True
        assert not try_in_another_thread(storage, "s")
    assert try_in_another_thread(storage, "s")


def test_another_thread_cannot_take_a_held_lock_but_may_take_another(storage: Storage):
    with storage.session_lock("s"):
        assert not try_in_another_thread(storage, "s")
        assert try_in_another_thread(storage, "other")


def test_a_waiting_thread_gets_the_lock_once_it_is_released(storage: Storage):
    order: list[str] = []
    entered = threading.Event()

    def wait_for_it() -> None:
        entered.set()
        with storage.session_lock("s") as held:
            order.append(f"waiter {held}")

    with storage.session_lock("s"):
        worker = threading.Thread(target=wait_for_it)
        worker.start()
        entered.wait(timeout=10)
        worker.join(timeout=0.3)
        order.append("holder done")
    worker.join(timeout=30)
    assert order == ["holder done", "waiter True"]


def test_an_error_inside_the_lock_releases_it(storage: Storage):
    with pytest.raises(RuntimeError):
        with storage.session_lock("s"):
            raise RuntimeError("turn failed")
    assert try_in_another_thread(storage, "s")
