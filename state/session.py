"""Plain data the engine hands to its callers: session rows, per-session settings, documents, events."""

from dataclasses import dataclass, field
from typing import Any, Literal

from state.rates import DEFAULT_COMPRESSION_RATE


@dataclass(frozen=True)
class SessionInfo:
    """One row of the session list."""

    session_id: str
    title: str
    updated_at: str
    turns: int


@dataclass(frozen=True)
class SessionSettings:
    """A session's own choices, kept in the database; the one place they live."""

    system_prompt: str = ""
    context_policy: str = ""
    agent_prompt: str = ""
    reminder: str = ""
    hide_old_tool_results: bool = False
    compression_rate: float = DEFAULT_COMPRESSION_RATE
    recall: bool = True


@dataclass(frozen=True)
class DocumentInfo:
    """A document attached to a session, and how the context uses it."""

    id: int
    title: str
    tokens: int
    mode: str  # "whole": rides in the context; "indexed": chunks are retrieved


EventKind = Literal["token", "tool", "summary", "notice", "reply", "error"]


@dataclass(frozen=True)
class TurnEvent:
    """Something a caller shows while a turn runs.

    token: a piece of the streamed reply; tool: a tool call (data["phase"] "call") or its result
    ("result"); summary: summaries were made; notice: something the person should know (data["code"]);
    reply: the turn's final answer (data["stopped"] when the person stopped it); error: the turn failed,
    the message is kept and Retry resumes it.
    """

    kind: EventKind
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
