"""Seed 000: summarize every 3 completed turns; every summary stays (merged past a budget)."""

from graph.context import pending_summary_blocks
from graph.policies.base import ContextPolicy, PolicyInput


def due(view: PolicyInput):
    """Every full block of 3 completed, unsummarized turns."""
    return pending_summary_blocks(view.messages, view.history)


POLICY = ContextPolicy(
    name="every_three_turns",
    label="Summarize every 3 turns, keep every summary",
    due=due,
    consolidates=True,
)
