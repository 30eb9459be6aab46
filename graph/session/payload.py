"""The graph input of a new turn: the person's cleaned message (the session's settings go as context)."""

from langchain_core.messages import HumanMessage


def turn_input(message: str | HumanMessage, session_id: str, compression_rate: float) -> dict:
    """What the graph needs for one turn; the runner numbers it under the session's lock."""
    question = HumanMessage(message) if isinstance(message, str) else message
    return {"messages": [question], "session_id": session_id, "compression_rate": compression_rate}
