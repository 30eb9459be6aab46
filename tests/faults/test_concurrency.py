"""Many sessions writing one database at once, and one session open in two tabs."""

import threading

from langchain_core.messages import HumanMessage

from graph.builder import build_graph
from graph.context import split_turns
from graph.persistence import create_checkpointer
from graph.turns import stream_turn, thread_config, turn_input
from tests.fakes import ScriptedChatModel, summary_reply


def run_in_threads(jobs) -> list[BaseException]:
    errors: list[BaseException] = []

    def guarded(job):
        try:
            job()
        except BaseException as error:  # collected and asserted on below
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return errors


def chat_turns(graph, session: str, texts: list[str]):
    def job():
        for text in texts:
            messages = graph.get_state(thread_config(session)).values.get("messages", [])
            list(stream_turn(graph, session, turn_input(text, session, 0.3, messages)))
    return job


def test_sessions_write_one_database_at_once_without_locking_or_leaking(tmp_path):
    saver = create_checkpointer(tmp_path / "chat.sqlite")
    graph = build_graph(ScriptedChatModel(delay=0.001), ScriptedChatModel(reply=summary_reply), saver)
    sessions = [f"session-{i}" for i in range(6)]
    errors = run_in_threads([chat_turns(graph, s, [f"{s} message {n}" for n in range(10)]) for s in sessions])
    assert errors == []
    for session in sessions:
        state = graph.get_state(thread_config(session)).values
        humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
        assert humans == [f"{session} message {n}" for n in range(10)]
        assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        assert all(r["thread_id"] == session for r in state["summary_history"])


def test_one_session_in_two_tabs_is_not_corrupted(tmp_path):
    saver = create_checkpointer(tmp_path / "chat.sqlite")
    graph = build_graph(ScriptedChatModel(delay=0.002), ScriptedChatModel(reply=summary_reply), saver)
    tab_a = chat_turns(graph, "shared", [f"tab A {n}" for n in range(6)])
    tab_b = chat_turns(graph, "shared", [f"tab B {n}" for n in range(6)])
    assert run_in_threads([tab_a, tab_b]) == []
    state = graph.get_state(thread_config("shared")).values
    humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
    assert sorted(humans) == sorted([f"tab A {n}" for n in range(6)] + [f"tab B {n}" for n in range(6)])
    turns, current = split_turns(state["messages"])
    assert len(turns) == 12 and current == []
    assert all(isinstance(turn[0], HumanMessage) and len(turn) == 2 for turn in turns)  # never interleaved
    assert state["turn_count"] == 12
    covered = [n for r in state["summary_history"] for n in r["turns"]]
    assert covered == list(range(1, len(covered) + 1)) and len(covered) == 9
