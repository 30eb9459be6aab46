"""A tool's result must reach the person even when a small model garbles it: check the reply, add it if not."""

import re
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from graph.intent.detect import worded_sum
from state.turns import message_text

_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
_WORD = re.compile(r"\w+")
_DATE_PARTS = re.compile(r"(\d{4}-\d{2}-\d{2})|(\d{1,2}:\d{2})")


def _numbers(text: str) -> set[str]:
    return {match.replace(",", "") for match in _NUMBER.findall(text)}


def states_result(reply: str, tool: str, result: str) -> bool:
    """Whether the reply already gives the tool's result (the number, or the date or time)."""
    if result.startswith("Error:"):
        return True  # the model explains a failure in its own words
    if tool == "get_current_datetime":
        parts = [part for pair in _DATE_PARTS.findall(result) for part in pair if part]
        return any(part in reply for part in parts)
    wanted = _numbers(result)
    if wanted:
        return wanted <= _numbers(reply)
    return re.search(rf"(?<!\w){re.escape(result.strip())}(?!\w)", reply) is not None


def with_result(reply: str, tool: str, result: str) -> str:
    """The reply, with the tool's result stated at its end when the reply does not give it."""
    if states_result(reply, tool, result):
        return reply
    return f"{reply.rstrip()} ({tool}: {result})".strip()


def result_lead(turn: Sequence[BaseMessage], language: str = "en") -> str:
    """The turn's tool results as the sentence a reply opens with (`17 * 23 = 391.`; a sum said in words as the
    person wrote it, `12만원 × 3 = 36만원 (360,000원).`), so the right number comes before anything a small model
    writes, ended in the page's language; empty when no tool succeeded."""
    calls: dict[str | None, dict[str, Any]] = {call["id"]: dict(call["args"]) for message in turn
                                               if isinstance(message, AIMessage) for call in message.tool_calls}
    question = next((message_text(m) for m in turn if isinstance(m, HumanMessage)), "")
    worded = worded_sum(question) if question else None
    full_stop = "。" if language == "zh" else "."
    leads = []
    for message in turn:
        if not isinstance(message, ToolMessage):
            continue
        result = message_text(message).strip()
        if not result or result.startswith("Error:"):
            continue
        expression = calls.get(message.tool_call_id, {}).get("expression")
        if message.name == "calculator" and worded is not None and expression == worded.expression:
            leads.append(worded.stated(result))
            continue
        lead = f"{expression} = {result}" if message.name == "calculator" and expression else result
        leads.append(lead if lead.endswith((".", "!", "?", "。")) else lead + full_stop)
    return " ".join(leads)


def led_by_results(lead: str, reply: str) -> str:
    """The reply opened by the results; a calculation's other numbers in the model's text contradict the
    calculator, so that text is left out (a small model guesses arithmetic), and so is text that only says the
    results again ("12 * 7 = 84" under "12 * 7 = 84.")."""
    if _numbers(reply) - _numbers(lead) or set(_WORD.findall(reply.lower())) <= set(_WORD.findall(lead.lower())):
        return lead
    return f"{lead}\n\n{reply}".strip()


def stated_results(response: AIMessage, current: Sequence[BaseMessage]) -> AIMessage:
    """The reply with every result of the current turn's tools in it (a small model may garble them)."""
    text = message_text(response)
    for message in current:
        if isinstance(message, ToolMessage):
            text = with_result(text, message.name or "", message_text(message))
    return response if text == message_text(response) else response.model_copy(update={"content": text})
