"""Flat cost: summaries merge within a budget, the context fits the window, summaries are made
ahead of the turn that applies them, and old checkpoints are pruned."""

import threading

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.context import split_turns
from graph.graph_config import GraphConfig
from graph.memory.merge import active_summaries, record_tokens
from graph.request.blocks import render_block
from graph.request.budget import RequestParts
from graph.request.layout import LOW_MARK, lay_out
from graph.request.tokens import count_messages, count_transcript
from graph.session.runner import thread_config
from graph.storage.base import KEEP_CHECKPOINTS
from graph.storage.replay import first_step_needed
from prompt.request_notes import TOOL_PLACEHOLDER
from tests.conftest import make_engine, run_turn, send, tool_turn, transcript
from tests.fakes.models import ScriptedChatModel, summary_calls, summary_reply, title_question

pytestmark = pytest.mark.graph


def test_old_summaries_merge_into_higher_levels_within_the_budget(chat_model, summary_model):
    graph = build_graph(chat_model, summary_model, InMemorySaver(), GraphConfig(summary_budget_tokens=80))
    for n in range(1, 41):
        state = run_turn(graph, n)
    history, consolidated = state["summary_history"], state["consolidated"]
    assert [r["turns"] for r in history] == [[f, f + 1, f + 2] for f in range(1, 38, 3)]  # originals kept
    assert consolidated and consolidated[0]["turns"][0] == 1 and consolidated[-1]["level"] >= 2
    active = active_summaries(history, consolidated)
    assert sum(record_tokens(r) for r in active) <= 80
    system = chat_model.calls[-1][0].content
    assert f"[1-{consolidated[-1]['turns'][-1]}턴]" in system
    assert "[1-3턴]" not in system
    merge_prompts = [c[-1].content for c in summary_model.calls if "Merge them" in c[-1].content]
    assert merge_prompts and "[1-3턴]" in merge_prompts[0]


def test_without_a_budget_every_summary_stays_in_the_context(chat_model, summary_model):
    graph = build_graph(chat_model, summary_model, InMemorySaver(), GraphConfig(summary_budget_tokens=None))
    for n in range(1, 32):
        run_turn(graph, n)
    assert chat_model.calls[-1][0].content.count("턴] ") == 10


def test_context_budget_shortens_the_context_never_the_transcript(chat_model, summary_model):
    graph = build_graph(chat_model, summary_model, InMemorySaver(), GraphConfig(context_budget_tokens=600))
    paste = "lorem ipsum dolor sit amet " * 40_000  # about 1 MB
    state = run_turn(graph, 1, text=paste)
    assert state["messages"][0].content == paste
    context = chat_model.calls[-1]
    assert count_messages(context) <= 600
    assert "characters omitted" in context[-1].content


def fit_context(context, current_count, budget_tokens):
    """A flat context (system, earlier turns, the current messages) laid out as the llm node lays out a request."""
    system, current = context[0], context[len(context) - current_count:]
    turns, rest = split_turns(context[1: len(context) - current_count])
    parts = RequestParts(lambda summaries: system, [], turns + ([rest] if rest else []), current)
    return lay_out(parts, None, len(parts.raw_turns) + 1, [], budget_tokens, False, render_block).parts.messages()


def test_old_tool_results_become_a_placeholder_when_over_budget():
    from langchain_core.messages import SystemMessage

    big = tool_turn(1)
    big[2] = ToolMessage("x" * 20_000, tool_call_id="call-1", name="calculator")
    context = [SystemMessage("system"), *big, HumanMessage("next question")]
    fitted = fit_context(context, 1, 400)
    assert any(isinstance(m, ToolMessage) and m.content == TOOL_PLACEHOLDER for m in fitted)
    assert isinstance(fitted[2], AIMessage) and fitted[2].tool_calls  # the call stays with its result
    assert fitted[-1].content == "next question" and count_messages(fitted) <= 400


