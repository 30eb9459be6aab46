"""Who said a summary's line, in the page's language: the person's and the assistant's lines under labels in that
language, a tool's result stated under the tool's name in it (`계산기: 17 * 23 = 391`), never its raw output; a
summary's own lines (an edit's, a merge's) with no label. A label in any language reads back as whom it names,
so a summary written in one language is merged or folded into the next in another."""

import re
from collections.abc import Mapping, Sequence

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from state.texts import LANGUAGES, TEXT, has_text, localized
from state.turns import message_text

PERSON = "User"
ASSISTANT = "Assistant"
SUMMARY = "Summary"  # a line of an earlier summary that names no speaker
TOOL = "Tool"  # a tool whose name is not known (a summary written before tools were named)
ROLE_KEYS = {PERSON: "summary_person", ASSISTANT: "summary_assistant"}
RAW_OUTPUT = re.compile(r"^\s*[\[{<]|^Error:")  # JSON, markup or a failure: nothing a person would say
MAX_LABEL_CHARS = 12


def summary_language(language: str) -> str:
    """The language a summary is labelled in: the page's, English for one the page has no texts for."""
    return language if language in LANGUAGES else "en"


def is_tool(speaker: str) -> bool:
    """Whether a summary line's speaker is a tool (any speaker but the person, the assistant and the summary)."""
    return speaker not in (PERSON, ASSISTANT, SUMMARY)


def label(speaker: str, language: str) -> str:
    """The label a speaker's line starts with in `language`; a tool unknown to the texts keeps its own name."""
    key = ROLE_KEYS.get(speaker) or f"tool_{speaker}"
    return localized(language, key) if has_text(key) else speaker


def _speakers_by_label() -> dict[str, str]:
    """Every label in every language (and the speakers' own names) and whom it names."""
    speakers = {PERSON: PERSON, ASSISTANT: ASSISTANT, TOOL: TOOL}
    tools = [key.removeprefix("tool_") for key in TEXT["en"] if key.startswith("tool_")]
    for language in LANGUAGES:
        for speaker in [PERSON, ASSISTANT, *tools]:
            speakers[label(speaker, language)] = speaker
    speakers.update({tool: tool for tool in tools})
    return speakers


SPEAKERS_BY_LABEL = _speakers_by_label()


def speaker_of(line_label: str) -> str | None:
    """Whom a line's label names, in any language; None when it is no label (a summary's own sentence)."""
    if line_label in SPEAKERS_BY_LABEL:
        return SPEAKERS_BY_LABEL[line_label]
    return line_label if line_label.isalpha() and line_label[:1].isupper() and len(line_label) <= MAX_LABEL_CHARS \
        else None


def stated_result(name: str, result: str, args: Mapping[str, object]) -> str:
    """A tool's result as a summary states it: a calculation with its expression (`17 * 23 = 391`), the result
    itself otherwise; '' for raw output or a failure, which a summary leaves out."""
    result = result.strip()
    if not result or RAW_OUTPUT.search(result):
        return ""
    expression = args.get("expression")
    return f"{expression} = {result}" if name == "calculator" and expression else result


def speaker_lines(messages: Sequence[BaseMessage]) -> list[tuple[str, str]]:
    """The messages as (speaker, text): the person, the assistant's words (its tool calls are stated by their
    results) and each tool's result under the tool's name."""
    calls = {call["id"]: call["args"] for message in messages if isinstance(message, AIMessage)
             for call in message.tool_calls}
    lines = []
    for message in messages:
        text = message_text(message)
        if isinstance(message, ToolMessage):
            name = message.name or TOOL
            lines.append((name, stated_result(name, text, calls.get(message.tool_call_id) or {})))
        elif isinstance(message, AIMessage):
            lines.append((ASSISTANT, text.strip()))
        else:
            lines.append((PERSON, text))
    return [(speaker, text) for speaker, text in lines if text]
