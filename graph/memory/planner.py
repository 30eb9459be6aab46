"""The one summary plan: due blocks -> the record each folds in -> block records -> consolidation.

The summary node, the background preparer and the UI's "summarizing…" notice all ask this
planner, so they agree on what is due and on the keys summaries are prepared under (a drift would be a silent miss).
"""

import logging
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage

from graph.context import covered_turn_count
from graph.memory.merge import (
    active_summaries,
    apply_merge,
    merge_records,
    merge_target_chars,
    plan_consolidation,
    record_tokens,
)
from graph.memory.prepared_keys import block_key, merge_key
from graph.memory.summarize import Summarizer, summarize_block
from graph.policies import ContextPolicy, PolicyInput, get_policy
from graph.storage import PreparedSummaries
from state import SummaryRecord
from state.budgets import summary_share
from state.session import SessionSettings
from state.turns import split_turns

logger = logging.getLogger(__name__)

DEFAULT_CONTEXT_WINDOW = 128_000
INLINE_MERGE_OVERSHOOT = 1.5  # with a preparer, merge inline only past 1.5x the budget
LATE_TURNS = 3  # turns a due block may wait for its summary prepared ahead before a turn makes it itself


def plan_input(state: Mapping[str, Any], session_id: str, settings: SessionSettings) -> dict[str, Any]:
    """A session's saved values as the planner reads them: with its id, its context policy, its context budget
    and the page's language summaries are labelled in (settings, so they are not in the state)."""
    return {**state, "session_id": session_id, "context_policy": settings.context_policy,
            "context_budget": settings.context_budget, "language": settings.language}


def language(values: Mapping[str, Any]) -> str:
    """The page's language the session's summaries are labelled in."""
    return str(values.get("language") or "en")


@dataclass(frozen=True)
class PlannedRecord:
    """A block summary the plan produced, with the key it is prepared under and the messages it covers."""

    key: str
    turns: list[int]  # the block summarized now (an incremental record covers more)
    messages: list[BaseMessage]
    record: SummaryRecord


