"""Plain data the engine hands to its callers: session rows, per-session settings, documents, events."""

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, NotRequired, TypedDict, cast

from state.budgets import DEFAULT_CONTEXT_BUDGET, clamp_budget
from state.rates import DEFAULT_COMPRESSION_RATE, clamp_rate
from state.refusals import Refused, checked_setting
from state.request_items import CitedDocument
from state.time_zones import is_zone_name, shown_zone_name


@dataclass(frozen=True)
class SessionInfo:
    """One row of the session list."""

    session_id: str
    title: str
    updated_at: str
    turns: int


RENAMED_POLICIES = {"seed000": "every_three_turns", "seed001": "token_threshold", "seed002": "window_share",
                    "seed003": "sliding_window"}  # context-policy ids stored before the policies had names


@dataclass(frozen=True)
class SessionSettings:
    """A session's own choices, kept in the database; the one place they live. The graph's runtime context
    (`context_schema`): each turn's nodes read them from there, so no checkpoint copies them. Storage keeps every
    field by its name, so a new setting is a field here and its control."""

    system_prompt: str = ""
    context_policy: str = ""
    agent_prompt: str = ""
    reminder: str = ""
    hide_old_tool_results: bool = False
    compression_rate: float = DEFAULT_COMPRESSION_RATE
    recall: bool = True
    context_budget: int = DEFAULT_CONTEXT_BUDGET
    model: str = ""  # the model that answers this session; '' (or one the endpoint no longer serves): the default
    language: str = "en"  # the page's language; each turn runs with its caller's, for what a reply tells the person
    time_zone: str = ""  # the person's (their browser's IANA name): the clock's time, the day a turn is said on;
    # '' the server's

    def __post_init__(self) -> None:
        """Validated once, where settings enter (the page, the session API, storage, a turn's input): every field
        of its type (WrongType says which is not), the time zone one the zone database holds (Refused otherwise:
        stored, it reads as none), the compression rate and the context budget within bounds (NaN is the default);
        everything after trusts them."""
        for setting in fields(self):
            checked_setting(setting.name, setting.type, getattr(self, setting.name))
        if not is_zone_name(self.time_zone):
            raise Refused("time_zone_unknown", given=shown_zone_name(self.time_zone))
        object.__setattr__(self, "compression_rate", clamp_rate(self.compression_rate))
        object.__setattr__(self, "context_budget", clamp_budget(self.context_budget))

    def with_rate(self, compression_rate: float | None) -> "SessionSettings":
        """These settings at the rate a caller gave (the session API's and the contract's `compression_rate`),
        within bounds like any; unchanged when none was given."""
        return self if compression_rate is None else replace(self, compression_rate=compression_rate)


@dataclass(frozen=True)
class DocumentInfo:
    """A document attached to a session, and how the context uses it."""

    id: int
    title: str
    tokens: int
    mode: str  # "whole": rides in the context; "indexed": chunks are retrieved


EventKind = Literal["token", "tool", "summary", "notice", "reply", "error"]


class ToolData(TypedDict):
    """A tool call ("call": its arguments) or its result ("result": the tool's name and status)."""

    phase: Literal["call", "result"]
    id: str
    args: NotRequired[dict[str, Any]]
    name: NotRequired[str | None]
    status: NotRequired[str]


class SummaryData(TypedDict):
    """The turn spans summarized on this turn."""

    turns: list[list[int]]


class NoticeData(TypedDict):
    """Something the person should know; "compressed" carries the context's tokens before and after,
    "pins_left_out" how many pinned messages the request could not carry."""

    code: str
    turn: NotRequired[int]
    before: NotRequired[int]
    after: NotRequired[int]
    count: NotRequired[int]


class ReplyData(TypedDict, total=False):
    """The documents the answer cites, and whether the person stopped it."""

    sources: list[CitedDocument]
    stopped: bool


class ErrorData(TypedDict, total=False):
    """Why a turn did not run ("empty", "cancelled") or the exception it failed with."""

    code: str
    error: BaseException


EventData = ToolData | SummaryData | NoticeData | ReplyData | ErrorData


@dataclass(frozen=True)
class LiveTurn:
    """A turn running now, as a page loaded meanwhile shows it: its question (empty when the transcript already
    holds it, as on Retry) and the reply streamed so far."""

    question: str
    streamed: str


@dataclass(frozen=True)
class TurnEvent:
    """Something a caller shows while a turn runs.

    token: a piece of the streamed reply; tool: a tool call (data["phase"] "call") or its result
    ("result"); summary: summaries were made; notice: something the person should know (data["code"]);
    reply: the turn's final answer (data["stopped"] when the person stopped it); error: the turn failed,
    the message is kept and Retry resumes it. `data` has the shape of its kind; the properties below
    give it typed.
    """

    kind: EventKind
    text: str = ""
    data: EventData = field(default_factory=lambda: ReplyData())

    @property
    def tool(self) -> ToolData:
        return cast(ToolData, self.data) if self.kind == "tool" else ToolData(phase="call", id="")

    @property
    def reply(self) -> ReplyData:
        return cast(ReplyData, self.data) if self.kind == "reply" else ReplyData()

    @property
    def notice(self) -> NoticeData:
        return cast(NoticeData, self.data) if self.kind == "notice" else NoticeData(code="")

    @property
    def error(self) -> ErrorData:
        return cast(ErrorData, self.data) if self.kind == "error" else ErrorData()

    @property
    def summary(self) -> SummaryData:
        return cast(SummaryData, self.data) if self.kind == "summary" else SummaryData(turns=[])
