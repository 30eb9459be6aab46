"""The terminal chat runs on the session API and shares sessions with the web app."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage
from streamlit.testing.v1 import AppTest

from graph.models import bundled_profile
from graph.terminal import main
from tests.component.apptest import send
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.app

ROOT = Path(__file__).resolve().parents[2]


def lines(*texts: str):
    """A `read` function that types these lines, then ends the input."""
    queue = list(texts)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def test_terminal_streams_replies_tools_and_summaries(fake_engine, tmp_path):
    engine = fake_engine(None)
    fake_engine.chat.script = [
        "hello back",
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17*23"}, "id": "c1"}]),
        "17 * 23 = 391",
        "third", "fourth",
    ]
    out = io.StringIO()
    code = main(["chat", "--session", "term1"], read=lines("hello", "what is 17*23?", "three", "four"),
                out=out, engine=engine)
    text = out.getvalue()
    assert code == 0
    assert "hello back" in text and "[tool] calculator({'expression': '17*23'})" in text
    assert "[tool result] 391" in text and "17 * 23 = 391" in text
    assert "[summarized turns 1-3]" in text
    assert engine.session("term1").turns_completed() == 4


def test_a_terminal_conversation_continues_in_the_web_app(fake_engine):
    engine = fake_engine(None)
    main(["chat", "--session", "shared"], read=lines("from the terminal"), out=io.StringIO(), engine=engine)
    app = AppTest.from_file("../../app.py", default_timeout=30)
    app.query_params["session"] = "shared"
    app.run()
    assert app.chat_message[0].text[0].value == "from the terminal"
    send(app, "from the browser")
    out = io.StringIO()
    main(["sessions"], out=out, engine=engine)
    assert "shared" in out.getvalue() and "2 turns" in out.getvalue()


def test_retry_after_a_failure_and_nothing_to_retry(fake_engine):
    engine = fake_engine(None)
    fake_engine.chat.script = [ConnectionError("refused"), "answered at last"]
    out = io.StringIO()
    main(["chat", "--session", "r1"], read=lines("hi", "/retry", "/retry"), out=out, engine=engine)
    text = out.getvalue()
    assert "[error]" in text and "answered at last" in text and "Nothing to retry." in text


def test_module_entry_point_lists_sessions_from_the_database_without_a_model(tmp_path):
    engine = make_engine(tmp_path / "chat.sqlite")
    engine.session("kept").send("hello there").wait()
    engine.close()
    env = {**os.environ, "CHAT_DB_PATH": str(tmp_path / "chat.sqlite")}
    env.pop("OPENAI_BASE_URL", None)  # the bundled model would start, were a model needed
    result = subprocess.run([sys.executable, "-m", "graph", "sessions"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "kept" in result.stdout and "1 turns" in result.stdout
    assert "Starting" not in result.stdout + result.stderr and "INFO" not in result.stderr  # no server, no log
    bad = subprocess.run([sys.executable, "-m", "graph", "fly"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_the_terminal_shows_the_calculators_result_first_and_never_the_models_guess(tmp_path):
    guessing = ScriptedChatModel(reply=lambda messages: AIMessage("Hello! 17 * 23 = 409."))
    engine = make_engine(tmp_path / "t.sqlite", guessing, profile=bundled_profile())
    try:
        out = io.StringIO()
        assert main(["chat", "--session", "calc"], read=lines("Hello! What is 17 * 23?"), out=out,
                    engine=engine) == 0
        text = out.getvalue()
        assert "17 * 23 = 391." in text and "409" not in text
        assert engine.session("calc").messages()[-1].content == "17 * 23 = 391."
    finally:
        engine.close()


def test_a_resumed_session_shows_its_last_messages_and_no_log_lines(fake_engine):
    engine = fake_engine(None)
    fake_engine.chat.script = [f"answer {n}" for n in range(1, 6)]
    main(["chat", "--session", "again"], read=lines(*[f"question {n}" for n in range(1, 5)]), out=io.StringIO(),
         engine=engine)
    out = io.StringIO()
    main(["chat", "--session", "again"], read=lines(), out=out, engine=engine)
    text = out.getvalue()
    assert "… the last 6 of 8 messages:" in text
    assert "> question 2\nanswer 2\n> question 3\nanswer 3\n> question 4\nanswer 4\n" in text
    assert "question 1" not in text


def test_loading_the_embeddings_leaves_the_root_logger_alone_and_prints_nothing():
    code = ("import logging; from graph.recall.embeddings import embed; assert embed(['x']) is not None; "
            "print(len(logging.getLogger().handlers), logging.getLogger().level)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "30"]
    assert result.stderr == ""  # no progress bar, no library's log line in a terminal chat


def test_terminal_versions_regenerate_edit_and_switch(fake_engine):
    engine = fake_engine(None)
    fake_engine.chat.script = ["one", "two", "two again", "edited one"]
    out = io.StringIO()
    main(["chat", "--session", "versions"], out=out, engine=engine,
         read=lines("first", "second", "/versions", "/regenerate", "/versions", "/edit 1 first, edited",
                    "/versions", "/version 1 1", "/version 9 9", "/edit x"))
    text = out.getvalue()
    assert "No turn has another version yet" in text
    assert "two again" in text and "Turn 2: version 2 of 2 shown" in text
    assert "edited one" in text and "Turn 1: version 2 of 2 shown" in text
    assert "No such version to show" in text and "Use /edit N text" in text
    session = engine.session("versions")
    assert [m.content for m in session.messages()] == ["first", "one", "second", "two again"]
    assert set(session.versions()) == {1, 2}
    assert (session.versions()[1].shown, session.versions()[2].shown) == (1, 2)
