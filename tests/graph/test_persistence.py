"""Sessions persist in SQLite through SqliteSaver and come back in a new process."""

import stat
import subprocess
import sys
import textwrap

import pytest

from graph.builder import build_graph
from graph.storage import DatabaseError, open_storage
from graph.storage.sqlite import SqliteStorage, create_checkpointer
from tests.conftest import run_turn
from tests.fakes import ScriptedChatModel, summary_reply

REOPEN = textwrap.dedent(
    """
    import json, sys
    from graph.builder import build_graph
    from graph.storage.sqlite import SqliteStorage
    from tests.fakes import ScriptedChatModel, summary_reply
    storage = SqliteStorage.open(sys.argv[1])
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


def make_graph(path):
    storage = SqliteStorage.open(path)
    return storage, build_graph(ScriptedChatModel(), ScriptedChatModel(reply=summary_reply), storage.saver)


def test_session_survives_a_restart_in_a_new_process(tmp_path):
    path = tmp_path / "chat.sqlite"
    storage, graph = make_graph(path)
    for n in range(1, 5):
        run_turn(graph, n, session_id="persisted")
    storage.record_session("persisted", "question 1", 4)
    storage.close()
    result = subprocess.run([sys.executable, "-c", REOPEN, str(path)], capture_output=True, text=True,
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


def test_sessions_are_listed_renamed_and_deleted(tmp_path):
    storage, graph = make_graph(tmp_path / "chat.sqlite")
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
