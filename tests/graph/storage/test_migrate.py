"""A conversation moved from the SQLite file to PostgreSQL goes on there as if nothing happened."""

from pathlib import Path

import pytest

from graph.storage import DatabaseError
from graph.storage.migrate import main, migrate
from graph.storage.postgres import PostgresStorage
from graph.storage.shared.common import SESSION_TABLES
from state.session import SessionSettings
from tests.conftest import make_engine, open_database
from tests.fakes import ScriptedChatModel
from tests.graph.storage.conftest import count_rows, every_setting_changed

pytestmark = pytest.mark.storage

SESSION = "moving"
TURNS = 7
DOCUMENT = "\n\n".join(
    [f"Section {n}. The parking garage opens at seven and the cafeteria serves lunch on floor {n}." for n in range(60)]
    + ["우리 회사의 연차 휴가는 15일입니다. 年假是十五天。"]
    + [f"Appendix {n}. Security badges must be worn at all times in building {n}." for n in range(60)])
APP_TABLES = SESSION_TABLES  # named alike on both backends


def comparable(messages: list) -> list:
    """Messages as the values that make a conversation: kind, id, text, tool calls."""
    return [(m.type, m.id, m.content, getattr(m, "tool_calls", None), getattr(m, "tool_call_id", None))
            for m in messages]


@pytest.fixture
def sqlite_conversation(tmp_path: Path) -> dict:
    """Seven turns through the session API on SQLite, with settings and an indexed document."""
    path = tmp_path / "chat.sqlite"
    engine = make_engine(path)
    try:
        session = engine.session(SESSION)
        session.save_settings(system_prompt="Answer in one line.", reminder="be kind", compression_rate=0.2)
        document = engine.documents.add(SESSION, "handbook.txt", DOCUMENT)
        assert document.mode == "indexed"
        for n in range(1, TURNS + 1):
            events = session.send(f"question {n}: tell me about building {n} of Acme Tower").wait()
            engine.wait_idle()
            assert not [e for e in events if e.kind == "error"]
        engine.rename(SESSION, "Moving house")
        engine.storage.prepared_put("made-ahead", SESSION, {"turns": [8, 9, 10], "summary": "미리 만든 요약"})
        engine.storage.journal_write("crashed", {"turn_count": 1, "messages": [{"id": "m1", "text": "lost?"}]})
        state = session.state()
        assert state["summary_history"], "turns 4 and 7 summarize"
        return {"path": path, "state": state, "settings": session.settings(),
                "rows": {table: count for table, count in count_rows(engine.storage, SESSION).items()
                         if table in APP_TABLES},
                "entities": engine.storage.entities_after(SESSION, 0),
                "search": engine.documents.search(SESSION, "parking garage")}
    finally:
        engine.close()


def test_a_migrated_conversation_continues_on_postgresql(sqlite_conversation: dict, postgres_url: str,
                                                         tmp_path: Path):
    counts = migrate(sqlite_conversation["path"], postgres_url, report=lambda line: None)
    assert counts["checkpoints"] == 1
    assert counts["documents"] == 1

    chat = ScriptedChatModel()
    engine = make_engine(postgres_url, chat)
    try:
        assert isinstance(engine.storage, PostgresStorage)
        before = sqlite_conversation["state"]
        session = engine.session(SESSION)
        after = session.state()
        assert comparable(after["messages"]) == comparable(before["messages"])
        assert after["summary_history"] == before["summary_history"]
        assert after["turn_count"] == TURNS
        assert session.settings() == sqlite_conversation["settings"]
        assert session.settings() == SessionSettings(system_prompt="Answer in one line.", reminder="be kind",
                                                     compression_rate=0.2)
        assert [(s.session_id, s.title, s.turns) for s in engine.sessions()] == [(SESSION, "Moving house", TURNS)]
        rows = count_rows(engine.storage, SESSION)
        assert {table: rows[table] for table in APP_TABLES} == sqlite_conversation["rows"]
        assert engine.storage.entities_after(SESSION, 0) == sqlite_conversation["entities"]
        assert sqlite_conversation["entities"][0] == (1, ["acme tower"])

        assert engine.storage.journal_read("crashed") == {"turn_count": 1, "messages": [{"id": "m1", "text": "lost?"}]}
        hits = engine.search("building")
        assert {hit["turn"] for hit in hits} == set(range(1, TURNS + 1))
        assert all(hit["session_id"] == SESSION and "**building**" in hit["snippet"] for hit in hits)
        assert [d.title for d in engine.documents.list_documents(SESSION)] == ["handbook.txt"]
        assert engine.documents.search(SESSION, "parking garage")[0] == sqlite_conversation["search"][0]
        assert any("연차 휴가" in passage["contents"] for passage in engine.documents.search(SESSION, "연차 휴가는"))

        events = session.send("question 8: and the next one?").wait()
        engine.wait_idle()
        assert not [e for e in events if e.kind == "error"]
        state = session.state()
        assert state["turn_count"] == TURNS + 1
        assert session.turns_completed() == TURNS + 1
        assert comparable(state["messages"][: len(before["messages"])]) == comparable(before["messages"])
        assert state["messages"][-2].content == "question 8: and the next one?"
        assert engine.storage.prepared_has("made-ahead")
        sent = chat.calls[-1]
        assert sent[0].type == "system" and any(r["summary"] in sent[0].content for r in before["summary_history"])
    finally:
        engine.close()


def test_migrating_twice_adds_nothing(sqlite_conversation: dict, postgres_url: str):
    first = migrate(sqlite_conversation["path"], postgres_url, report=lambda line: None)
    second = migrate(sqlite_conversation["path"], postgres_url, report=lambda line: None)
    assert first == second
    storage = PostgresStorage.open(postgres_url)
    try:
        assert len(storage.list_documents(SESSION)) == 1
        rows = count_rows(storage, SESSION)
        assert {table: rows[table] for table in APP_TABLES} == sqlite_conversation["rows"]
        assert rows["checkpoints"] == 1
        storage.add_document(SESSION, "new.txt", 5, "whole", "a new document after the move", [])
        assert [d.title for d in storage.list_documents(SESSION)] == ["handbook.txt", "new.txt"]
    finally:
        storage.close()


def test_the_command_line(sqlite_conversation: dict, postgres_url: str, tmp_path: Path, capsys):
    assert main(["--from", str(sqlite_conversation["path"]), "--to", postgres_url]) == 0
    assert "checkpoints: 1" in capsys.readouterr().out
    assert main(["--from", str(tmp_path / "missing.sqlite"), "--to", postgres_url]) == 1
    assert "No chat database" in capsys.readouterr().err
    assert main(["--from", str(sqlite_conversation["path"]), "--to", "sqlite:///x"]) == 1
    assert not (tmp_path / "missing.sqlite").exists()
    with pytest.raises(DatabaseError):
        migrate(tmp_path / "missing.sqlite", postgres_url)


def test_every_setting_moves_to_postgresql(tmp_path: Path, postgres_url: str):
    path, chosen = tmp_path / "chat.sqlite", every_setting_changed()
    source = open_database(path)
    try:
        source.save_settings(SESSION, chosen)
    finally:
        source.close()
    migrate(path, postgres_url, report=lambda line: None)
    target = PostgresStorage.open(postgres_url)
    try:
        assert target.load_settings(SESSION) == chosen
    finally:
        target.close()
