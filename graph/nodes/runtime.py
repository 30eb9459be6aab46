"""The session's settings as a node receives them: LangGraph's runtime context, never checkpointed."""

from collections.abc import Mapping
from typing import Any

from langgraph.runtime import Runtime

from prompt.system import DESIGN_LANGUAGE
from state.session import SessionSettings

DEFAULTS = SessionSettings(language=DESIGN_LANGUAGE)  # a graph invoked without a context speaks the design's


def session_settings(runtime: Runtime[SessionSettings] | None) -> SessionSettings:
    """The settings the turn runs with; the defaults when the graph is invoked without a context."""
    given = getattr(runtime, "context", None)
    return given if isinstance(given, SessionSettings) else DEFAULTS


def turn_rate(state: Mapping[str, Any], runtime: Runtime[SessionSettings] | None) -> float:
    """The rate a turn summarizes at: the one its input names (the contract's `compression_rate` key), else the
    session's; made a setting like any other, so it is within bounds."""
    return session_settings(runtime).with_rate(state.get("compression_rate")).compression_rate
