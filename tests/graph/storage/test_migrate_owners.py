"""Sessions stored before owners existed: the schema gives them the default owner, and the migration tool gives
them to one person, in place or as it copies them to PostgreSQL."""

import sqlite3
from contextlib import closing
from pathlib import Path

import psycopg
import pytest

from graph.storage.migrate import main
from graph.storage.postgres import schema as postgres_schema
from graph.storage.sqlite import schema as sqlite_schema
from tests.conftest import make_engine, open_database, send

pytestmark = pytest.mark.storage

ADA, BOB = "ada@example.com", "bob@example.com"
BEFORE_OWNERS = {"sqlite": 6, "postgres": 5}  # the schema version before sessions had owners


def test_a_database_from_before_owners_keeps_its_sessions_with_the_default_owner(backend: str, database: str):
    if backend == "sqlite":
        with closing(sqlite3.connect(database)) as conn:
            sqlite_schema.migrate(conn, BEFORE_OWNERS["sqlite"])
            conn.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('old', '')")
            conn.commit()
    else:
        with psycopg.connect(database, autocommit=True) as conn:
            postgres_schema.migrate(conn, BEFORE_OWNERS["postgres"])
            conn.execute("INSERT INTO chat_sessions (thread_id, updated_at) VALUES ('old', '')")
    storage = open_database(database)
    try:
        assert storage.session_owner("old") == ""
        assert not storage.claim_session("old", ADA) and storage.claim_session("old", "")
    finally:
        storage.close()


@pytest.fixture
def local_database(tmp_path: Path) -> Path:
    """A SQLite file with two sessions made on the single-person app and one of Bob's."""
    path = tmp_path / "chat.sqlite"
    engine = make_engine(path)
    try:
        send(engine.session("local-1"), "The first chat made before sign-in.")
        send(engine.session("local-2"), "The second chat made before sign-in.")
        send(engine.session("bobs", owner=BOB), "Bob's own chat.")
    finally:
        engine.close()
    return path


def owned(location: Path | str) -> dict[str, list[str]]:
    """The session ids each owner lists (the default owner as '')."""
    engine = make_engine(location)
    try:
        return {owner: sorted(s.session_id for s in engine.sessions(owner=owner or None)) for owner in ("", ADA, BOB)}
    finally:
        engine.close()


def test_the_tool_gives_the_older_sessions_to_one_person_in_place(local_database: Path, capsys):
    assert owned(local_database) == {"": ["local-1", "local-2"], ADA: [], BOB: ["bobs"]}
    assert main(["--to", str(local_database), "--owner", ADA]) == 0
    assert "sessions given to ada@example.com: 2" in capsys.readouterr().out
    assert owned(local_database) == {"": [], ADA: ["local-1", "local-2"], BOB: ["bobs"]}


def test_the_tool_copies_owners_to_postgresql_and_gives_the_older_sessions_away(local_database: Path,
                                                                                postgres_url: str):
    assert main(["--from", str(local_database), "--to", postgres_url, "--owner", ADA]) == 0
    assert owned(postgres_url) == {"": [], ADA: ["local-1", "local-2"], BOB: ["bobs"]}
    engine = make_engine(postgres_url)
    try:
        assert engine.session("local-1", owner=ADA).turns_completed() == 1
    finally:
        engine.close()


def test_the_tool_says_what_it_needs(local_database: Path, capsys):
    with pytest.raises(SystemExit):
        main(["--to", str(local_database)])
    assert main(["--to", str(local_database.with_name("missing.sqlite")), "--owner", ADA]) == 1
    assert "No chat database" in capsys.readouterr().err
    assert main(["--to", str(local_database), "--owner", "  "]) == 1
    assert owned(local_database)[""] == ["local-1", "local-2"]
