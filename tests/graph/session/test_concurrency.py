"""Many sessions writing one database at once, and one session open in two tabs."""

import threading

import pytest
from langchain_core.messages import HumanMessage

from graph.context import split_turns
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.faults


def run_in_threads(jobs) -> list[BaseException | str]:
    errors: list[BaseException | str] = []

    def guarded(job):
        try:
            errors.extend(job())
        except BaseException as error:  # collected and asserted on below
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return errors


def chat_turns(engine, session_id: str, texts: list[str]):
    """A tab sending messages one after another; returns the error events it saw."""
    def job() -> list[str]:
        session = engine.session(session_id)
        errors = []
        for text in texts:
            errors += [event.text for event in session.send(text, compression_rate=0.3).wait()
                       if event.kind == "error"]
        return errors
    return job


def test_sessions_write_one_database_at_once_without_locking_or_leaking(database):
    engine = make_engine(database, ScriptedChatModel(delay=0.001),
                         ScriptedChatModel(reply=summary_reply))
    sessions = [f"session-{i}" for i in range(6)]
    jobs = [chat_turns(engine, s, [f"{s} message {n}" for n in range(10)]) for s in sessions]
    errors = run_in_threads(jobs)
    assert errors == []
    engine.wait_idle()
    for session_id in sessions:
        state = engine.session(session_id).state()
        humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
        assert humans == [f"{session_id} message {n}" for n in range(10)]
        assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        assert all(r["thread_id"] == session_id for r in state["summary_history"])
    assert sorted(s.session_id for s in engine.sessions()) == sessions
    assert {s.turns for s in engine.sessions()} == {10}
    engine.close()


def test_one_session_in_two_tabs_is_not_corrupted(database):
    engine = make_engine(database, ScriptedChatModel(delay=0.002),
                         ScriptedChatModel(reply=summary_reply))
    tab_a = chat_turns(engine, "shared", [f"tab A {n}" for n in range(6)])
    tab_b = chat_turns(engine, "shared", [f"tab B {n}" for n in range(6)])
    assert run_in_threads([tab_a, tab_b]) == []
    engine.wait_idle()
    state = engine.session("shared").state()
    humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
    assert sorted(humans) == sorted([f"tab A {n}" for n in range(6)] + [f"tab B {n}" for n in range(6)])
    turns, current = split_turns(state["messages"])
    assert len(turns) == 12 and current == []
    assert all(isinstance(turn[0], HumanMessage) and len(turn) == 2 for turn in turns)  # never interleaved
    assert state["turn_count"] == 12
    covered = [n for r in state["summary_history"] for n in r["turns"]]
    assert covered == list(range(1, len(covered) + 1)) and len(covered) == 9
    engine.close()
