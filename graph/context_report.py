"""How many tokens each part of a model call costs, for the context inspector and the chart."""

import json
from collections.abc import Sequence

from langchain_core.messages import BaseMessage
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool

from graph.context import extract_current_turn
from graph.tokens import count_message, count_messages, count_text, count_transcript
from prompt.system import render_summary_lines
from state import SummaryRecord
from state.chat_state import ContextReport


def tool_definition_tokens(tools: Sequence[BaseTool]) -> int:
    """Tokens the tool schemas add to a request."""
    if not tools:
        return 0
    return count_text(json.dumps([convert_to_openai_tool(tool) for tool in tools], ensure_ascii=False))


def fixed_request_tokens(base_prompt: str, tools: Sequence[BaseTool]) -> int:
    """Tokens every request pays before any message: the base prompt and the tool schemas."""
    return count_text(base_prompt) + tool_definition_tokens(tools)


def report_context(
    turn: int,
    context: Sequence[BaseMessage],
    transcript: Sequence[BaseMessage],
    summary_history: Sequence[SummaryRecord],
    tool_tokens: int,
) -> ContextReport:
    """Split the tokens of `context` into system, summaries, raw turns and the current turn."""
    system_total = count_message(context[0]) if context else 0
    summary_tokens = sum(count_text(line) for line in render_summary_lines(summary_history))
    current_count = len(extract_current_turn(transcript))
    current = context[len(context) - current_count :] if current_count else []
    raw = context[1 : len(context) - current_count]
    return ContextReport(
        turn=turn,
        system_tokens=system_total - summary_tokens,
        summary_tokens=summary_tokens,
        raw_tokens=sum(count_message(message) for message in raw),
        current_tokens=sum(count_message(message) for message in current),
        tool_tokens=tool_tokens,
        context_tokens=count_messages(context) + tool_tokens,
        history_tokens=count_transcript(transcript) + system_total - summary_tokens + tool_tokens,
    )
