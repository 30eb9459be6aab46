"""The session's settings as a node receives them: LangGraph's runtime context, never checkpointed."""

from langgraph.runtime import Runtime

from state.session import SessionSettings

DEFAULTS = SessionSettings()


def session_settings(runtime: Runtime[SessionSettings] | None) -> SessionSettings:
    """The settings the turn runs with; the defaults when the graph is invoked without a context."""
    given = getattr(runtime, "context", None)
    return given if isinstance(given, SessionSettings) else DEFAULTS

