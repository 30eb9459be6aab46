"""The typed items a turn's request is built from: stored and recalled turns, documents, and the notices a turn
gives, so every step from storage to the model's request reads and writes one known shape."""

from typing import NotRequired, TypedDict


class TurnRecord(TypedDict):
    """A completed turn as recall stores it (seed 004's JSON document): its number, date and what was said."""

    turn: int
    date: str  # the day what was said is dated by (a pasted conversation's own date)
    user: str
    assistant: str
    said_on: NotRequired[str]  # the day the person sent it, when it differs and they wrote lines of their own
    tools: NotRequired[str]  # the tools called and what they returned


class RecalledTurn(TypedDict):
    """An earlier turn recall brought back for the current message, as the request shows it."""

    turn: int
    rank: int  # its place in recall's order, 1 the best
    text: str  # its dated lines, as the model reads them
    record: TurnRecord
    tokens: int
    meaning: NotRequired[dict[str, float]]  # each line's closeness in meaning to the question


class QuotableTurn(TypedDict):
    """A turn whose lines an answer may quote: a recalled turn, or one of the recent turns the request carries."""

    turn: int
    record: TurnRecord
    meaning: NotRequired[dict[str, float]]


class RecalledPoint(TypedDict):
    """A recalled turn as the request report lists it."""

    turn: int
    rank: int
    tokens: int


class DocumentText(TypedDict):
    """A document's title and text: a small document carried whole, or a passage retrieved from a larger one."""

    title: str
    contents: str


class NumberedDocument(TypedDict):
    """A document as seed 004 shows it to the model, numbered so an answer can cite it as [n]."""

    document: int
    title: str
    contents: str


class CitedDocument(TypedDict):
    """A document an answer cites, as its reply's metadata lists it: its number in the answer and its title."""

    document: int
    title: str


class CompressionNotice(TypedDict):
    """Seed 002's "context compressed" figures of a turn that summarized: tokens of the context before and after."""

    turn: int
    before: int
    after: int
