"""The llm node's request by part, from the turn's state and the session's settings, before layout fits it."""

from dataclasses import replace
from datetime import datetime

from langchain_core.messages import SystemMessage

from graph.context import first_raw_turn
from graph.graph_config import DEFAULTS
from graph.memory.merge import active_summaries
from graph.policies import get_policy
from graph.request.budget import RequestParts, pins_within_share, setting_limit, within_tokens
from graph.request.modifiers import agent_prompt_message, modify_earlier, reminder_message, tools_as_text
from prompt.request_notes import CITATION_REMINDER, EARLIER_SHORTENED
from prompt.system import render_system_prompt
from state import ChatState
from state.session import SessionSettings
from state.turns import split_turns


def held_to_share(settings: SessionSettings, budget: int | None) -> SessionSettings:
    """The settings with a system prompt, agent prompt or reminder over its share of `budget` shortened (one saved
    before the budget was lowered, or stored by another version)."""
    if not budget:
        return settings
    limit = setting_limit(budget)
    held = replace(settings, system_prompt=within_tokens(settings.system_prompt, limit, EARLIER_SHORTENED),
                   agent_prompt=within_tokens(settings.agent_prompt, limit, EARLIER_SHORTENED),
                   reminder=within_tokens(settings.reminder, limit, EARLIER_SHORTENED))
    return settings if held == settings else held


def request_parts(state: ChatState, base_prompt: str, now: datetime, cite: bool, keep_last_turn: bool = False,
                  textual_tools: bool = False, settings: SessionSettings = DEFAULTS,
                  budget: int | None = None) -> RequestParts:
    """The request by part: system with summaries, the agent prompt, pinned messages, raw turns, the current turn,
    reminders at the end (seeds 000-004); what a turn shows besides is laid out by `graph.request.layout`. Within
    a budget, the person's prompts and reminder are each held to their share of it."""
    settings = held_to_share(settings, budget)
    transcript = state.get("messages", [])
    history = state.get("summary_history") or []
    policy = get_policy(settings.context_policy)
    consolidated = state.get("consolidated") or []
    summaries = active_summaries(history, consolidated) if policy.consolidates else policy.carried(history)
    prompt = settings.system_prompt or base_prompt
    language = settings.language  # the page's: summaries are headed in it
    turns, current = split_turns(transcript)
    covered = first_raw_turn(history, len(turns), keep_last_turn) - 1
    pinned_ids = frozenset(state.get("pinned") or [])
    raw_turns = [modify_earlier(turn, policy.message_chars, settings.hide_old_tool_results, pinned_ids)
                 for turn in turns[covered:]]
    if textual_tools:
        raw_turns, current = [tools_as_text(turn) for turn in raw_turns], tools_as_text(current)
    reminders = reminder_message([CITATION_REMINDER if cite else "", settings.reminder])
    return RequestParts(
        render_system=lambda carried: SystemMessage(render_system_prompt(prompt, carried, now, language)),
        summaries=list(summaries),
        raw_turns=raw_turns,
        current=list(current),
        pinned=pins_within_share([m for turn in turns[:covered] for m in turn if m.id in pinned_ids], budget),
        preface=agent_prompt_message(settings.agent_prompt),
        after=reminders,
        pinned_ids=pinned_ids,
        raw_numbers=list(range(covered + 1, len(turns) + 1)),
    )
