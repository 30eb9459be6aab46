"""Make the next summary (and merge) after a reply is delivered, so the next turn only applies it."""

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph.state import CompiledStateGraph

from graph.housekeeping import tidy_session
from graph.locks import session_lock
from graph.memory import active_summaries, merge_records, merge_target_chars, plan_consolidation
from graph.nodes.summary import block_record, clamp_rate
from graph.policies import PolicyInput, get_policy
from graph.summary_cache import SummaryCache, merge_key
from graph.turns import thread_config

logger = logging.getLogger(__name__)


class SummaryPrefetcher:
    """One background worker per app: summaries ahead of time, then housekeeping; never blocks a turn."""

    def __init__(
        self,
        graph: CompiledStateGraph,
        model: BaseChatModel,
        saver: SqliteSaver,
        cache: SummaryCache,
        summary_budget_tokens: int | None,
        context_window: int = 128_000,
        fixed_tokens: int = 0,
    ) -> None:
        self.graph, self.model, self.saver, self.cache = graph, model, saver, cache
        self.summary_budget_tokens = summary_budget_tokens
        self.context_window = context_window
        self.fixed_tokens = fixed_tokens
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="summary-prefetch")

    def schedule(self, session_id: str, compression_rate: float) -> Future:
        """Queue the work for a session after its turn; the rate is the one the next turn will use."""
        return self._executor.submit(self._run, session_id, clamp_rate(compression_rate))

    def _run(self, session_id: str, rate: float) -> None:
        try:
            self.prepare(session_id, rate)
        except Exception:  # the turn that needs it will make it inline
            logger.warning("Prefetching summaries for %s failed", session_id, exc_info=True)
        lock = session_lock(session_id)
        if lock.acquire(blocking=False):  # a running turn has priority; tidy next time
            try:
                tidy_session(self.saver, session_id)
            finally:
                lock.release()

    def prepare(self, session_id: str, rate: float) -> None:
        """Summarize the blocks the next turn will need, and the merge it will need, into the cache."""
        values = self.graph.get_state(thread_config(session_id)).values
        history = list(values.get("summary_history") or [])
        policy = get_policy(values.get("context_policy"))
        view = PolicyInput(values.get("messages", []), history, self.context_window, self.fixed_tokens)
        for turns, messages in policy.due(view):
            previous = policy.previous(history)
            key, record = block_record(self.model, self.cache, session_id, turns, messages, rate, previous)
            self.cache.put(key, session_id, record)
            history.append(record)
        if not self.summary_budget_tokens or not policy.consolidates:
            return
        plan = plan_consolidation(active_summaries(history, values.get("consolidated") or []),
                                  self.summary_budget_tokens)
        if plan and not self.cache.has(merge_key(session_id, plan)):
            target = merge_target_chars(plan, self.summary_budget_tokens)
            self.cache.put(merge_key(session_id, plan), session_id,
                           merge_records(self.model, plan, target, session_id))

    def wait(self) -> None:
        """Block until queued work is done (benchmarks and tests)."""
        self._executor.submit(lambda: None).result()

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
