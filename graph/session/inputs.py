"""What a caller hands the session API, checked where it enters, so nothing wrong is stored or fails later turns."""

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TypedDict

from langchain_core.messages import BaseMessage, HumanMessage

from graph.request.budget import setting_limit
from graph.request.tokens import count_text
from state import SummaryRecord
from state.chat_state import RequestFrame
from state.language.normal_form import composed
from state.refusals import WrongType, kind_of
from state.session import SessionSettings

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zs", "Zl", "Zp"}  # controls, format characters (U+200B, U+FEFF, U+202E), spaces
# characters of other categories that draw nothing: Hangul fillers, the blank Braille pattern, the grapheme
# joiner and the variation selectors
BLANK_GLYPHS = set("\u034f\u115f\u1160\u2800\u3164\uffa0") | {chr(code) for code in range(0xFE00, 0xFE10)}

MAX_SESSION_ID_CHARS = 128
MAX_OWNER_CHARS = 320  # an e-mail address at most (RFC 5321), or an identity provider's subject
MAX_NAME_CHARS = 255  # a file name, as file systems allow

WRITTEN = {"system_prompt": "The system prompt", "agent_prompt": "The agent prompt", "reminder": "The reminder"}


class StateInput(TypedDict, total=False):
    """ChatState keys a session writes from outside the graph's nodes (a turn's input, an old turn taken back, a
    person's pins, thumbs and summary edits); the graph's reducers merge them into the saved state."""

    messages: list[BaseMessage]
    session_id: str
    compression_rate: float
    turn_count: int
    pinned: list[str]
    feedback: dict[str, str]
    summary_history: list[SummaryRecord]
    consolidated: list[SummaryRecord]
    frame: RequestFrame


def checked_message_id(message_id: object) -> str:
    """A message id as given, or WrongType when it is not text (a list would be kept and break the session)."""
    if not isinstance(message_id, str):
        raise WrongType("message_id_wrong_type", given=kind_of(message_id))
    return message_id


def checked_turn(turn: object) -> int:
    """A turn number as given, or WrongType when it is not a whole number ('2', 2.0 and True are not)."""
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise WrongType("turn_wrong_type", given=kind_of(turn))
    return turn


def checked_turns(turns: object) -> list[int]:
    """Turn numbers as given, each checked like one."""
    if isinstance(turns, str | bytes) or not hasattr(turns, "__iter__"):
        raise WrongType("turn_wrong_type", given=kind_of(turns))
    return [checked_turn(turn) for turn in turns]


def checked_text(text: object) -> str:
    """A message's or summary's text as given, or WrongType when it is not text."""
    if not isinstance(text, str):
        raise WrongType("text_wrong_type", given=kind_of(text))
    return text


def checked_language(language: object) -> str:
    """The page's language code as given, or WrongType when it is not text (an unknown code reads as English)."""
    if not isinstance(language, str):
        raise WrongType("language_wrong_type", given=kind_of(language))
    return language


def checked_rewrite(language: object, turn: object, message_id: object, text: object = "") -> None:
    """Refused (WrongType) unless a rewrite's language, turn (None: the last), message id (None: any) and text
    are each of their type."""
    checked_language(language)
    checked_text(text)
    if turn is not None:
        checked_turn(turn)
    if message_id is not None:
        checked_message_id(message_id)


def shows_nothing(text: str) -> bool:
    """Whether the text is only whitespace and characters that draw nothing, so nobody can have meant to send it."""
    return all(char.isspace() or char in BLANK_GLYPHS or unicodedata.category(char) in INVISIBLE_CATEGORIES
               for char in text)


def clean_user_text(text: str) -> str:
    """Text without control characters (tabs and newlines stay) and with lone surrogates replaced, composed (NFC,
    in time linear in its length: `composed`); empty when nothing visible is left (invisible characters inside real
    text, as in emoji sequences, stay)."""
    valid = _LONE_SURROGATE.sub("\ufffd", text)
    cleaned = composed(_CONTROL.sub("", valid.replace("\r\n", "\n"))).strip()
    return "" if shows_nothing(cleaned) else cleaned


def checked_name(value: str, what: str, limit: int) -> str:
    """`value` unchanged, or ValueError saying why it cannot be `what` (SQLite and PostgreSQL disagree on NUL and
    reject lone surrogates; a blank, invisible or endless name names nothing a person can pick). Session ids and
    owners come from URLs and sign-in, document names from uploads."""
    if not isinstance(value, str):
        raise ValueError(f"{what.capitalize()} must be text, not {type(value).__name__}.")
    if len(value) > limit:
        raise ValueError(f"{what.capitalize()} can be at most {limit} characters long, not {len(value):,}.")
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc":
            raise ValueError(f"{what.capitalize()} cannot contain the control character U+{ord(char):04X}.")
        if category == "Cs":
            raise ValueError(f"{what.capitalize()} cannot contain the lone surrogate U+{ord(char):04X}.")
    if shows_nothing(value):
        raise ValueError(f"{what.capitalize()} cannot be empty or blank.")
    return value


def validate_session_id(session_id: str) -> str:
    """The id unchanged, or ValueError saying why it cannot name a session."""
    return checked_name(session_id, "a session id", MAX_SESSION_ID_CHARS)


def validate_owner(owner: str) -> str:
    """The owner unchanged, or ValueError saying why it cannot own sessions ('' is the single-person default)."""
    return owner if owner == "" else checked_name(owner, "an owner", MAX_OWNER_CHARS)


def checked_settings(before: SessionSettings, after: SessionSettings, request_limit: int) -> SessionSettings:
    """`after` with its texts cleaned (no control characters or lone surrogates), or ValueError naming a text that
    changed and is over its share of the budget (one saved before the budget was lowered is shortened per request):
    what a person writes into a session's settings must fit every later request."""
    cleaned = replace(after, system_prompt=clean_user_text(after.system_prompt),
                      agent_prompt=clean_user_text(after.agent_prompt), reminder=clean_user_text(after.reminder))
    limit = setting_limit(min(request_limit, cleaned.context_budget))
    for name, label in WRITTEN.items():
        tokens = count_text(getattr(cleaned, name))
        if getattr(cleaned, name) != getattr(before, name) and tokens > limit:
            raise ValueError(f"{label} can be at most {limit:,} tokens with this model and budget; "
                             f"this one has {tokens:,}.")
    return cleaned


def turn_input(message: str | HumanMessage, session_id: str, compression_rate: float,
               attachments: Sequence[Mapping[str, object]] = ()) -> StateInput:
    """The graph input of a new turn: the person's cleaned message (the session's settings, the page's language
    among them, go as the runtime context); the turn numbers it under the session's lock. `attachments` (the files
    sent with the message: name, and tokens or the reason it was refused) stay on the message, so its bubble shows
    them after a reload."""
    kept = {"attachments": [dict(item) for item in attachments]} if attachments else {}
    question = HumanMessage(message, additional_kwargs=kept) if isinstance(message, str) else message
    return {"messages": [question], "session_id": session_id, "compression_rate": compression_rate}
