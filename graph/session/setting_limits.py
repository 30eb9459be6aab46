"""What a person writes into a session's settings must fit every later request: a prompt or reminder over its share
of the budget is refused where it is set, saying the limit, and text storage cannot hold is made safe."""

from dataclasses import replace

from graph.request.budget import setting_limit
from graph.request.tokens import count_text
from graph.session.user_input import clean_user_text
from state.session import SessionSettings

WRITTEN = {"system_prompt": "The system prompt", "agent_prompt": "The agent prompt", "reminder": "The reminder"}


def checked_settings(before: SessionSettings, after: SessionSettings, request_limit: int) -> SessionSettings:
    """`after` with its texts cleaned (no control characters or lone surrogates), or ValueError naming a text that
    changed and is over its share of the budget (one saved before the budget was lowered is shortened per request)."""
    cleaned = replace(after, system_prompt=clean_user_text(after.system_prompt),
                      agent_prompt=clean_user_text(after.agent_prompt), reminder=clean_user_text(after.reminder))
    limit = setting_limit(min(request_limit, cleaned.context_budget))
    for name, label in WRITTEN.items():
        tokens = count_text(getattr(cleaned, name))
        if getattr(cleaned, name) != getattr(before, name) and tokens > limit:
            raise ValueError(f"{label} can be at most {limit:,} tokens with this model and budget; "
                             f"this one has {tokens:,}.")
    return cleaned
