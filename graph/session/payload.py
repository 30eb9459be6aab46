"""The graph input of a new turn: the person's cleaned message and the session's settings."""

from langchain_core.messages import HumanMessage

from graph.policies import policy_or_default
from state.rates import clamp_rate
from state.session import SessionSettings


def turn_input(text: str, session_id: str, settings: SessionSettings, compression_rate: float) -> dict:
    """What the graph needs for one turn; the runner numbers it under the session's lock."""
    return {
        "messages": [HumanMessage(text)],
        "session_id": session_id,
        "compression_rate": clamp_rate(compression_rate),
        "system_prompt": settings.system_prompt,
        "context_policy": policy_or_default(settings.context_policy),
        "agent_prompt": settings.agent_prompt,
        "reminder": settings.reminder,
        "hide_old_tool_results": settings.hide_old_tool_results,
        "recall": settings.recall,
    }