@dataclass
class SummaryPlanner:
    """What to summarize and merge for a session's state, under its context policy."""

    model: Summarizer  # the summary model, or the extractive summarizer standing in for it
    prepared: PreparedSummaries | None = None  # where summaries prepared ahead wait; None: none are
    budget_tokens: int | None = None
    context_window: int = DEFAULT_CONTEXT_WINDOW
    fixed_tokens: int = 0  # the base prompt and tool schemas every request carries
    incremental_cap_chars: int | None = None
    deadline_seconds: float | None = None  # the most one summary or merge call may take
    facts: bool = False  # the summary model can list the facts of summarized turns (a capable, remote one)
    late_turns: int = LATE_TURNS  # turns a block being made ahead may come late (0: a turn makes it at once)

    def policy(self, values: Mapping[str, Any]) -> ContextPolicy:
        """The session's context policy."""
        return get_policy(values.get("context_policy"))

    def due(self, values: Mapping[str, Any], history: Sequence[SummaryRecord] | None = None):
        """The blocks of whole turns due now, oldest first, with their turn numbers."""
        history = list(values.get("summary_history") or []) if history is None else history
        view = PolicyInput(values.get("messages", []), history, self.context_window, self.fixed_tokens)
        return self.policy(values).due(view)

    def due_turns(self, values: Mapping[str, Any], wait_for_prepared: bool = False) -> list[list[int]]:
        """The turn numbers the next turn will summarize before it answers; with `wait_for_prepared` (the preparer is
        at the session), not those of the blocks it leaves to the preparer (see `records`)."""
        blocks = [turns for turns, _ in self.due(values)]
        if not self._waits(wait_for_prepared):
            return blocks
        long_due = self._long_due_starts(values)
        return blocks[:next((index for index, turns in enumerate(blocks) if turns[0] not in long_due), len(blocks))]

    def _waits(self, wait_for_prepared: bool) -> bool:
        """Whether a turn begun while the preparer is at its session leaves a block just due to it: only a model's
        summary is waited for (the text's own sentences cost no wait), and only when summaries may come late."""
        return (wait_for_prepared and self.late_turns > 0 and self.prepared is not None
                and isinstance(self.model, BaseChatModel))

    def records(self, values: Mapping[str, Any], rate: float, wait_for_prepared: bool = False
                ) -> Iterator[PlannedRecord]:
        """Each due block's record: the one prepared ahead when it matches exactly, otherwise made now.

        With `wait_for_prepared` (a turn begun while the preparer is at the session) a block due for fewer than
        `late_turns` turns and not yet prepared is left, with the blocks after it, to the preparer when a model makes
        it: the turn carries those turns raw (within its budget) instead of waiting for a summary model, and a later
        turn applies the summary."""
        history = list(values.get("summary_history") or [])
        policy, session_id = self.policy(values), values.get("session_id", "")
        cap = self.incremental_cap_chars if policy.incremental else None
        long_due = self._long_due_starts(values) if self._waits(wait_for_prepared) else None
        for turns, block in self.due(values, history):
            previous = policy.previous(history)
            key = block_key(session_id, turns, block, rate, previous["summary"] if previous else "", language(values))
            ready = self.prepared.prepared_take(key) if self.prepared else None
            if ready is None and long_due is not None and turns[0] not in long_due:
                logger.debug("Turns %s-%s wait for their summary made ahead", turns[0], turns[-1])
                return
            record = ready or summarize_block(self.model, session_id, turns, block, rate, previous, cap,
                                              self.deadline_seconds, language(values))
            history.append(record)
            yield PlannedRecord(key, turns, block, record)

    def _long_due_starts(self, values: Mapping[str, Any]) -> set[int]:
        """The first turns of the blocks that were already due `late_turns` completed turns ago."""
        turns, _ = split_turns(values.get("messages", []))
        if len(turns) <= self.late_turns:
            return set()
        earlier = {**values, "messages": [message for turn in turns[:-self.late_turns] for message in turn]}
        return {numbers[0] for numbers in self.due_turns(earlier)}

    def summarize_now(self, values: Mapping[str, Any], rate: float) -> SummaryRecord | None:
        """One record of every completed turn no summary covers, but the last (it stays raw); None if none."""
        turns, _ = split_turns(values.get("messages", []))
        history = list(values.get("summary_history") or [])
        covered = covered_turn_count(history)
        if len(turns) - 1 <= covered:
            return None
        numbers = list(range(covered + 1, len(turns)))
        block = [message for turn in turns[covered:-1] for message in turn]
        policy = self.policy(values)
        cap = self.incremental_cap_chars if policy.incremental else None
        return summarize_block(self.model, values.get("session_id", ""), numbers, block, rate,
                               policy.previous(history), cap, self.deadline_seconds, language(values))

    def summary_budget(self, values: Mapping[str, Any]) -> int | None:
        """The tokens this session's summaries may take: the engine's cap, within a share of the session's own
        context budget (a small budget leaves recall and recent turns their room); None when unbounded."""
        if not self.budget_tokens:
            return None
        context = values.get("context_budget")
        return min(self.budget_tokens, summary_share(context)) if context else self.budget_tokens

    def merge_plan(self, history: Sequence[SummaryRecord], consolidated: Sequence[SummaryRecord],
                   budget: int | None) -> list[SummaryRecord]:
        """The oldest active records to merge so the summaries fit `budget` ([] when they fit or unbounded)."""
        if not budget:
            return []
        return plan_consolidation(active_summaries(history, consolidated), budget)

    def consolidate(self, values: Mapping[str, Any], history: list[SummaryRecord],
                    consolidated: list[SummaryRecord]) -> list[SummaryRecord]:
        """Merge the oldest active records when they exceed the session's budget; a merge prepared ahead is free.

        Where summaries are prepared ahead (a preparer makes merges) the merge waits for it unless far over the budget.
        """
        budget, session_id = self.summary_budget(values), values.get("session_id", "")
        plan = self.merge_plan(history, consolidated, budget)
        if not plan or not budget:
            return consolidated
        ready = self.prepared.prepared_take(merge_key(session_id, plan, language(values))) if self.prepared else None
        if ready is None:
            total = sum(record_tokens(record) for record in active_summaries(history, consolidated))
            if self.prepared is not None and total <= budget * INLINE_MERGE_OVERSHOOT:
                return consolidated
            try:
                ready = merge_records(self.model, plan, merge_target_chars(plan, budget), session_id,
                                      self.deadline_seconds, language(values))
            except Exception:  # a failed merge only delays it
                logger.warning("Merging summaries of turns %s-%s failed", plan[0]["turns"][0],
                               plan[-1]["turns"][-1], exc_info=True)
                return consolidated
        return apply_merge(consolidated, ready)

    def prepare(self, values: Mapping[str, Any], rate: float, prepared: PreparedSummaries | None = None) -> None:
        """Prepare the blocks and the merge the next turn will need, where prepared summaries wait (the planner's
        own place, or the one given)."""
        prepared = prepared or self.prepared
        if prepared is None:
            return
        session_id = values.get("session_id", "")
        history = list(values.get("summary_history") or [])
        for planned in self.records(values, rate):
            prepared.prepared_put(planned.key, session_id, planned.record.copy())
            history.append(planned.record)
        if not self.policy(values).consolidates:
            return
        budget = self.summary_budget(values)
        plan = self.merge_plan(history, values.get("consolidated") or [], budget)
        key = merge_key(session_id, plan, language(values))
        if plan and budget and not prepared.prepared_has(key):
            merged = merge_records(self.model, plan, merge_target_chars(plan, budget), session_id,
                                   self.deadline_seconds, language(values))
            prepared.prepared_put(key, session_id, merged.copy())
