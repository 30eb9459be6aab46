"""The shape of one session's state, as persisted by the checkpointer."""

from collections.abc import Sequence
from typing import Annotated, Any, NotRequired, TypedDict

from langchain_core.messages import BaseMessage
from langgraph.channels.delta import DeltaChannel
from langgraph.channels.untracked_value import UntrackedValue

from state.channels import LOG_SNAPSHOT_UPDATES, GrowingDeltaChannel, records_channel, transcript_channel
from state.request_items import CompressionNotice, DocumentText, RecalledPoint, RecalledTurn


class SummaryRecord(TypedDict):
    """One summary of consecutive completed turns (seed 000's summary_history item)."""

    thread_id: str
    turns: list[int]
    turn_length: int
    original_chars: int
    summary_chars: int
    compression_rate: float
    summary: str
    requested_rate: NotRequired[float]  # the rate asked for (compression_rate, named apart from the result)
    measured_ratio: NotRequired[float]  # summary_chars / original_chars, what the summary achieved
    original_tokens: NotRequired[int]
    summary_tokens: NotRequired[int]
    created_at: NotRequired[str]
    level: NotRequired[int]
    version: NotRequired[int]
    sources: NotRequired[int]
    edited: NotRequired[bool]  # the person edited the text; `original_summary` keeps what was generated
    original_summary: NotRequired[str]
    deleted: NotRequired[bool]  # the person removed it from the context; the panel still lists it


class RequestReport(TypedDict):
    """Token counts of the last request to the model, split by the part of the request they came from."""

    turn: int
    system_tokens: int
    summary_tokens: int
    raw_tokens: int
    current_tokens: int
    tool_tokens: int
    request_tokens: int
    history_tokens: int
    pinned_tokens: NotRequired[int]
    recall_tokens: NotRequired[int]
    recalled: NotRequired[list[RecalledPoint]]  # turn, rank, tokens of each recalled turn
    pinned: NotRequired[int]  # pinned messages carried outside the raw turns
    pins_left_out: NotRequired[int]  # pinned messages the request could not carry (beyond their share), oldest first
    new_tokens: NotRequired[int]  # tokens the model had not read in the request before
    read_tokens: NotRequired[int]  # tokens at the start the request before had too (a prompt cache reads them once)


class RequestPoint(TypedDict):
    """Per turn: tokens sent to the model against tokens of the full history."""

    turn: int
    request_tokens: int
    history_tokens: int
    recall_tokens: NotRequired[int]


class ShownBlock(TypedDict):
    """Something a turn showed the model in front of its message (recalled turns, documents), kept as it was read."""

    turn: int
    kind: str
    keys: list[str]  # what it carries ("turn:12", a document's key): a later turn does not show them again
    text: str
    tokens: int
    following: NotRequired[bool]  # recalled for a question asking back: after its message, for its answer only


class RequestFrame(TypedDict):
    """Where the last cut left a session's requests: each request since holds the one before it whole."""

    cut_at: int  # the turn of the last cut (0: never cut); turns before it are carried shortened
    first_raw: int  # the first completed turn shown raw until the next cut
    summaries_from: int  # summaries ending before this turn stay out until the next cut
    blocks: list[ShownBlock]
    read: NotRequired[list[list]]  # the last request's fingerprint (`graph.request.reuse`)


MAX_REQUEST_POINTS = 2000


def merge_request_log(left: list[RequestPoint] | None, right: list[RequestPoint] | None) -> list[RequestPoint]:
    """Keep one point per turn (the last model call of it), oldest first, capped in length."""
    merged = {point["turn"]: point for point in (left or [])}
    merged.update({point["turn"]: point for point in (right or [])})
    return [merged[turn] for turn in sorted(merged)][-MAX_REQUEST_POINTS:]


def merge_request_points(state: list[RequestPoint], writes: Sequence[Any]) -> list[RequestPoint]:
    """`merge_request_log` for a batch of writes (the delta channel's form)."""
    points = [point for write in writes for point in (write if isinstance(write, list) else [write])]
    return merge_request_log(state, points)


def request_log_channel() -> DeltaChannel:
    """The request log grows a point a turn: stored as deltas, a full copy now and then."""
    return GrowingDeltaChannel(merge_request_points, list, snapshot_frequency=LOG_SNAPSHOT_UPDATES)


class ChatState(TypedDict):
    """Whole transcript plus what the engine needs to build a bounded context. The transcript, the summaries and
    the request log grow with the conversation, so each is a delta channel (`state.channels`)."""

    messages: Annotated[list[BaseMessage], transcript_channel()]
    session_id: str
    summary_history: Annotated[list[SummaryRecord], records_channel()]
    consolidated: NotRequired[list[SummaryRecord]]
    turn_count: int
    compression_rate: float
    route: NotRequired[str]
    retrieved: NotRequired[list[DocumentText]]  # passages retrieved for this turn
    cited_whole: NotRequired[list[str]]  # whole documents (already in the context) the question matched
    compression_notice: NotRequired[CompressionNotice]
    summarized: NotRequired[list[list[int]]]  # the turn spans summarized on this turn
    recalled: NotRequired[list[RecalledTurn]]  # turns recalled for this turn
    names_earlier: NotRequired[bool]  # the message names a word only a few earlier turns said ("flood")
    frame: NotRequired[RequestFrame]  # what the requests since the last cut showed, and where
    pinned: NotRequired[list[str]]  # ids of messages the person pinned
    feedback: NotRequired[dict[str, str]]  # "up" or "down" the person gave answers, by message id
    request_report: NotRequired[RequestReport]
    request_log: NotRequired[Annotated[list[RequestPoint], request_log_channel()]]
    # exactly what the model was sent on the turn's last call: the run hands it to its caller, no checkpoint keeps it
    request: NotRequired[Annotated[list[BaseMessage], UntrackedValue]]
