"""Sessions persist through LangGraph's saver (SqliteSaver, or PostgresSaver with DATABASE_URL) and come back
in a new process."""

import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from graph.builder import build_graph
from graph.engine import ModelProfile, Settings, assemble
from graph.models import Models
from graph.storage import DatabaseError, open_storage
from graph.storage.postgres import is_database_url
from graph.storage.sqlite import create_checkpointer
from tests.conftest import open_database, run_turn
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.graph

REOPEN = textwrap.dedent(
    """
    import json, sys
    from graph.builder import build_graph
    from tests.conftest import open_database
    from tests.fakes import ScriptedChatModel, summary_reply
    storage = open_database(sys.argv[1])
    chat = ScriptedChatModel()
    graph = build_graph(chat, ScriptedChatModel(reply=summary_reply), storage.saver)
    state = graph.get_state({"configurable": {"thread_id": "persisted"}}).values
    from langchain_core.messages import HumanMessage
    after = graph.invoke({"messages": [HumanMessage("question 5")], "turn_count": 5,
                          "session_id": "persisted", "compression_rate": 0.3},
                         {"configurable": {"thread_id": "persisted"}})
    print(json.dumps({
        "messages": len(state["messages"]),
        "summaries": [r["turns"] for r in state["summary_history"]],
        "sessions": [(s.session_id, s.title, s.turns) for s in storage.list_sessions()],
        "context": [type(m).__name__ for m in chat.calls[-1]],
        "after": len(after["messages"]),
    }))
    """
)


def make_graph(database):
    storage = open_database(database)
    return storage, build_graph(ScriptedChatModel(), ScriptedChatModel(reply=summary_reply), storage.saver)


def test_session_survives_a_restart_in_a_new_process(database):
    storage, graph = make_graph(database)
    for n in range(1, 5):
        run_turn(graph, n, session_id="persisted")
    storage.record_session("persisted", "question 1", 4)
    storage.close()
    result = subprocess.run([sys.executable, "-c", REOPEN, database], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    import json

    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["messages"] == 8 and data["summaries"] == [[1, 2, 3]]
    assert data["sessions"] == [["persisted", "question 1", 4]]
    assert data["context"] == ["SystemMessage", "HumanMessage", "AIMessage", "HumanMessage"]
    assert data["after"] == 10


def test_database_file_is_owner_only(tmp_path):
    path = tmp_path / "private.sqlite"
    storage = open_storage(str(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    wal = tmp_path / "private.sqlite-wal"
    assert stat.S_IMODE(wal.stat().st_mode) == 0o600  # SQLite gives its side files the same mode
    assert storage.size_bytes() == path.stat().st_size + wal.stat().st_size > 0


def test_sessions_are_listed_renamed_and_deleted(database):
    storage, graph = make_graph(database)
    run_turn(graph, 1, text="Plan a trip to Busan in May", session_id="a")
    storage.record_session("a", "Plan a trip to Busan in May", 1)
    run_turn(graph, 1, text="hello", session_id="b")  # no row yet: listed by its id
    sessions = {s.session_id: s for s in storage.list_sessions()}
    assert sessions["a"].title == "Plan a trip to Busan in May" and sessions["a"].turns == 1
    assert sessions["b"].title == "b"
    storage.rename_session("a", "Busan trip")
    storage.record_session("a", "another first message", 2)  # the title is kept
    assert {s.session_id: s.title for s in storage.list_sessions()}["a"] == "Busan trip"
    storage.delete_session("a")
    assert [s.session_id for s in storage.list_sessions()] == ["b"]
    assert graph.get_state({"configurable": {"thread_id": "a"}}).values == {}


def test_unwritable_database_path_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(DatabaseError, match="Cannot open the chat database"):
        create_checkpointer(blocker / "chat.sqlite")


@contextmanager
def plain_saver(database: str) -> Iterator[BaseCheckpointSaver]:
    """The saver a caller builds by hand from LangGraph's own classes, set up as their docs say."""
    if is_database_url(database):
        with PostgresSaver.from_conn_string(database) as saver:
            saver.setup()
            yield saver
    else:
        with SqliteSaver.from_conn_string(database) as saver:
            yield saver


def test_the_graph_contract_holds_on_a_hand_made_saver_of_each_backend(database):
    chat = ScriptedChatModel()
    with plain_saver(database) as saver:
        graph = build_graph(chat, ScriptedChatModel(reply=summary_reply), saver)
        for n in range(1, 5):
            run_turn(graph, n)
        assert [type(m).__name__ for m in chat.calls[-1]] == ["SystemMessage", "HumanMessage"]
        assert "[1-3턴]" in chat.calls[-1][0].content
        chat.script = [ConnectionError("refused")]
        with pytest.raises(ConnectionError):
            run_turn(graph, 5)
        after = graph.invoke(None, {"configurable": {"thread_id": "s1"}})  # Retry
        assert [m.content for m in after["messages"] if isinstance(m, HumanMessage)] == [
            f"question {n}" for n in range(1, 6)]
        assert [type(m).__name__ for m in chat.calls[-1]] == ["SystemMessage", "HumanMessage", "AIMessage",
                                                              "HumanMessage"]


def test_the_session_api_runs_on_a_hand_made_saver_of_each_backend(database, tmp_path):
    with plain_saver(database) as saver:
        engine = assemble(Settings(db_path=str(tmp_path / "side.sqlite"), summary_late_turns=0), saver,
                          Models(chat=ScriptedChatModel(), summary=ScriptedChatModel(reply=summary_reply),
                                 profile=ModelProfile(label="fake", provider="remote", streaming=True, tools=True,
                                                      structured_output=True, context_window=128_000)))
        session = engine.session("api")
        for n in range(1, 5):
            assert [e.kind for e in session.send(f"question {n}", compression_rate=0.3)][-1] == "reply"
        engine.wait_idle()
        assert [r["turns"] for r in session.state()["summary_history"]] == [[1, 2, 3]]
        assert [s.session_id for s in engine.sessions()] == ["api"]
        engine.close()
