"""Make the next summary (and merge) after a reply is delivered, so the next turn only applies it;
then tidy the session's storage. One background worker per engine; it never blocks a turn."""

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from graph.memory.planner import SummaryPlanner
from graph.storage import Storage
from state.rates import clamp_rate

logger = logging.getLogger(__name__)


class SummaryPrefetcher:
    """Summaries ahead of time, then housekeeping, on one worker thread."""

    def __init__(self, planner: SummaryPlanner, storage: Storage,
                 read_state: Callable[[str], dict[str, Any]]) -> None:
        self.planner, self.storage, self.read_state = planner, storage, read_state
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="summary-prefetch")

    def schedule(self, session_id: str, compression_rate: float) -> Future:
        """Queue the work for a session after its turn; the rate is the one the next turn will use."""
        return self._executor.submit(self._run, session_id, clamp_rate(compression_rate))

    def _run(self, session_id: str, rate: float) -> None:
        try:
            self.planner.prepare({**self.read_state(session_id), "session_id": session_id}, rate)
        except Exception:  # the turn that needs it will make it inline
            logger.warning("Prefetching summaries for %s failed", session_id, exc_info=True)
        try:
            with self.storage.session_lock(session_id, wait=False) as held:
                if held:  # a running turn has priority; tidy after the next one
                    self.storage.prune_checkpoints(session_id)
                    self.storage.compact()
        except Exception:  # housekeeping is retried after the next turn
            logger.warning("Housekeeping for %s failed", session_id, exc_info=True)

    def wait(self) -> None:
        """Block until queued work is done."""
        self._executor.submit(lambda: None).result()

    def shutdown(self) -> None:
        """Drop queued work and wait for the running job; called when the engine closes."""
        self._executor.shutdown(wait=True, cancel_futures=True)
