"""The graph input of a new turn: the person's cleaned message (the session's settings, the page's language among
them, go as the runtime context)."""

from collections.abc import Mapping, Sequence

from langchain_core.messages import HumanMessage


def turn_input(message: str | HumanMessage, session_id: str, compression_rate: float,
               attachments: Sequence[Mapping[str, object]] = ()) -> dict:
    """What the graph needs for one turn; the turn numbers it under the session's lock. `attachments` (the files
    sent with the message: name, and tokens or the reason it was refused) stay on the message, so its bubble shows
    them after a reload."""
    kept = {"attachments": [dict(item) for item in attachments]} if attachments else {}
    question = HumanMessage(message, additional_kwargs=kept) if isinstance(message, str) else message
    return {"messages": [question], "session_id": session_id, "compression_rate": compression_rate}
