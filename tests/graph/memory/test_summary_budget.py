"""Summaries take a share of the session's own context budget, within the engine's cap, and merge past it."""

import pytest

from graph.memory.merge import active_summaries, record_tokens
from graph.memory.planner import SummaryPlanner, plan_input
from state import SummaryRecord
from state.session import SessionSettings
from tests.fakes.models import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.unit


def planner(cap: int | None = 1200) -> SummaryPlanner:
    return SummaryPlanner(ScriptedChatModel(reply=summary_reply), budget_tokens=cap)


def values(budget: int) -> dict:
    return plan_input({"messages": []}, "s", SessionSettings(context_budget=budget))


def record(first: int, tokens: int) -> SummaryRecord:
    text = "word " * tokens
    return SummaryRecord(thread_id="s", turns=[first, first + 1, first + 2], turn_length=3, original_chars=4000,
                         summary_chars=len(text), compression_rate=0.3, summary=text, summary_tokens=tokens)


def test_the_share_follows_the_session_budget_within_the_cap():
    assert planner().summary_budget(values(2000)) == 600
    assert planner().summary_budget(values(4000)) == 1200
    assert planner().summary_budget(values(100_000)) == 1200  # the engine's cap
    assert planner(None).summary_budget(values(4000)) is None  # a graph built without a summary budget
    assert planner().summary_budget({"messages": []}) == 1200  # values without settings keep the cap


def test_a_small_budget_merges_summaries_a_large_one_keeps():
    history = [record(1 + 3 * n, 200) for n in range(4)]  # 800 tokens of summaries
    small, large = planner(), planner()
    assert small.merge_plan(history, [], small.summary_budget(values(2000)))  # over 600: the oldest merge
    assert large.merge_plan(history, [], large.summary_budget(values(4000))) == []  # within 1,200
    merged = small.consolidate(values(2000), history, [])
    assert sum(record_tokens(r) for r in active_summaries(history, merged)) < 800
