"""Killing the process mid-turn (in the reply, or in a summary) loses nothing that was saved:
after a restart the session is intact up to its last saved step, Retry finishes the turn."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage

from graph.context import split_turns
from graph.session.runner import thread_config
from graph.storage.langgraph_private import DeltaSnapshot
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_calls, summary_reply

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[3]


def crash_in(where: str, database: str, marker: Path, turns: int = 4) -> None:
    worker = subprocess.Popen([sys.executable, "-m", "tests.graph.session.crash_worker", database, str(marker), where,
                               str(turns)], cwd=ROOT)
    deadline = time.monotonic() + 60 + turns
    while not marker.exists():
        assert worker.poll() is None and time.monotonic() < deadline, f"the worker never reached turn {turns}"
        time.sleep(0.05)
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)


@pytest.mark.parametrize("where", ["llm", "summary"])
def test_session_survives_a_kill_mid_turn_and_continues(database, tmp_path, where):
    crash_in(where, database, tmp_path / "hanging")
    chat, summary = ScriptedChatModel(), ScriptedChatModel(reply=summary_reply)
    engine = make_engine(database, chat, summary)
    session = engine.session("crash")
    assert session.recover()  # what the app does when it opens a session
    state = session.state()
    humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
    assert humans == ["question 1", "question 2", "question 3", "question 4"]
    assert len(split_turns(state["messages"])[0]) == 3 and session.unfinished()
    assert session.retry()[-1].text == "Reply to: question 4"  # Retry after the restart
    engine.wait_idle()
    assert send(session, "question 5")[-1].text == "Reply to: question 5"
    state = session.state()
    humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
    assert humans == [f"question {n}" for n in range(1, 6)]
    assert len(split_turns(state["messages"])[0]) == 5 and state["turn_count"] == 5
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3]]
    assert len(summary_calls(summary)) == 1  # the block made once (the facts of its turns are asked apart)
    assert engine.storage.journal_read("crash") is None
    engine.close()


def test_a_kill_after_the_transcript_was_stored_in_deltas_and_copied_whole_loses_nothing(database, tmp_path):
    """Past its first full copy the transcript is a copy plus the writes after it: a kill mid-turn then Retry
    still finds every message, in order, once."""
    crash_in("llm", database, tmp_path / "hanging", turns=LONG_TURNS)
    engine = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    session = engine.session("crash")
    assert session.recover() and session.unfinished()
    kept = list(engine.saver.list(thread_config("crash")))
    copies = [c for c in kept if isinstance(c.checkpoint["channel_values"].get("messages"), DeltaSnapshot)]
    assert copies  # nothing kept before the oldest full copy a load needs:
    assert any(isinstance(value, DeltaSnapshot) for value in kept[-1].checkpoint["channel_values"].values())
    assert session.retry()[-1].text == f"Reply to: question {LONG_TURNS}"
    engine.wait_idle()
    send(session, "one more")
    engine.close()
    reopened = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    messages = reopened.session("crash").messages()
    assert [m.content for m in messages if isinstance(m, HumanMessage)] == [
        *(f"question {n}" for n in range(1, LONG_TURNS + 1)), "one more"]
    assert [m.content for m in messages[1::2]] == [
        *(f"Reply to: question {n}" for n in range(1, LONG_TURNS + 1)), "Reply to: one more"]
    reopened.close()


LONG_TURNS = 45  # two transcript writes a turn: its first full copy is made at turn 20