def test_oldest_raw_turns_leave_an_overfull_context_whole_down_to_the_low_mark():
    from langchain_core.messages import SystemMessage

    turns = transcript(3)
    turns[1] = AIMessage("y" * 1900)
    turns[3] = AIMessage("z" * 1900)
    context = [SystemMessage("s"), *turns, HumanMessage("now")]
    fits = count_messages(context)
    assert fit_context(context, 1, fits) == context  # within the budget nothing changes
    budget = count_messages([context[0], *turns[2:], context[-1]])  # room for the last two turns only
    fitted = fit_context(context, 1, budget)
    assert fitted == [context[0], *turns[4:], context[-1]]  # cut once, deep: whole turns, the last stays
    assert count_messages(fitted) <= budget * LOW_MARK


def test_summary_made_after_turn_3_is_applied_at_turn_4_without_a_call(database, chat_model, summary_model):
    engine = make_engine(database, chat_model, summary_model, context_window=8192)
    session = engine.session("s1")
    for n in range(1, 4):
        send(session, f"question {n}")
    calls_before = len(summary_calls(summary_model))
    assert calls_before == 1  # made in the background after turn 3
    events = send(session, "question 4")
    assert len(summary_calls(summary_model)) == calls_before  # applied, not made, during turn 4
    assert [e.data["turns"] for e in events if e.kind == "summary"] == [[[1, 2, 3]]]
    assert [r["turns"] for r in session.state()["summary_history"]] == [[1, 2, 3]]
    assert "[Turns 1-3]" in chat_model.calls[-1][0].content  # headed in the page's language (the API's: English)


def test_summaries_made_ahead_follow_the_sessions_own_policy(database, chat_model):
    made_by: list[str] = []

    def summarize(messages):
        if title_question(messages) is None:  # a chat's title is asked for apart from its summaries
            made_by.append(threading.current_thread().name)
        return summary_reply(messages)

    engine = make_engine(database, chat_model, ScriptedChatModel(reply=summarize), context_window=8192)
    windowed, threshold = engine.session("windowed"), engine.session("threshold")
    windowed.save_settings(context_policy="sliding_window")
    threshold.save_settings(context_policy="token_threshold")  # 8,000 tokens: nothing is due in short turns
    for n in range(1, 10):
        send(threshold, f"question {n}")
    assert made_by == [] and threshold.state()["summary_history"] == []  # no summary it never asked for
    for n in range(1, 10):
        send(windowed, f"question {n}")
    assert windowed.state()["summary_history"]
    assert made_by and all(name.startswith("summary-preparer") for name in made_by), made_by  # never inline
    engine.close()


def test_rate_change_before_turn_4_still_takes_effect(database, chat_model, summary_model):
    engine = make_engine(database, chat_model, summary_model, context_window=8192)
    session = engine.session("s1")
    for n in range(1, 4):
        send(session, f"question {n}")
    send(session, "question 4", rate=0.5)
    state = session.state()
    assert state["summary_history"][0]["compression_rate"] == 0.5
    assert len(summary_calls(summary_model)) == 2  # the prepared 0.3 summary was not used
    assert session.settings().compression_rate == 0.5


def test_housekeeping_keeps_what_a_load_replays_and_the_session_intact(database, chat_model, summary_model):
    """The transcript is stored as deltas: pruning keeps every checkpoint from the latest full copy on."""
    engine = make_engine(database, chat_model, summary_model, context_window=8192)
    session = engine.session("s1")
    for n in range(1, 8):
        send(session, f"question {n}")
    kept = list(engine.saver.list(thread_config("s1")))
    needed = first_step_needed(kept[0].metadata)
    assert needed is not None and min(c.metadata["step"] for c in kept) == needed  # nothing older, nothing missing
    assert len(kept) > KEEP_CHECKPOINTS  # no full copy yet: the whole chain is what a load replays
    assert engine.storage.prune_checkpoints("s1", keep=1) == 0
    send(session, "question 8")
    reopened = make_engine(database, chat_model, summary_model, context_window=8192)
    state = reopened.session("s1").state()
    reopened.close()
    assert [m.content for m in state["messages"] if isinstance(m, HumanMessage)] == [
        f"question {n}" for n in range(1, 9)]
    assert len(state["summary_history"]) == 2 and session.turns_completed() == 8


def test_transcript_count_is_incremental_and_exact():
    messages = transcript(200, tool_every=5)
    assert count_transcript(messages) == count_messages(messages)
    longer = messages + transcript(1)
    assert count_transcript(longer) == count_messages(longer)
