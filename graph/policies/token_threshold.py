"""Seed 001: 8,000 unsummarized tokens trigger an incremental, versioned summary; the 6 most recent
messages stay raw; messages are cut to 2,000 characters in the context (3,000 in the summary prompt)."""

from graph.policies.base import ContextPolicy, PolicyInput, block_of, keep_recent, uncovered_turns
from graph.request.tokens import count_messages

THRESHOLD_TOKENS = 8000
RECENT_MESSAGES = 6
CONTEXT_MESSAGE_CHARS = 2000


def due(view: PolicyInput):
    """All unsummarized turns but the ones holding the 6 latest messages, once they pass 8,000 tokens."""
    covered, turns = uncovered_turns(view)
    if count_messages([m for turn in turns for m in turn]) <= THRESHOLD_TOKENS:
        return []
    return block_of(covered, turns, len(turns) - keep_recent(turns, messages=RECENT_MESSAGES))


POLICY = ContextPolicy(
    name="token_threshold",
    label="Summarize after 8,000 new tokens, one summary updated",
    due=due,
    incremental=True,
    message_chars=CONTEXT_MESSAGE_CHARS,
)
