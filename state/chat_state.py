"""The shape of one session's state, as persisted by the checkpointer."""

from typing import Annotated, NotRequired, TypedDict

from langchain_core.messages import BaseMessage
from langgraph.graph.message import add_messages


class SummaryRecord(TypedDict):
    """One summary of consecutive completed turns (seed 000's summary_history item)."""

    thread_id: str
    turns: list[int]
    turn_length: int
    original_chars: int
    summary_chars: int
    compression_rate: float
    summary: str
    original_tokens: NotRequired[int]
    summary_tokens: NotRequired[int]
    created_at: NotRequired[str]


class ContextReport(TypedDict):
    """Token counts of the last model call, split by the part of the context they came from."""

    turn: int
    system_tokens: int
    summary_tokens: int
    raw_tokens: int
    current_tokens: int
    tool_tokens: int
    context_tokens: int
    history_tokens: int


class ChatState(TypedDict):
    """Whole transcript plus what the engine needs to build a bounded context."""

    messages: Annotated[list[BaseMessage], add_messages]
    session_id: str
    summary_history: list[SummaryRecord]
    turn_count: int
    compression_rate: float
    route: NotRequired[str]
    retrieved: NotRequired[list[dict]]
    system_prompt: NotRequired[str]
    context_report: NotRequired[ContextReport]
