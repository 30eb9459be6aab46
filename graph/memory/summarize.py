"""One summary request: whole turns in, a SummaryRecord of about the target length out."""

import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from graph.memory.extractive import ExtractiveSummarizer, summary_lines
from graph.memory.length import forced_fit, length_bounds, trim_to_bounds
from graph.memory.summary_labels import speaker_lines
from graph.models.deadline import invoke_within
from graph.reply.clean_text import clean_model_text
from graph.request.tokens import count_text
from prompt.summary.summary_generator import LENGTH_RETRY, get_incremental_prompt, get_prompt
from state import SummaryRecord
from state.turns import message_text

logger = logging.getLogger(__name__)


def ask(model: BaseChatModel, messages: list[BaseMessage], seconds: float | None) -> BaseMessage:
    """The summary model's answer, within `seconds` when given."""
    return invoke_within(model, messages, seconds) if seconds else model.invoke(messages)


Summarizer = BaseChatModel | ExtractiveSummarizer


def answer_at_length(model: BaseChatModel, prompt: str, target_length: int, seconds: float | None = None) -> str:
    """The model's summary within 10% of `target_length`: trimmed at a sentence end when too long; asked once
    more, stating the numbers, when too short or when no sentence end lands within; then the best it gave.

    `seconds` bounds both calls together; a failed second call keeps the first answer.
    """
    started = time.monotonic()
    first = clean_model_text(message_text(ask(model, [HumanMessage(prompt)], seconds))).strip()
    if not first:
        return ""
    if (fitted := trim_to_bounds(first, target_length)) is not None:
        return fitted
    left = seconds - (time.monotonic() - started) if seconds else None
    if left is not None and left <= 0:
        return forced_fit([first], target_length)
    low, high = length_bounds(target_length)
    again = LENGTH_RETRY.format(actual=len(first), low=low, high=high, target_length=target_length)
    try:
        second = clean_model_text(message_text(ask(model, [HumanMessage(prompt), AIMessage(first),
                                                           HumanMessage(again)], left))).strip()
    except Exception:  # a summary at the wrong length beats none: keep the first answer
        logger.info("The summary model's second answer failed; the first is kept", exc_info=True)
        second = ""
    return trim_to_bounds(second, target_length) or forced_fit([first, *([second] if second else [])],
                                                                target_length)


def generate_summary(
    model: Summarizer, messages: Sequence[BaseMessage], target_length: int, previous: str = "",
    seconds: float | None = None, language: str = "en",
) -> str:
    """Ask the summary model for a summary of `target_length` characters (within 10%), and hold it to that.

    With a previous summary the request folds it in (seed 001's incremental summary); `seconds` bounds the
    whole call. An extractive summarizer chooses the sentences itself, labelled in `language` (the page's).
    """
    if isinstance(model, ExtractiveSummarizer):
        lines = [*(summary_lines(previous) if previous else []), *speaker_lines(messages)]
        summary = model.summarize(lines, target_length, language)
        if not summary:
            raise ValueError("there is nothing to summarize")
        return summary
    prompt = get_incremental_prompt(previous, messages, target_length) if previous else get_prompt(
        messages, target_length)
    summary = answer_at_length(model, prompt, target_length, seconds)
    if not summary:
        raise ValueError("the summary model returned an empty summary")
    return summary


def summarize_block(
    model: Summarizer,
    session_id: str,
    turns: list[int],
    messages: Sequence[BaseMessage],
    compression_rate: float,
    previous: SummaryRecord | None = None,
    target_cap: int | None = None,
    seconds: float | None = None,
    language: str = "en",
) -> SummaryRecord:
    """Summarize one block of whole turns into a complete record; with `previous`, a new version of it.

    `target_cap` bounds the target length (an incremental summary would otherwise grow with the session).
    """
    original = "".join(message_text(message) for message in messages)
    original_chars = len(original) + (previous["original_chars"] if previous else 0)
    target = int(original_chars * compression_rate)
    if target_cap is not None:
        target = min(target, target_cap)
    summary = generate_summary(model, messages, target, previous["summary"] if previous else "", seconds, language)
    covered = list(range(previous["turns"][0], turns[-1] + 1)) if previous else turns
    record = SummaryRecord(
        thread_id=session_id,
        turns=covered,
        turn_length=len(covered),
        original_chars=original_chars,
        summary_chars=len(summary),
        compression_rate=compression_rate,
        summary=summary,
        requested_rate=compression_rate,
        measured_ratio=round(len(summary) / original_chars, 3) if original_chars else 0.0,
        original_tokens=count_text(original) + (previous.get("original_tokens", 0) if previous else 0),
        summary_tokens=count_text(summary),
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    if previous is not None:
        record["version"] = previous.get("version", 1) + 1
    return record
