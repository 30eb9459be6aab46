"""A session's settings as storage keeps them: one JSON object of SessionSettings' fields by name, so a new setting
needs no column, a stored field no longer known is left out, and a field stored before it existed takes its
default. Both backends and the move between them read and write settings only through here."""

from dataclasses import asdict, fields
from typing import Any

from state.session import SessionSettings

# where settings were kept before they were one JSON value, each in a column of its own (migrations read them once)
SETTING_COLUMNS_BEFORE = ("system_prompt", "context_policy", "agent_prompt", "reminder", "hide_old_tool_results",
                          "compression_rate", "recall", "context_budget", "model")
BOOLEAN_COLUMNS_BEFORE = ("hide_old_tool_results", "recall")


def settings_value(settings: SessionSettings) -> dict[str, Any]:
    """The JSON object storage keeps for `settings`."""
    return asdict(settings)


def settings_from(value: dict[str, Any] | None) -> SessionSettings:
    """The settings a stored JSON object holds (defaults when none was stored); they enter as any settings do."""
    known = {field.name for field in fields(SessionSettings)}
    return SessionSettings(**{name: item for name, item in (value or {}).items() if name in known})
