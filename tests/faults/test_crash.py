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

from graph.builder import build_graph
from graph.context import split_turns
from graph.persistence import create_checkpointer
from graph.turns import has_unfinished_turn, recover_pending_turn, stream_turn, thread_config, turn_input
from tests.fakes import ScriptedChatModel, summary_reply

ROOT = Path(__file__).resolve().parents[2]


def crash_in(where: str, db: Path) -> None:
    worker = subprocess.Popen([sys.executable, "-m", "tests.faults.crash_worker", str(db), where], cwd=ROOT)
    marker = Path(str(db) + ".hanging")
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert worker.poll() is None and time.monotonic() < deadline, "the worker never reached turn 4"
        time.sleep(0.05)
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)


@pytest.mark.parametrize("where", ["llm", "summary"])
def test_session_survives_a_kill_mid_turn_and_continues(tmp_path, where):
    db = tmp_path / "chat.sqlite"
    crash_in(where, db)
    chat, summary = ScriptedChatModel(), ScriptedChatModel(reply=summary_reply)
    graph = build_graph(chat, summary, create_checkpointer(db))
    recover_pending_turn(graph, "crash")  # what the app does when it opens a session
    state = graph.get_state(thread_config("crash")).values
    humans = [m.content for m in state["messages"] if isinstance(m, HumanMessage)]
    assert humans == ["question 1", "question 2", "question 3", "question 4"]
    assert len(split_turns(state["messages"])[0]) == 3 and has_unfinished_turn(state["messages"])
    list(stream_turn(graph, "crash", None))  # Retry after the restart
    list(stream_turn(graph, "crash", turn_input("question 5", "crash", 0.3, [])))
    state = graph.get_state(thread_config("crash")).values
    assert [m.content for m in state["messages"] if isinstance(m, HumanMessage)] == [f"question {n}" for n in range(1, 6)]
    assert len(split_turns(state["messages"])[0]) == 5
    assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3]]
    assert len(summary.calls) == 1
