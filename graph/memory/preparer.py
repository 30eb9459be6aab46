"""Prepare the next summary (and merge) after a reply is delivered, so the next turn only applies it;
then tidy the session's storage. A few background workers per engine, one running and at most one waiting job per
session so every session gets its turn; they never block a turn, and work for a model on this machine waits while any
turn runs, so a reply never shares that model or the cores with it (an endpoint elsewhere serves both at once)."""

import logging
import threading
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.language_models import BaseChatModel

from graph.memory.facts import list_facts
from graph.memory.planner import SummaryPlanner, plan_input
from graph.memory.title import name_session
from graph.storage import Storage
from state import SummaryRecord
from state.session import SessionSettings

logger = logging.getLogger(__name__)


class SessionPreparedSummaries:
    """Prepared summaries as one session's background work sees them: a summary made for a session that was
    deleted meanwhile does not stay. It is written first and checked after, so it never waits for a turn's
    lock: a delete that ends before the check is seen by it (and the row taken back), and a delete that
    ends after it removes the row itself."""

    def __init__(self, storage: Storage, session_id: str, still_current: Callable[[], bool]) -> None:
        self.storage, self.session_id, self.still_current = storage, session_id, still_current

    def current(self) -> bool:
        """Whether the session still exists and was not deleted since the work was queued."""
        return self.still_current() and self.storage.has_session(self.session_id)

    def prepared_put(self, key: str, session_id: str, record: SummaryRecord) -> None:
        self.storage.prepared_put(key, session_id, record)
        if not self.current():
            self.storage.prepared_take(key)

    def prepared_has(self, key: str) -> bool:
        return self.storage.prepared_has(key)

    def prepared_take(self, key: str) -> SummaryRecord | None:
        return self.storage.prepared_take(key)

    def prepared_drop_from(self, session_id: str, first_turn: int) -> int:
        return self.storage.prepared_drop_from(session_id, first_turn)


@dataclass
class _Job:
    """One session's work after a turn, with what it was asked with; `submitted` once a worker has it queued."""

    future: Future
    session_id: str
    rate: float
    still_current: Callable[[], bool]
    language: str
    submitted: bool = False


WORKERS = 32  # sessions whose summaries are made at once for an endpoint elsewhere (a worker mostly waits on it)


class SummaryPreparer:
    """Summaries ahead of time, then housekeeping, on a few worker threads (one for a model on this machine)."""

    def __init__(self, planner: SummaryPlanner, storage: Storage, read_state: Callable[[str], dict[str, Any]],
                 wait_quiet: Callable[[], bool] = lambda: True,
                 planner_of: Callable[[SessionSettings], SummaryPlanner] | None = None,
                 thread_start: Callable[[], None] | None = None,
                 on_this_machine: Callable[[SessionSettings], bool] = lambda settings: True,
                 workers: int = 1) -> None:
        self.planner, self.storage, self.read_state = planner, storage, read_state
        self.planner_of = planner_of  # the planner of a session's own model (`planner` for every session without)
        self.wait_quiet = wait_quiet  # blocks while a person's reply is being made
        self.on_this_machine = on_this_machine  # whether a session's model shares this machine's cores
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="summary-preparer",
                                            initializer=thread_start)  # e.g. a lower priority for its thread
        self._waiting: dict[str, _Job] = {}  # per session, its job not yet begun: a later turn's replaces it
        self._running: set[str] = set()  # sessions a worker is preparing: their next job waits for it to end
        self._jobs: set[Future] = set()  # every job not yet done
        self._waiting_lock = threading.RLock()  # a job cancelled under it calls back into it
        self._closed = False

    def schedule(self, session_id: str, compression_rate: float,
                 still_current: Callable[[], bool] = lambda: True, language: str = "") -> Future:
        """Queue the work for a session after its turn; the rate and the page's language are the ones the next
        turn will use ('' for the saved settings' language), and `still_current` turns False if the session is
        deleted before the work is done. A job of the session not yet begun is replaced by this one: it reads the
        session as it is when it begins, so one job does the work of both. A session's jobs run one at a time, so
        two workers never make the same summary."""
        job = _Job(Future(), session_id, compression_rate, still_current, language)
        with self._waiting_lock:
            earlier = self._waiting.get(session_id)
            if earlier is not None and earlier.future.cancel():
                logger.debug("A waiting summary job of %s gives way to a newer one", session_id)
            self._waiting[session_id] = job
            self._jobs.add(job.future)
            begins_now = session_id not in self._running
            job.submitted = begins_now
        job.future.add_done_callback(self._done)
        if begins_now:
            try:
                self._executor.submit(self._begin, job)
            except RuntimeError:  # closed: no job is left waiting
                job.future.cancel()
                raise
        return job.future

    def under_way(self, session_id: str) -> bool:
        """Whether the session's summaries are being made, or wait to be: a turn need not make them itself."""
        with self._waiting_lock:
            return session_id in self._running or session_id in self._waiting

    def _begin(self, job: _Job) -> None:
        session_id = job.session_id
        with self._waiting_lock:
            if not job.future.set_running_or_notify_cancel():
                return  # replaced by a newer job of its session
            if self._waiting.get(session_id) is job:
                del self._waiting[session_id]
            self._running.add(session_id)
        try:
            self._run(session_id, job.rate, job.still_current, job.language)
        except BaseException as error:
            job.future.set_exception(error)
        else:
            job.future.set_result(None)
        finally:
            self._begin_next(session_id)

    def _begin_next(self, session_id: str) -> None:
        """The session's job that waited for the one just ended, handed to a worker."""
        with self._waiting_lock:
            self._running.discard(session_id)
            follow = self._waiting.get(session_id)
            if follow is None or follow.submitted or follow.future.done():
                return
            follow.submitted = True
        try:
            self._executor.submit(self._begin, follow)
        except RuntimeError:  # closed meanwhile
            follow.future.cancel()

    def _done(self, job: Future) -> None:
        with self._waiting_lock:
            self._jobs.discard(job)

    def _run(self, session_id: str, rate: float, still_current: Callable[[], bool], language: str = "") -> None:
        if self._closed or not still_current():
            return
        try:
            settings = self.storage.load_settings(session_id)
            settings = replace(settings, language=language) if language else settings
            shares_cores = self.on_this_machine(settings)
            if shares_cores:
                self.wait_quiet()
            planner = self.planner_of(settings) if self.planner_of is not None else self.planner
            values = plan_input(self.read_state(session_id), session_id, settings)
            prepared = SessionPreparedSummaries(self.storage, session_id, still_current)
            planner.prepare(values, rate, prepared)
            model = planner.model
            if isinstance(model, BaseChatModel) and (not shares_cores or self.wait_quiet()):  # it names too
                name_session(model, self.storage, session_id, values, prepared.current, planner.deadline_seconds)
                if planner.facts:
                    list_facts(model, self.storage, session_id, values, prepared.current, planner.deadline_seconds)
        except Exception:  # the turn that needs it will make it inline
            self._log("Preparing summaries for %s failed", session_id)
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
        with self._waiting_lock:
            jobs = list(self._jobs)
        futures.wait(jobs)

    def shutdown(self) -> None:
        """Drop queued work and return at once; a summary being made is abandoned and writes nothing."""
        self._closed = True
        with self._waiting_lock:
            jobs = list(self._jobs)
        for job in jobs:
            job.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
