"""One summary request: whole turns in, a SummaryRecord of about the target length out."""

from collections.abc import Sequence
from datetime import UTC, datetime

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.memory.extractive import ExtractiveSummarizer, summary_lines
from graph.memory.length import fit_to_target
from graph.models.clean_text import clean_model_text
from graph.models.deadline import invoke_within
from graph.request.tokens import count_text
from prompt.summary.summary_generator import get_incremental_prompt, get_prompt
from state import SummaryRecord
from state.messages import message_text


def ask(model: BaseChatModel, messages: list[BaseMessage], seconds: float | None) -> BaseMessage:
    """The summary model's answer, within `seconds` when given."""
    return invoke_within(model, messages, seconds) if seconds else model.invoke(messages)


Summarizer = BaseChatModel | ExtractiveSummarizer


def speaker_lines(messages: Sequence[BaseMessage]) -> list[tuple[str, str]]:
    """The messages as (speaker, text): the person, the assistant (with the tools it called) and tool results."""
    lines = []
    for message in messages:
        text = message_text(message)
        if isinstance(message, ToolMessage):
            lines.append(("Tool", f"{message.name or 'tool'}: {text}"))
        elif isinstance(message, AIMessage):
            calls = [f"{call['name']}({call['args']})" for call in message.tool_calls]
            lines.append(("Assistant", " ".join([*(f"Called {call}." for call in calls), text]).strip()))
        else:
            lines.append(("User", text))
    return [(speaker, text) for speaker, text in lines if text]


def generate_summary(
    model: Summarizer, messages: Sequence[BaseMessage], target_length: int, previous: str = "",
    seconds: float | None = None,
) -> str:
    """Ask the summary model for a summary of about `target_length` characters, and hold it to that.

    With a previous summary the request folds it in (seed 001's incremental summary); `seconds` bounds the
    whole call. An extractive summarizer chooses the sentences itself.
    """
    if isinstance(model, ExtractiveSummarizer):
        lines = [*(summary_lines(previous) if previous else []), *speaker_lines(messages)]
        summary = model.summarize(lines, target_length)
        if not summary:
            raise ValueError("there is nothing to summarize")
        return summary
    prompt = get_incremental_prompt(previous, messages, target_length) if previous else get_prompt(
        messages, target_length)
    response = ask(model, [HumanMessage(prompt)], seconds)
    summary = fit_to_target(clean_model_text(message_text(response)).strip(), target_length)
    if not summary:
        raise ValueError("the summary model returned an empty summary")
    return summary


def summarize_block(
    model: Summarizer,
    thread_id: str,
    turns: list[int],
    messages: Sequence[BaseMessage],
    compression_rate: float,
    previous: SummaryRecord | None = None,
    target_cap: int | None = None,
    seconds: float | None = None,
) -> SummaryRecord:
    """Summarize one block of whole turns into a complete record; with `previous`, a new version of it.

    `target_cap` bounds the target length (an incremental summary would otherwise grow with the session).
    """
    original = "".join(message_text(message) for message in messages)
    original_chars = len(original) + (previous["original_chars"] if previous else 0)
    target = int(original_chars * compression_rate)
    if target_cap is not None:
        target = min(target, target_cap)
    summary = generate_summary(model, messages, target, previous["summary"] if previous else "", seconds)
    covered = list(range(previous["turns"][0], turns[-1] + 1)) if previous else turns
    record = SummaryRecord(
        thread_id=thread_id,
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
