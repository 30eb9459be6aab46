"""Totals shown under the summary history: how much the summaries compressed."""

from collections.abc import Sequence
from dataclasses import dataclass

from state import SummaryRecord


@dataclass(frozen=True)
class SummaryStats:
    """Seed 000's statistics: count, turns covered, characters before and after, saving in %."""

    summaries: int
    turns: int
    original_chars: int
    summary_chars: int

    @property
    def saving_percent(self) -> int:
        """Share of characters the summaries saved, rounded to a whole percent."""
        if not self.original_chars:
            return 0
        return round(100 * (1 - self.summary_chars / self.original_chars))


def summary_statistics(history: Sequence[SummaryRecord]) -> SummaryStats:
    """Add up every record of the history."""
    return SummaryStats(
        summaries=len(history),
        turns=sum(record["turn_length"] for record in history),
        original_chars=sum(record["original_chars"] for record in history),
        summary_chars=sum(record["summary_chars"] for record in history),
    )
