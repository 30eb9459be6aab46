"""A session's settings as storage keeps them: one JSON object of SessionSettings' fields by name, so a new setting
needs no column, a stored field no longer known is left out, and a field stored before it existed takes its
default. A value damaged in the database (not JSON, not an object, a field of the wrong type) reads as the
default, reported once in the log, so the session still loads and answers. Both backends and the move between
them read and write settings only through here."""

import logging
import threading
from collections.abc import Callable
from dataclasses import asdict, fields, replace
from typing import Any

from state.session import SessionSettings

logger = logging.getLogger(__name__)

# where settings were kept before they were one JSON value, each in a column of its own (migrations read them once)
SETTING_COLUMNS_BEFORE = ("system_prompt", "context_policy", "agent_prompt", "reminder", "hide_old_tool_results",
                          "compression_rate", "recall", "context_budget", "model")
BOOLEAN_COLUMNS_BEFORE = ("hide_old_tool_results", "recall")
REPORTED_AT_MOST = 10_000  # damaged values remembered as reported; past this the log may repeat one
SHOWN_CHARS = 200  # of a damaged value, in the log


class DamageReport:
    """Each damaged value of each session told in the log once, however often it is read."""

    def __init__(self) -> None:
        self._told: set[tuple[str, str, str]] = set()
        self._guard = threading.Lock()

    def tell(self, session_id: str, name: str, value: object) -> None:
        """Warn that `value` (of the field `name`, or the whole value when '') reads as the default."""
        shown = repr(value)[:SHOWN_CHARS]
        with self._guard:
            if (session_id, name, shown) in self._told:
                return
            if len(self._told) >= REPORTED_AT_MOST:
                self._told.clear()
            self._told.add((session_id, name, shown))
        what = f"setting {name!r}" if name else "settings"
        logger.warning("Session %r: the stored %s %s cannot be read; the default is used instead.", session_id,
                       what, shown)


DAMAGE = DamageReport()


def settings_value(settings: SessionSettings) -> dict[str, Any]:
    """The JSON object storage keeps for `settings`."""
    return asdict(settings)


def settings_from(value: object, session_id: str = "") -> SessionSettings:
    """The settings a stored JSON value holds (defaults when none was stored); they enter as any settings do, and a
    value that is no object, or a field of the wrong type, is the default (reported once)."""
    if value is None:
        return SessionSettings()
    if not isinstance(value, dict):
        DAMAGE.tell(session_id, "", value)
        return SessionSettings()
    known = {field.name for field in fields(SessionSettings)}
    chosen = {name: item for name, item in value.items() if name in known}
    try:
        return SessionSettings(**chosen)
    except (TypeError, ValueError):
        return field_by_field(chosen, session_id)


def field_by_field(chosen: dict[str, Any], session_id: str) -> SessionSettings:
    """The settings with each readable field as stored and each damaged one at its default (reported once)."""
    settings = SessionSettings()
    for name, item in chosen.items():
        try:
            settings = replace(settings, **{name: item})
        except (TypeError, ValueError):
            DAMAGE.tell(session_id, name, item)
    return settings


def stored_settings(stored: object, load: Callable[[Any], Any], session_id: str) -> SessionSettings:
    """The settings of a stored column value, read by the backend's `load`: text that is not JSON reads as the
    default (reported once) like any damaged value."""
    if stored is None:
        return SessionSettings()
    try:
        value = load(stored)
    except (TypeError, ValueError):
        DAMAGE.tell(session_id, "", stored)
        return SessionSettings()
    return settings_from(value, session_id)
