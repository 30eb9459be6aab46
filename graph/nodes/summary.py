"""Seed 000's summary step: every three completed turns become one SummaryRecord, and the
oldest records are merged into higher levels when the summaries outgrow their budget."""

import logging
from collections.abc import Sequence
from datetime import datetime, timezone

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage

from graph.context import message_text
from graph.memory import (
    active_summaries,
    apply_merge,
    merge_records,
    merge_target_chars,
    plan_consolidation,
    record_tokens,
)
from graph.policies import PolicyInput, get_policy
from graph.summary_cache import SummaryCache, block_key, merge_key
from graph.summary_length import fit_to_target
from graph.tokens import count_messages, count_text
from prompt.summary.summary_generator import get_incremental_prompt, get_prompt
from state import ChatState, SummaryRecord

logger = logging.getLogger(__name__)

DEFAULT_COMPRESSION_RATE = 0.3
MIN_COMPRESSION_RATE = 0.1
MAX_COMPRESSION_RATE = 0.5
INLINE_MERGE_OVERSHOOT = 1.5
DEFAULT_CONTEXT_WINDOW = 128_000  # with a prefetcher, merge inline only past 1.5x the budget


def clamp_rate(rate: object) -> float:
    """A usable compression rate whatever the state holds: 0.1 to 0.5, 0.3 when unreadable."""
    try:
        value = float(rate)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_COMPRESSION_RATE
    if value != value:  # NaN
        return DEFAULT_COMPRESSION_RATE
    return min(MAX_COMPRESSION_RATE, max(MIN_COMPRESSION_RATE, value))


def generate_summary(
    model: BaseChatModel, messages: Sequence[BaseMessage], target_length: int, previous: str = ""
) -> str:
    """Ask the summary model for a summary of about `target_length` characters, and hold it to that.

    With a previous summary the request folds it in (seed 001's incremental summary).
    """
    prompt = get_incremental_prompt(previous, messages, target_length) if previous else get_prompt(
        messages, target_length)
    response = model.invoke([HumanMessage(prompt)])
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
    previous: SummaryRecord | None = None,
) -> SummaryRecord:
    """Summarize one block of whole turns into a complete record; with `previous`, a new version of it."""
    original = "".join(message_text(message) for message in messages)
    original_chars = len(original) + (previous["original_chars"] if previous else 0)
    summary = generate_summary(model, messages, int(original_chars * compression_rate),
                               previous["summary"] if previous else "")
    covered = list(range(previous["turns"][0], turns[-1] + 1)) if previous else turns
    record = SummaryRecord(
        thread_id=thread_id,
        turns=covered,
        turn_length=len(covered),
        original_chars=original_chars,
        summary_chars=len(summary),
        compression_rate=compression_rate,
        summary=summary,
        original_tokens=count_text(original) + (previous.get("original_tokens", 0) if previous else 0),
        summary_tokens=count_text(summary),
        created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )
    if previous is not None:
        record["version"] = previous.get("version", 1) + 1
    return record


def block_record(
    model: BaseChatModel,
    cache: SummaryCache | None,
    thread_id: str,
    turns: list[int],
    block: Sequence[BaseMessage],
    rate: float,
    previous: SummaryRecord | None,
) -> tuple[str, SummaryRecord]:
    """A block's cache key and record: the one made ahead when it matches exactly, otherwise made now."""
    key = block_key(thread_id, turns, block, rate, previous["summary"] if previous else "")
    ready = cache.take(key) if cache else None
    return key, ready or summarize_block(model, thread_id, turns, block, rate, previous)


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
    model: BaseChatModel,
    summary_budget_tokens: int | None = None,
    cache: SummaryCache | None = None,
    context_window: int = DEFAULT_CONTEXT_WINDOW,
    fixed_tokens: int = 0,
):
    """A node that summarizes what the session's context policy says is due; a failure waits for later.

    Blocks and merges made ahead of time by a prefetcher are taken from `cache` when they match
    exactly (same messages, same rate, same previous summary); anything else is made here, inline.
    """

    def summary(state: ChatState) -> dict:
        history = list(state.get("summary_history") or [])
        consolidated = list(state.get("consolidated") or [])
        policy = get_policy(state.get("context_policy"))
        messages = state.get("messages", [])
        rate = clamp_rate(state.get("compression_rate", DEFAULT_COMPRESSION_RATE))
        thread_id = state.get("session_id", "")
        update: dict = {}
        for turns, block in policy.due(PolicyInput(messages, history, context_window, fixed_tokens)):
            try:
                history.append(block_record(model, cache, thread_id, turns, block, rate, policy.previous(history))[1])
            except Exception:  # a failed summary must never fail the turn
                logger.warning("Summary of turns %s failed; retrying on a later turn", turns, exc_info=True)
                break
            if policy.name == "seed002":
                update["compression_notice"] = compression_notice(state, block, history[-1], fixed_tokens)
        update["summary_history"] = history
        if summary_budget_tokens and policy.consolidates:
            update["consolidated"] = consolidate(model, history, consolidated, summary_budget_tokens,
                                                 thread_id, cache)
        return update

    return summary


def compression_notice(state: ChatState, block: Sequence[BaseMessage], record: SummaryRecord, fixed: int) -> dict:
    """Seed 002's "context compressed" figures: tokens of the context before and after."""
    before = fixed + count_messages(state.get("messages", []))
    after = before - count_messages(block) + record["summary_tokens"]
    return {"turn": state.get("turn_count", 0), "before": before, "after": after}
