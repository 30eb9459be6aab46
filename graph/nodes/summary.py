"""The summary step: what the session's policy says is due becomes SummaryRecords before the reply,
and the oldest records merge into higher levels when the summaries outgrow their budget."""

import logging
from collections.abc import Sequence
from typing import TypedDict

from langchain_core.messages import BaseMessage
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph.graph_config import session_settings, summaries_under_way, turn_rate
from graph.memory.planner import SummaryPlanner, plan_input
from graph.request.tokens import count_messages
from state import ChatState, SummaryRecord
from state.request_items import CompressionNotice
from state.session import SessionSettings

logger = logging.getLogger(__name__)


class SummaryUpdate(TypedDict, total=False):
    """What the summary step writes to the turn's state: the spans it summarized, the records it made or merged,
    and the "context compressed" figures when the policy announces them."""

    summarized: list[list[int]]
    summary_history: list[SummaryRecord]
    consolidated: list[SummaryRecord]
    compression_notice: CompressionNotice


def make_summary_node(planner: SummaryPlanner):
    """A node that applies the planner's due records (a block just due waits for the one being made ahead, when the
    turn began while it was); a failed summary waits for a later turn."""

    def summary(state: ChatState, config: RunnableConfig, runtime: Runtime[SessionSettings]) -> SummaryUpdate:
        values = plan_input(state, state.get("session_id", ""), session_settings(runtime))
        history = list(state.get("summary_history") or [])
        rate = turn_rate(state, runtime)
        update: SummaryUpdate = {"summarized": []}
        added: list[SummaryRecord] = []
        try:
            for planned in planner.records(values, rate, wait_for_prepared=summaries_under_way(config)):
                history.append(planned.record)
                added.append(planned.record)
                update["summarized"].append(planned.turns)
                if planner.policy(values).announces_compression:
                    update["compression_notice"] = compression_notice(state, planned.messages, planned.record,
                                                                      planner.fixed_tokens)
        except Exception:  # a failed summary must never fail the turn
            logger.warning("A summary failed; retrying on a later turn", exc_info=True)
        if added:  # the channel keeps the rest: only the new records are written
            update["summary_history"] = added
        if planner.budget_tokens and planner.policy(values).consolidates:
            consolidated = list(state.get("consolidated") or [])
            merged = planner.consolidate(values, history, consolidated)
            if merged != consolidated:  # written only when merged: each write is a new stored copy of the list
                update["consolidated"] = merged
        return update

    return summary


def compression_notice(state: ChatState, block: Sequence[BaseMessage], record: SummaryRecord,
                       fixed: int) -> CompressionNotice:
    """Seed 002's "context compressed" figures: tokens of the context before and after."""
    before = fixed + count_messages(state.get("messages", []))
    after = before - count_messages(block) + record.get("summary_tokens", 0)
    return {"turn": state.get("turn_count", 0), "before": before, "after": after}
