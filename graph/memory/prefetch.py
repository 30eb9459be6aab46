"""Make the next summary (and merge) after a reply is delivered, so the next turn only applies it;
then tidy the session's storage. One background worker per engine; it never blocks a turn, and it waits
while any turn runs, so a reply never shares the model or the cores with it."""

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from langchain_core.language_models import BaseChatModel

from graph.memory.facts import list_facts
from graph.memory.planner import SummaryPlanner, plan_input
from graph.memory.title import name_session
from graph.storage import Storage
from state.session import SessionSettings

logger = logging.getLogger(__name__)


class SessionCache:
    """The summary cache as one session's background work sees it: a summary made for a session that was
    deleted meanwhile does not stay. It is written first and checked after, so it never waits for a turn's
    lock: a delete that ends before the check is seen by it (and the row taken back), and a delete that
    ends after it removes the row itself."""

    def __init__(self, storage: Storage, session_id: str, still_current: Callable[[], bool]) -> None:
        self.storage, self.session_id, self.still_current = storage, session_id, still_current

    def current(self) -> bool:
        """Whether the session still exists and was not deleted since the work was queued."""
        return self.still_current() and self.storage.has_session(self.session_id)

    def cache_put(self, key: str, session_id: str, record: dict) -> None:
        self.storage.cache_put(key, session_id, record)
        if not self.current():
            self.storage.cache_take(key)

    def cache_has(self, key: str) -> bool:
        return self.storage.cache_has(key)

    def cache_take(self, key: str) -> dict | None:
        return self.storage.cache_take(key)


class SummaryPrefetcher:
    """Summaries ahead of time, then housekeeping, on one worker thread."""

    def __init__(self, planner: SummaryPlanner, storage: Storage, read_state: Callable[[str], dict[str, Any]],
                 wait_quiet: Callable[[], bool] = lambda: True,
                 planner_of: Callable[[SessionSettings], SummaryPlanner] | None = None,
                 thread_start: Callable[[], None] | None = None) -> None:
        self.planner, self.storage, self.read_state = planner, storage, read_state
        self.planner_of = planner_of  # the planner of a session's own model (`planner` for every session without)
        self.wait_quiet = wait_quiet  # blocks while a person's reply is being made
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="summary-prefetch",
                                            initializer=thread_start)  # e.g. a lower priority for its thread
        self._closed = False

    def schedule(self, session_id: str, compression_rate: float,
                 still_current: Callable[[], bool] = lambda: True, language: str = "") -> Future:
        """Queue the work for a session after its turn; the rate and the page's language are the ones the next
        turn will use ('' for the saved settings' language), and `still_current` turns False if the session is
        deleted before the work is done."""
        return self._executor.submit(self._run, session_id, compression_rate, still_current, language)

    def _run(self, session_id: str, rate: float, still_current: Callable[[], bool], language: str = "") -> None:
        if self._closed or not still_current():
            return
        self.wait_quiet()
        try:
            settings = self.storage.load_settings(session_id)
            settings = replace(settings, language=language) if language else settings
            planner = self.planner_of(settings) if self.planner_of is not None else self.planner
            values = plan_input(self.read_state(session_id), session_id, settings)
            cache = SessionCache(self.storage, session_id, still_current)
            planner.prepare(values, rate, cache)
            model = planner.model
            if isinstance(model, BaseChatModel) and self.wait_quiet():  # a model that can summarize can name
                name_session(model, self.storage, session_id, values, cache.current, planner.deadline_seconds)
                if planner.facts:
                    list_facts(model, self.storage, session_id, values, cache.current, planner.deadline_seconds)
        except Exception:  # the turn that needs it will make it inline
            self._log("Prefetching summaries for %s failed", session_id)
        try:
            with self.storage.session_lock(session_id, wait=False) as held:
                if held and not self._closed:  # a running turn has priority; tidy after the next one
                    self.storage.prune_checkpoints(session_id)
                    self.storage.compact()
        except Exception:  # housekeeping is retried after the next turn
            self._log("Housekeeping for %s failed", session_id)

    def _log(self, message: str, session_id: str) -> None:
        """A warning with the cause; after close() the storage is gone, which is expected and quiet."""
        if self._closed:
            logger.debug(message, session_id)
        else:
            logger.warning(message, session_id, exc_info=True)

    def wait(self) -> None:
        """Block until queued work is done."""
        self._executor.submit(lambda: None).result()

    def shutdown(self) -> None:
        """Drop queued work and return at once; a summary being made is abandoned and writes nothing."""
        self._closed = True
        self._executor.shutdown(wait=False, cancel_futures=True)
