"""Seed 000's summary step: every three completed turns become one SummaryRecord, and the
oldest records are merged into higher levels when the summaries outgrow their budget."""

import logging
from collections.abc import Sequence
from datetime import datetime, timezone

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage

from graph.context import message_text, pending_summary_blocks
from graph.memory import (
    active_summaries,
    apply_merge,
    merge_records,
    merge_target_chars,
    plan_consolidation,
    record_tokens,
)
from graph.summary_cache import SummaryCache, block_key, merge_key
from graph.summary_length import fit_to_target
from graph.tokens import count_text
from prompt.summary.summary_generator import get_prompt
from state import ChatState, SummaryRecord

logger = logging.getLogger(__name__)

DEFAULT_COMPRESSION_RATE = 0.3
MIN_COMPRESSION_RATE = 0.1
MAX_COMPRESSION_RATE = 0.5
INLINE_MERGE_OVERSHOOT = 1.5  # with a prefetcher, merge inline only past 1.5x the budget


def clamp_rate(rate: object) -> float:
    """A usable compression rate whatever the state holds: 0.1 to 0.5, 0.3 when unreadable."""
    try:
        value = float(rate)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_COMPRESSION_RATE
    if value != value:  # NaN
        return DEFAULT_COMPRESSION_RATE
    return min(MAX_COMPRESSION_RATE, max(MIN_COMPRESSION_RATE, value))


def generate_summary(model: BaseChatModel, messages: Sequence[BaseMessage], target_length: int) -> str:
    """Ask the summary model for a summary of about `target_length` characters, and hold it to that."""
    response = model.invoke([HumanMessage(get_prompt(messages, target_length))])
    summary = fit_to_target(message_text(response).strip(), target_length)
    if not summary:
        raise ValueError("the summary model returned an empty summary")
    return summary


def summarize_block(
    model: BaseChatModel,
    thread_id: str,
    turns: list[int],
    messages: Sequence[BaseMessage],
    compression_rate: float,
) -> SummaryRecord:
    """Summarize one block of whole turns into a complete record."""
    original = "".join(message_text(message) for message in messages)
    summary = generate_summary(model, messages, int(len(original) * compression_rate))
    return SummaryRecord(
        thread_id=thread_id,
        turns=turns,
        turn_length=len(turns),
        original_chars=len(original),
        summary_chars=len(summary),
        compression_rate=compression_rate,
        summary=summary,
        original_tokens=count_text(original),
        summary_tokens=count_text(summary),
        created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )


def consolidate(
    model: BaseChatModel,
    history: list[SummaryRecord],
    consolidated: list[SummaryRecord],
    budget_tokens: int,
    thread_id: str,
    cache: SummaryCache | None,
) -> list[SummaryRecord]:
    """Merge the oldest active records when they exceed the budget; a prefetched merge is free.

    With a prefetcher the merge is left to it unless the summaries are far over the budget.
    """
    active = active_summaries(history, consolidated)
    plan = plan_consolidation(active, budget_tokens)
    if not plan:
        return consolidated
    ready = cache.take(merge_key(thread_id, plan)) if cache else None
    if ready is None:
        total = sum(record_tokens(record) for record in active)
        if cache is not None and total <= budget_tokens * INLINE_MERGE_OVERSHOOT:
            return consolidated
        try:
            ready = merge_records(model, plan, merge_target_chars(plan, budget_tokens), thread_id)
        except Exception:  # a failed merge only delays it
            logger.warning("Merging summaries of turns %s-%s failed", plan[0]["turns"][0],
                           plan[-1]["turns"][-1], exc_info=True)
            return consolidated
    return apply_merge(consolidated, ready)


def make_summary_node(
    model: BaseChatModel, summary_budget_tokens: int | None = None, cache: SummaryCache | None = None
):
    """A node that summarizes every full block of unsummarized turns; a failure waits for later.

    Blocks and merges made ahead of time by a prefetcher are taken from `cache` when they match
    exactly (same messages, same rate); anything else is made here, inline.
    """

    def summary(state: ChatState) -> dict:
        history = list(state.get("summary_history") or [])
        consolidated = list(state.get("consolidated") or [])
        blocks = pending_summary_blocks(state.get("messages", []), history)
        rate = clamp_rate(state.get("compression_rate", DEFAULT_COMPRESSION_RATE))
        thread_id = state.get("session_id", "")
        for turns, messages in blocks:
            try:
                ready = cache.take(block_key(thread_id, turns, messages, rate)) if cache else None
                history.append(ready or summarize_block(model, thread_id, turns, messages, rate))
            except Exception:  # a failed summary must never fail the turn
                logger.warning("Summary of turns %s failed; retrying on a later turn", turns, exc_info=True)
                break
        update: dict = {"summary_history": history}
        if summary_budget_tokens:
            update["consolidated"] = consolidate(model, history, consolidated, summary_budget_tokens,
                                                 thread_id, cache)
        return update

    return summary
