"""Graph state shared by the engine and the UI."""

from state.chat_state import ChatState, SummaryRecord

__all__ = ["ChatState", "SummaryRecord"]
