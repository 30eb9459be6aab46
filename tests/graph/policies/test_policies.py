"""Each context policy's trigger table as its seed gives it; every policy keeps whole turns."""

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from graph.builder import build_graph
from graph.context import split_turns
from graph.graph_config import GraphConfig
from graph.policies import POLICIES, PolicyInput, get_policy, policy_or_default
from graph.policies.base import keep_recent
from prompt.system import DESIGN_LANGUAGE
from state.session import SessionSettings
from tests.conftest import transcript
from tests.fakes import ScriptedChatModel
from tests.fakes.models import summary_calls
from tests.graph.replies import varied_replies

pytestmark = pytest.mark.graph


def run(graph, n, policy, text=None, **settings):
    payload = {"messages": [HumanMessage(text or f"question {n}")], "turn_count": n, "session_id": "p",
               "compression_rate": 0.3}
    return graph.invoke(payload, {"configurable": {"thread_id": "p"}},
                        context=SessionSettings(context_policy=policy, language=DESIGN_LANGUAGE, **settings))


def test_every_policy_is_listed_and_unknown_names_fall_back():
    assert list(POLICIES) == ["every_three_turns", "token_threshold", "window_share", "sliding_window"]
    assert get_policy("nonsense").name == "every_three_turns"


def test_the_seed_ids_older_sessions_stored_still_name_their_policy():
    assert {old: get_policy(old).name for old in ("seed000", "seed001", "seed002", "seed003")} == {
        "seed000": "every_three_turns", "seed001": "token_threshold", "seed002": "window_share",
        "seed003": "sliding_window"}
    assert policy_or_default("seed002") == "window_share" and policy_or_default(None) == "every_three_turns"


def test_keep_recent_rounds_up_to_whole_turns():
    turns = [[1, 2], [3, 4, 5, 6], [7, 8]]
    assert keep_recent(turns, messages=5) == 2
    assert keep_recent(turns, messages=6) == 2
    assert keep_recent(turns, messages=7) == 3
    assert keep_recent(turns, rounds=2) == 2


# seed 003: MAX_MESSAGES=10, KEEP_RECENT=5 (whole turns), sliding window of 3 summaries
@pytest.mark.parametrize("completed, due", [(4, []), (5, []), (6, [[1, 2, 3]]), (8, [[1, 2, 3, 4, 5]])])
def test_sliding_window_trigger_table(completed, due):
    view = PolicyInput(transcript(completed), [], 8192, 0)
    assert [turns for turns, _ in get_policy("sliding_window").due(view)] == due


def test_sliding_window_keeps_a_window_of_three_summaries(chat_model, summary_model):
    graph = build_graph(chat_model, summary_model, InMemorySaver())
    for n in range(1, 26):
        state = run(graph, n, "sliding_window")
    history = state["summary_history"]
    assert len(history) >= 5
    covered = [t for r in history for t in r["turns"]]
    assert covered == list(range(1, len(covered) + 1))
    system = chat_model.calls[-1][0].content
    carried = [r for r in history if f"[{r['turns'][0]}-{r['turns'][-1]}턴]" in system]
    assert carried == history[-3:]
    raw = chat_model.calls[-1][1:]
    assert len(raw) <= 11 and isinstance(raw[0], HumanMessage)


# seed 001: 8,000 unsummarized tokens, incremental versions, 6 recent messages raw, 2,000-char cut


def test_token_threshold_trigger_table():
    policy = get_policy("token_threshold")
    small = transcript(20)
    assert policy.due(PolicyInput(small, [], 128_000, 0)) == []
    big = [m for n in range(1, 13) for m in (HumanMessage(f"q{n}"), AIMessage("detail " * 700))]
    (turns, block), = policy.due(PolicyInput(big, [], 128_000, 0))
    assert turns == list(range(1, 10)) and len(block) == 18  # the last 3 turns = 6 messages stay raw


def test_token_threshold_summary_is_incremental_and_versioned(summary_model):
    chat = ScriptedChatModel(reply=varied_replies(700))
    graph = build_graph(chat, summary_model, InMemorySaver())
    for n in range(1, 26):
        state = run(graph, n, "token_threshold")
    history = state["summary_history"]
    assert len(history) >= 2 and history[-1]["version"] == len(history)
    assert all(r["turns"][0] == 1 for r in history)
    assert "Previous summary:" in summary_calls(summary_model)[-1][-1].content
    assert history[-2]["summary"] in summary_calls(summary_model)[-1][-1].content
    context = chat.calls[-1]
    assert context[0].content.count("턴] ") == 1  # only the latest version rides along
    assert all(len(m.content) <= 2100 for m in context[1:-1])
    assert len(state["messages"][1].content) > 4000  # the transcript keeps the long answers


# seed 002: 60% of the window with tools counted, at least 10 messages, 6 recent rounds kept
def test_window_share_compresses_past_60_percent_and_reports_it(summary_model):
    chat = ScriptedChatModel(reply=varied_replies(60))
    graph = build_graph(chat, summary_model, InMemorySaver(), GraphConfig(context_window=1500))
    states = [run(graph, n, "window_share") for n in range(1, 16)]
    first = next(i for i, s in enumerate(states, start=1) if s["summary_history"])
    assert first > 6
    record = states[first - 1]["summary_history"][0]
    turns, _ = split_turns(states[first - 1]["messages"])
    assert record["turns"][-1] == first - 1 - 6  # everything but the last 6 rounds
    notice = states[first - 1]["compression_notice"]
    assert notice["turn"] == first and notice["after"] < notice["before"]


def test_window_share_counts_tool_definitions():
    policy = get_policy("window_share")
    messages = [m for n in range(1, 9) for m in (HumanMessage(f"q{n}"), AIMessage("answer " * 60))]
    assert policy.due(PolicyInput(messages, [], 2000, 0)) == []
    assert policy.due(PolicyInput(messages, [], 2000, 700)) != []


@pytest.mark.parametrize("policy", ["every_three_turns", "token_threshold", "window_share", "sliding_window"])
def test_every_policy_keeps_the_transcript_and_whole_turns(policy, summary_model):
    chat = ScriptedChatModel(reply=varied_replies(300))
    graph = build_graph(chat, summary_model, InMemorySaver(), GraphConfig(context_window=4000))
    for n in range(1, 31):
        state = run(graph, n, policy)
    assert [m.content for m in state["messages"] if isinstance(m, HumanMessage)] == [
        f"question {n}" for n in range(1, 31)]
    for context in chat.calls:
        raw = [m for m in context[1:] if not m.content.startswith("[")]
        assert isinstance(raw[0], HumanMessage)
    covered = [t for r in state["summary_history"] if "version" not in r for t in r["turns"]]
    assert covered == list(range(1, len(covered) + 1))
