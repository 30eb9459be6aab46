"""The request that merges the oldest summaries into one higher-level summary."""

from collections.abc import Sequence

from prompt.system import render_summary_lines
from state import SummaryRecord

MERGE_PROMPT = """Below are summaries of consecutive parts of one conversation, oldest first.
Merge them into ONE summary for the assistant's own memory.

Rules:
- Write in the same language as the summaries.
- Keep every name, number, date, decision and preference; drop repetition.
- Keep the order of events; later statements override earlier ones.
- One plain paragraph of about {target_length} characters.

Summaries:
{summaries}

Merged summary (about {target_length} characters):"""


def get_merge_prompt(records: Sequence[SummaryRecord], target_length: int) -> str:
    """The merge request for these records and this target length in characters."""
    return MERGE_PROMPT.format(
        target_length=max(target_length, 1), summaries="\n".join(render_summary_lines(records))
    )
