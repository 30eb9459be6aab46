"""Killing the process at any point of an edit or a regenerate leaves a session Retry continues and that never shows
two questions in a row, whichever version is looked at after the restart; the old version stays whole."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel
from tests.graph.session.rewind_crash_worker import EDITED

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[3]
OLD_LINE = ["question 1", "Reply to: question 1", "question 2", "Reply to: question 2", "question 3",
            "Reply to: question 3"]


def crash_in_rewrite(database: str, marker: Path, rewrite: str, where: str) -> None:
    """Run the worker until it hangs at `where` in its new version, then kill it."""
    worker = subprocess.Popen([sys.executable, "-m", "tests.graph.session.rewind_crash_worker", database,
                               str(marker), rewrite, where], cwd=ROOT)
    deadline = time.monotonic() + 90
    while not marker.exists():
        assert worker.poll() is None and time.monotonic() < deadline, "the worker never reached its new version"
        time.sleep(0.05)
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)


def alternates(session) -> bool:
    """Questions and final answers alternate: no question follows another without its answer."""
    kinds = [type(m) for m in session.messages() if isinstance(m, HumanMessage | AIMessage) and not (
        isinstance(m, AIMessage) and m.tool_calls)]
    return all(a is not b for a, b in zip(kinds, kinds[1:], strict=False))


def texts(session) -> list[str]:
    return [str(m.content) for m in session.messages()]


def other(shown: int) -> int:
    return 1 if shown == 2 else 2


def continue_after_restart(database: str, turn: int, looks: list[str]) -> tuple:
    """The app's next start: the session opened (a crash's message put back), each version looked at as `looks`
    says, Retry where the shown question waits, then the next message."""
    engine = make_engine(database, ScriptedChatModel())
    session = engine.session("crash")
    session.recover()
    assert alternates(session)
    for look in looks:
        versions = session.versions()
        if turn in versions:
            shown = versions[turn].shown
            assert session.show_version(turn, other(shown) if look == "other" else shown) or look == "stay"
        assert alternates(session)
    if session.unfinished():
        assert session.retry()[-1].kind == "reply"
        engine.wait_idle()
    assert not session.unfinished() and alternates(session)
    assert send(session, "question 4")[-1].text == "Reply to: question 4"
    assert alternates(session) and texts(session)[-2:] == ["question 4", "Reply to: question 4"]
    return engine, session


@pytest.mark.parametrize("where", ["journaled", "llm", "saved"])
@pytest.mark.parametrize("rewrite", ["edit", "regenerate"])
def test_a_kill_in_a_new_version_leaves_a_session_retry_continues(database, tmp_path, rewrite, where):
    crash_in_rewrite(database, tmp_path / "hanging", rewrite, where)
    turn = 2 if rewrite == "edit" else 3
    engine, session = continue_after_restart(database, turn, ["other", "other"])
    shown = session.versions()[turn].shown
    if rewrite == "edit" and shown == 2:
        assert texts(session)[:4] == ["question 1", "Reply to: question 1", EDITED, f"Reply to: {EDITED}"]
    assert session.show_version(turn, other(shown)) and alternates(session)
    assert session.show_version(turn, 1) or session.versions()[turn].shown == 1
    assert texts(session)[:6] == OLD_LINE  # the old version whole
    engine.close()


@pytest.mark.parametrize("looks", [["stay"], ["other"], ["other", "other", "other"]])
def test_whichever_version_is_shown_after_a_kill_mid_edit_the_session_goes_on(database, tmp_path, looks):
    crash_in_rewrite(database, tmp_path / "hanging", "edit", "llm")
    engine, session = continue_after_restart(database, 2, looks)
    assert session.versions()[2].count == 2
    engine.close()
