"""How many tokens each part of a model call costs, for the request view and the token chart."""

import json
from collections.abc import Sequence

from langchain_core.messages import BaseMessage
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from graph.request.budget import RequestParts, pinned_message
from graph.request.tokens import count_message, count_messages, count_text, count_transcript
from prompt.system import render_summary_lines
from state.chat_state import RequestReport
from state.request_items import RecalledPoint, RecalledTurn


def tool_definition_tokens(tools: Sequence[BaseTool]) -> int:
    """Tokens the tool schemas add to a request."""
    if not tools:
        return 0
    return count_text(json.dumps([convert_to_openai_tool(tool) for tool in tools], ensure_ascii=False))


def fixed_request_tokens(base_prompt: str, tools: Sequence[BaseTool]) -> int:
    """Tokens every request pays before any message: the base prompt and the tool schemas."""
    return count_text(base_prompt) + tool_definition_tokens(tools)


def _tokens(messages: Sequence[BaseMessage]) -> int:
    return sum(count_message(message) for message in messages)


def report_parts(turn: int, parts: RequestParts, transcript: Sequence[BaseMessage], tool_tokens: int,
                 recalled: Sequence[RecalledTurn] = (), read: int = 0) -> RequestReport:
    """Split the tokens of a request into system, summaries, pinned, raw, recalled and current parts, and into what
    the model read before (`read`, the start it shares with the request before) and what is new to it."""
    system_total = count_message(parts.system())
    summary_tokens = sum(count_text(line) for line in render_summary_lines(parts.summaries))
    request_tokens = count_messages(parts.messages()) + tool_tokens
    return RequestReport(
        turn=turn,
        system_tokens=system_total - summary_tokens,
        summary_tokens=summary_tokens,
        pinned_tokens=_tokens(pinned_message(parts.pinned)),
        raw_tokens=_tokens(parts.raw()) + _tokens(parts.preface),
        recall_tokens=_tokens(parts.shown()),
        current_tokens=_tokens(parts.current) + _tokens(parts.after),
        tool_tokens=tool_tokens,
        request_tokens=request_tokens,
        read_tokens=min(read, request_tokens),
        new_tokens=max(request_tokens - read, 0),
        history_tokens=count_transcript(transcript) + system_total - summary_tokens + tool_tokens,
        recalled=[RecalledPoint(turn=item["turn"], rank=item["rank"], tokens=item["tokens"])
                  for item in sorted(recalled, key=lambda item: item["turn"])],
        pinned=len(parts.pinned),
        pins_left_out=pins_left_out(parts, transcript),
    )


def pins_left_out(parts: RequestParts, transcript: Sequence[BaseMessage]) -> int:
    """How many of the transcript's pinned messages the request carries nowhere (left out beyond their share)."""
    carried = {message.id for message in [*parts.pinned, *parts.raw(), *parts.current]}
    return sum(1 for message in transcript if message.id in parts.pinned_ids and message.id not in carried)
