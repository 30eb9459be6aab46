"""A session written out for the person to keep: JSON with every message (role, text, tool calls and results,
pins and feedback) and the summaries, or Markdown that reads like the conversation. Pure functions of the
saved state."""

import html
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, NotRequired, TypedDict

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from state import SummaryRecord
from state.texts import localized
from state.turns import message_text, numbered, question_indexes

ROLES = {"human": "user", "ai": "assistant", "tool": "tool", "system": "system"}


class ExportedToolCall(TypedDict):
    """A tool call of an answer as the export writes it."""

    id: str | None
    name: str
    args: dict[str, Any]


class ExportedMessage(TypedDict):
    """One message as the export writes it: its role, text and turn, and what else it carries."""

    id: str | None
    turn: int
    role: str
    text: str
    tool_calls: NotRequired[list[ExportedToolCall]]
    tool_call_id: NotRequired[str]  # a tool result's call
    name: NotRequired[str | None]
    status: NotRequired[str]
    pinned: NotRequired[bool]
    feedback: NotRequired[str]  # "up" or "down"


class SessionExport(TypedDict):
    """A session as the JSON export writes it: title, every message, and the summaries."""

    session_id: str
    title: str
    exported_at: str
    messages: list[ExportedMessage]
    summary_history: list[SummaryRecord]
    consolidated: list[SummaryRecord]


def message_record(message: BaseMessage, turn: int, pinned: set[str],
                   feedback: Mapping[str, str]) -> ExportedMessage:
    """One message as plain data: its role, text, turn, and what else it carries."""
    record: ExportedMessage = {"id": message.id, "turn": turn, "role": ROLES.get(message.type, message.type),
                               "text": message_text(message)}
    if isinstance(message, AIMessage) and message.tool_calls:
        record["tool_calls"] = [{"id": call["id"], "name": call["name"], "args": call["args"]}
                                for call in message.tool_calls]
    if isinstance(message, ToolMessage):
        record["tool_call_id"] = message.tool_call_id
        record["name"] = message.name
        record["status"] = message.status
    if message.id in pinned:
        record["pinned"] = True
    if message.id and message.id in feedback:
        record["feedback"] = feedback[message.id]
    return record




def export_data(session_id: str, title: str, values: Mapping[str, Any], now: datetime | None = None) -> SessionExport:
    """The session as plain data: title, every message, and the summary history."""
    pinned, feedback = set(values.get("pinned") or []), dict(values.get("feedback") or {})
    return {
        "session_id": session_id,
        "title": title,
        "exported_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "messages": [message_record(message, turn, pinned, feedback)
                     for turn, message in numbered(values.get("messages", []))],
        "summary_history": list(values.get("summary_history") or []),
        "consolidated": list(values.get("consolidated") or []),
    }


def session_json(session_id: str, title: str, values: Mapping[str, Any], now: datetime | None = None) -> str:
    """The session as JSON text (UTF-8 as it is, indented)."""
    return json.dumps(export_data(session_id, title, values, now), ensure_ascii=False, indent=2, default=str)


def fenced(text: str) -> str:
    """Text as a fenced block no line of it can close or leave (the fence is longer than any run of backticks in
    it): Markdown, HTML and comments inside show as written."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def heading_text(text: str) -> str:
    """A title as one line of plain heading text: HTML and Markdown marks shown, not read."""
    line = " ".join(text.split())
    return re.sub(r"([\\`*_{}\[\]()#+!|~-])", r"\\\1", html.escape(line, quote=False))


def tool_lines(message: AIMessage, results: Mapping[str, ToolMessage]) -> list[str]:
    """An answer's tool calls with their arguments and results, each in a block of its own."""
    lines = []
    for call in message.tool_calls:
        arguments = json.dumps(call["args"], ensure_ascii=False)
        result = results.get(call["id"] or "")
        lines.append(fenced(f"🔧 {call['name']} {arguments}" +
                            (f"\n→ {message_text(result)}" if result is not None else "")))
    return lines


def session_markdown(title: str, values: Mapping[str, Any], language: str = "en",
                     now: datetime | None = None) -> str:
    """The session as Markdown: each turn's question and answer, then the summaries; every text the person or the
    model wrote stays inside a fenced block of its own, whatever it contains."""
    messages = list(values.get("messages", []))
    results = {m.tool_call_id: m for m in messages if isinstance(m, ToolMessage)}
    questions = len(question_indexes(messages))
    day = (now or datetime.now(UTC)).date().isoformat()
    header = localized(language, "export_header", turns=questions, day=day)
    parts = [f"# {heading_text(title) or localized(language, 'untitled')}", f"_{header}_"]
    answering = False
    for turn, message in numbered(messages):
        if isinstance(message, HumanMessage):
            parts += [f"## {localized(language, 'export_turn', turn=turn)}",
                      f"**{localized(language, 'export_you')}**", fenced(message_text(message))]
            answering = False
        elif isinstance(message, AIMessage):
            if not answering:
                parts.append(f"**{localized(language, 'export_assistant')}**")
                answering = True
            parts += tool_lines(message, results)
            if message_text(message):
                parts.append(fenced(message_text(message)))
    history = [r for r in values.get("summary_history") or [] if not r.get("deleted")]
    if history:
        parts.append(f"## {localized(language, 'export_summaries')}")
        for record in history:
            span = localized(language, "export_summary_turns", first=record["turns"][0], last=record["turns"][-1])
            parts += [f"### {span}", fenced(record["summary"])]
    return "\n\n".join(parts) + "\n"
