"""What a request tells the model about the conversation rather than what was said in it: the system prompt,
notes, headers and reminders (framing in any reply), and the summaries, pinned block, recalled turns and
documents (framing only when a reply copies their shape: JSON keys, turn spans, headers)."""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from langchain_core.messages import BaseMessage

from graph.request.budget import RequestParts, pinned_message
from prompt.documents import DOCUMENTS_MESSAGE
from prompt.recall import RECALL_HEADER
from prompt.request_notes import (
    CITATION_REMINDER,
    EARLIER_SHORTENED,
    FRAMING_CORRECTION,
    PINNED_HEADER,
    RECENT_SHORTENED,
    REPEAT_CORRECTION,
    TOOL_PLACEHOLDER,
)
from prompt.system import SUMMARY_HEADINGS, SUMMARY_LINE_TEMPLATES, render_summary_lines
from state.turns import message_text

DOCUMENTS_HEADER = DOCUMENTS_MESSAGE.split("\n", 1)[0]
HEADERS = (PINNED_HEADER, RECALL_HEADER, DOCUMENTS_HEADER, *SUMMARY_HEADINGS.values(), TOOL_PLACEHOLDER,
           f"[{EARLIER_SHORTENED}: characters omitted]", f"[{RECENT_SHORTENED}: characters omitted]",
           FRAMING_CORRECTION, REPEAT_CORRECTION)  # a correction copied back is framing too
OMITTED_NOTE_SHAPE = re.compile(r"\[[^\[\]\n]{1,120}: [\d,]+ characters omitted\]")
# A reply that shows these copies the shape of the framing, not only its facts.
SHAPE = re.compile(
    r"\"(?:documents|document|title|contents|earlier_turns|turn|date|user|assistant|tools)\"\s*:|\[\d+-\d+턴\]"
    r"|\[Turns \d+-\d+\]|\(\d{4}-\d{2}-\d{2}, turn \d+\)|이전 대화 요약|summary of the conversation so far|참고 문서"
    r"|reference documents|excerpts from earlier"
    r"|messages the user pinned",
    re.IGNORECASE,
)


_OPENINGS = (CITATION_REMINDER, FRAMING_CORRECTION, REPEAT_CORRECTION)  # "[Reminder] ...", "[Note] ..."
REQUEST_MARKER = re.compile("|".join(re.escape(text.split("]", 1)[0] + "]") for text in _OPENINGS), re.IGNORECASE)


def before_marker(text: str) -> str:
    """A reply cut where it starts copying a reminder or correction of the request ("... [Reminder] Please use
    [1], [2]"): what the app tells the model never reaches the person. A reply that opens with one is left whole,
    for the reply check to judge."""
    marker = REQUEST_MARKER.search(text)
    return text[:marker.start()].rstrip() if marker and text[:marker.start()].strip() else text


@dataclass(frozen=True)
class Framing:
    """The framing texts of one request: `always` counts in any reply, `shaped` only in one with SHAPE."""

    always: tuple[str, ...]
    shaped: tuple[str, ...]


def request_framing(system_prompt: str, parts: RequestParts, context: Sequence[BaseMessage]) -> Framing:
    """The framing of a request built from `parts` (the date line is left out: a clock answer may state it)."""
    notes = [note for message in context for note in OMITTED_NOTE_SHAPE.findall(message_text(message))]
    blocks = [message_text(m) for m in parts.shown()]
    instructions = [message_text(m) for m in parts.preface]
    always = (system_prompt, *HEADERS, *notes, *instructions, *(message_text(m) for m in parts.after))
    summaries = [line for lang in SUMMARY_LINE_TEMPLATES for line in render_summary_lines(parts.summaries, lang)]
    shaped = (*summaries, *(message_text(m) for m in pinned_message(parts.pinned)), *blocks)
    return Framing(tuple(text for text in always if text.strip()), tuple(text for text in shaped if text.strip()))
