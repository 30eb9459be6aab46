"""The context budget's bounds and default: the most tokens one model request may carry, set per session."""

from state.bounds import clamp

MIN_CONTEXT_BUDGET = 1_000
MAX_CONTEXT_BUDGET = 1_000_000
DEFAULT_CONTEXT_BUDGET = 4_000
CONTEXT_BUDGET_STEP = 500
SUMMARY_SHARE = 0.3  # at most this share of a request goes to summaries; recall takes what the rest leaves


def clamp_budget(budget: object) -> int:
    """A usable context budget whatever was given: 1,000 tokens or more, the default when unreadable."""
    return int(clamp(budget, MIN_CONTEXT_BUDGET, MAX_CONTEXT_BUDGET, DEFAULT_CONTEXT_BUDGET))


def summary_share(budget: int) -> int:
    """The tokens a request of at most `budget` tokens gives its summaries before the oldest merge."""
    return int(budget * SUMMARY_SHARE)
