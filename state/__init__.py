"""Graph state and the plain data shared by the engine and its callers."""

from state.chat_state import ChatState, RequestPoint, RequestReport, SummaryRecord
from state.rates import (
    COMPRESSION_RATE_STEP,
    DEFAULT_COMPRESSION_RATE,
    MAX_COMPRESSION_RATE,
    MIN_COMPRESSION_RATE,
)
from state.session import DocumentInfo, EventKind, SessionInfo, SessionSettings, TurnEvent
from state.turns import message_text

__all__ = [
    "ChatState", "RequestPoint", "RequestReport", "SummaryRecord", "message_text",
    "COMPRESSION_RATE_STEP", "DEFAULT_COMPRESSION_RATE", "MAX_COMPRESSION_RATE", "MIN_COMPRESSION_RATE",
    "DocumentInfo", "EventKind", "SessionInfo", "SessionSettings", "TurnEvent",
]
