"""Long-term memory in the context: every new summary, and the oldest merged into higher levels.

summary_history keeps every original 3-turn record (the panel shows them all); `consolidated`
holds the higher-level records that replace the oldest of them in the context, so the
summaries sent to the model stay within a token budget however long the session runs.
"""

from collections.abc import Sequence
from datetime import UTC, datetime

from graph.memory.extractive import ExtractiveSummarizer, summary_lines
from graph.memory.summarize import Summarizer, answer_at_length
from graph.request.tokens import count_text
from prompt.summary.consolidation import get_merge_prompt
from prompt.system import render_summary_lines
from state import SummaryRecord

MERGED_SHARE_OF_BUDGET = 3  # a merged record aims at a third of the budget
MERGE_LOW_MARK = 0.6  # a merge brings the summaries down to this share of their budget: the next waits for several


def covered_by(consolidated: Sequence[SummaryRecord]) -> int:
    """The last turn the consolidated records cover."""
    return consolidated[-1]["turns"][-1] if consolidated else 0


def active_summaries(
    history: Sequence[SummaryRecord], consolidated: Sequence[SummaryRecord]
) -> list[SummaryRecord]:
    """What the context carries: the consolidated records, then originals newer than them."""
    covered = covered_by(consolidated)
    return [*consolidated, *(record for record in history if record["turns"][0] > covered)]


def record_tokens(record: SummaryRecord) -> int:
    """Tokens a record costs in the system prompt."""
    return sum(count_text(line) for line in render_summary_lines([record]))


def plan_consolidation(active: Sequence[SummaryRecord], budget_tokens: int) -> list[SummaryRecord]:
    """The oldest records to merge so the active summaries fit the budget again ([] when they fit)."""
    sizes = [record_tokens(record) for record in active]
    total = sum(sizes)
    if total <= budget_tokens or len(active) < 2:
        return []
    needed = total - int(budget_tokens * MERGE_LOW_MARK) + budget_tokens // MERGED_SHARE_OF_BUDGET
    taken, freed = [], 0
    for record, size in zip(active, sizes, strict=True):
        taken.append(record)
        freed += size
        if freed >= needed and len(taken) >= 2:
            break
    return taken


def merge_target_chars(records: Sequence[SummaryRecord], budget_tokens: int) -> int:
    """Characters for a merged record: a third of the budget, at this text's characters per token."""
    chars = sum(len(record["summary"]) for record in records)
    tokens = sum(record_tokens(record) for record in records) or 1
    return int(budget_tokens // MERGED_SHARE_OF_BUDGET * chars / tokens)


def merge_records(
    model: Summarizer, records: Sequence[SummaryRecord], target_chars: int, session_id: str,
    seconds: float | None = None, language: str = "en",
) -> SummaryRecord:
    """One higher-level record covering every turn of `records` (an extract's lines labelled in `language`)."""
    if isinstance(model, ExtractiveSummarizer):
        summary = model.summarize([line for record in records for line in summary_lines(record["summary"])],
                                  target_chars, language)
    else:
        summary = answer_at_length(model, get_merge_prompt(records, target_chars), target_chars, seconds)
    if not summary:
        raise ValueError("the summary model returned an empty merged summary")
    first, last = records[0]["turns"][0], records[-1]["turns"][-1]
    original_chars = sum(record["original_chars"] for record in records)
    return SummaryRecord(
        thread_id=session_id,
        turns=list(range(first, last + 1)),
        turn_length=last - first + 1,
        original_chars=original_chars,
        summary_chars=len(summary),
        compression_rate=round(target_chars / original_chars, 3) if original_chars else 0.0,
        summary=summary,
        requested_rate=round(target_chars / original_chars, 3) if original_chars else 0.0,
        measured_ratio=round(len(summary) / original_chars, 3) if original_chars else 0.0,
        original_tokens=sum(record.get("original_tokens", 0) for record in records),
        summary_tokens=count_text(summary),
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        level=max(record.get("level", 1) for record in records) + 1,
        sources=sum(record.get("sources", 1) for record in records),
    )


def apply_merge(consolidated: Sequence[SummaryRecord], merged: SummaryRecord) -> list[SummaryRecord]:
    """The consolidated list once `merged` replaces the records it covers."""
    first = merged["turns"][0]
    return [*(record for record in consolidated if record["turns"][-1] < first), merged]
