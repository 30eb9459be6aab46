"""Seed 003: more than 10 unsummarized messages trigger a summary of all but the 5 most recent;
the context carries a sliding window of the 3 latest summaries."""

from graph.policies.base import ContextPolicy, PolicyInput, block_of, keep_recent, uncovered_turns

MAX_MESSAGES = 10
KEEP_RECENT = 5
MAX_SUMMARIES = 3


def due(view: PolicyInput):
    """All unsummarized turns but those holding the 5 latest messages, past 10 messages."""
    covered, turns = uncovered_turns(view)
    if sum(len(turn) for turn in turns) <= MAX_MESSAGES:
        return []
    return block_of(covered, turns, len(turns) - keep_recent(turns, messages=KEEP_RECENT))


POLICY = ContextPolicy(
    name="sliding_window",
    label="Keep only the last 3 summaries (10 messages, 5 kept raw)",
    due=due,
    summaries_in_context=MAX_SUMMARIES,
)
