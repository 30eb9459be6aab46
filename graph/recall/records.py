"""A completed turn as recall stores it: the text the index searches and seed 004's JSON document."""

import json
from collections.abc import Container, Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.recall.entities import entities_of
from graph.recall.said import stamped_lines
from graph.request.words import SPEAKER
from graph.storage.shared.common import record_body
from state.request_items import TurnRecord
from state.turns import message_text

EXCERPT_CHARS = 1500  # one huge turn (a pasted file) cannot take the whole recall budget
PIECE_CHARS = 2000  # a longer turn is indexed whole in pieces of about this size, each ranked like a turn
PIECE_CUT_WINDOW = 200  # a piece ends at the last line break or space within this many characters of its end


def turn_body(turn: Sequence[BaseMessage]) -> str:
    """Everything said in a turn, tool calls and results included: the text the index searches."""
    parts = []
    for message in turn:
        parts.append(message_text(message))
        for call in getattr(message, "tool_calls", None) or []:
            parts.append(f"{call['name']} {json.dumps(call['args'], ensure_ascii=False)}")
    return "\n".join(part for part in parts if part)


def user_text(turn: Sequence[BaseMessage]) -> str:
    """What the user said in a turn."""
    return " ".join(message_text(m) for m in turn if isinstance(m, HumanMessage))


def said_lines(record: TurnRecord) -> list[str]:
    """A stored turn as the lines said in it, the user's first (what a recalled turn shows the model)."""
    return [line for line in record_body(record).splitlines() if line.strip()]


def _clip(text: str) -> str:
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + " …"


def _said(turn: Sequence[BaseMessage]) -> dict[str, str]:
    """What the user, the tools and the assistant said in a turn, whole."""
    calls = {call["id"]: call for m in turn if isinstance(m, AIMessage) for call in m.tool_calls}
    tools = [f"{m.name}({json.dumps(calls[m.tool_call_id]['args'], ensure_ascii=False)}) -> {message_text(m)}"
             if m.tool_call_id in calls else f"{m.name} -> {message_text(m)}"
             for m in turn if isinstance(m, ToolMessage)]
    answer = message_text(turn[-1]) if turn and isinstance(turn[-1], AIMessage) else ""
    return {"user": user_text(turn), "assistant": answer, **({"tools": "; ".join(tools)} if tools else {})}


def turn_record(number: int, day: str, turn: Sequence[BaseMessage], said_on: str = "") -> TurnRecord:
    """A turn as seed 004's JSON document: its number, date, what the user and the assistant said. `day` dates what
    was said (a pasted conversation's own date); `said_on`, the day the person sent it, is kept besides when it
    differs and the person wrote lines of their own after the pasted ones."""
    said = _said(turn)
    user = _clip(said["user"])
    record: TurnRecord = {"turn": number, "date": day, "user": user, "assistant": _clip(said["assistant"])}
    if said_on and said_on != day and stamped_lines(user) < len(user.splitlines()):
        record["said_on"] = said_on
    if "tools" in said:
        record["tools"] = _clip(said["tools"])
    return record


def turn_pieces(turn: Sequence[BaseMessage]) -> list[str]:
    """The whole text of a turn its record clips (a pasted file), in pieces, so every word of it is indexed
    (none for a turn its record holds whole)."""
    said = _said(turn)
    return pieces(record_body(said)) if any(len(text) > EXCERPT_CHARS for text in said.values()) else []


def pieces(text: str, size: int = PIECE_CHARS) -> list[str]:
    """`text` cut in order into pieces of at most `size` characters, each at a line break or a space near its end
    when there is one (a word is not cut in two), in time linear in its length."""
    found, start = [], 0
    while len(text) - start > size:
        end = start + size
        cut = max(text.rfind("\n", end - PIECE_CUT_WINDOW, end), text.rfind(" ", end - PIECE_CUT_WINDOW, end))
        end = cut + 1 if cut > start else end
        found.append(text[start:end])
        start = end
    return [*found, text[start:]] if start < len(text) else found


def person_entities(record: TurnRecord, known: Container[str] = frozenset()) -> frozenset[str]:
    """The entities a stored turn names in people's words: the user's message, tool results, and the lines of a
    reply that carry a speaker ("Nate: ..."); never the model's own text, which may be invented. A sentence may
    open with one of the `known` names (those earlier turns named)."""
    spoken = [line for line in str(record.get("assistant", "")).splitlines() if SPEAKER.match(line)]
    return entities_of("\n".join([str(record.get("user", "")), str(record.get("tools", "")), *spoken]), known)
