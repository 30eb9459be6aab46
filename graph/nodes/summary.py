"""Seed 000's summary step: every three completed turns become one SummaryRecord."""

import logging
from collections.abc import Sequence
from datetime import datetime, timezone

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage

from graph.context import message_text, pending_summary_blocks
from graph.tokens import count_text
from prompt.summary.summary_generator import get_prompt
from state import ChatState, SummaryRecord

logger = logging.getLogger(__name__)

DEFAULT_COMPRESSION_RATE = 0.3
MIN_COMPRESSION_RATE = 0.1
MAX_COMPRESSION_RATE = 0.5
SUMMARY_OVERSHOOT = 1.5
SUMMARY_SLACK_CHARS = 60
SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def clamp_rate(rate: object) -> float:
    """A usable compression rate whatever the state holds: 0.1 to 0.5, 0.3 when unreadable."""
    try:
        value = float(rate)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_COMPRESSION_RATE
    if value != value:  # NaN
        return DEFAULT_COMPRESSION_RATE
    return min(MAX_COMPRESSION_RATE, max(MIN_COMPRESSION_RATE, value))


def fit_to_target(summary: str, target_length: int) -> str:
    """Cut a summary that overshoots its target at the last sentence end that fits (or hard)."""
    limit = max(int(target_length * SUMMARY_OVERSHOOT), target_length + SUMMARY_SLACK_CHARS)
    if len(summary) <= limit:
        return summary
    head = summary[:limit]
    ends = [head.rfind(mark) for mark in SENTENCE_ENDS]
    cut = max(ends)
    if cut >= limit // 2:
        return head[: cut + 1].rstrip()
    return head.rstrip() + "…"


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


def make_summary_node(model: BaseChatModel):
    """A node that summarizes every full block of unsummarized turns; a failure waits for later."""

    def summary(state: ChatState) -> dict:
        history = list(state.get("summary_history") or [])
        blocks = pending_summary_blocks(state.get("messages", []), history)
        if not blocks:
            return {} if "summary_history" in state else {"summary_history": history}
        rate = clamp_rate(state.get("compression_rate", DEFAULT_COMPRESSION_RATE))
        thread_id = state.get("session_id", "")
        for turns, messages in blocks:
            try:
                history.append(summarize_block(model, thread_id, turns, messages, rate))
            except Exception:  # a failed summary must never fail the turn
                logger.warning("Summary of turns %s failed; retrying on a later turn", turns, exc_info=True)
                break
        return {"summary_history": history}

    return summary

