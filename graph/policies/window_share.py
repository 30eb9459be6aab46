"""Seed 002: compress when the context passes 60% of the model's window (tool definitions counted),
with at least 10 messages; the 6 most recent rounds stay raw."""

from graph.policies.base import ContextPolicy, PolicyInput, block_of, keep_recent, uncovered_turns
from graph.request.tokens import count_messages

WINDOW_SHARE = 0.6
KEEP_ROUNDS = 6
MIN_MESSAGES = 10


def due(view: PolicyInput):
    """Everything but the last 6 rounds, when the full context would pass 60% of the window."""
    covered, turns = uncovered_turns(view)
    messages = [m for turn in turns for m in turn]
    total = view.fixed_tokens + count_messages(messages)
    if total <= view.context_window * WINDOW_SHARE or len(messages) < MIN_MESSAGES:
        return []
    return block_of(covered, turns, len(turns) - keep_recent(turns, rounds=KEEP_ROUNDS))


POLICY = ContextPolicy(
    name="window_share",
    label="Summarize past 60% of the window, 6 recent rounds kept",
    due=due,
    incremental=True,
    announces_compression=True,
)
