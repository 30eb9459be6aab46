"""Security: strict checkpoint deserialization, safe tools only, current checkpoint library, owner-only files."""

import sqlite3
import stat
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib.metadata import version

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from graph.storage.sqlite import create_checkpointer
from graph.tools.calculator import CalculatorError
from graph.tools.catalog import DEFAULT_TOOLS

pytestmark = pytest.mark.faults


@dataclass
class Gadget:
    """A type an attacker might plant in a checkpoint."""

    payload: str = ""


def test_checkpoints_deserialize_only_safe_types(tmp_path):
    saver = create_checkpointer(tmp_path / "db.sqlite")
    permissive = JsonPlusSerializer(allowed_msgpack_modules=True)
    planted = permissive.dumps_typed({"value": Gadget("rm -rf"), "message": HumanMessage("hi")})
    loaded = saver.serde.loads_typed(planted)
    assert not isinstance(loaded.get("value"), Gadget)
    assert loaded["message"] == HumanMessage("hi")


def test_default_tools_compute_and_tell_the_date_and_nothing_else():
    tools = {tool.name: tool for tool in DEFAULT_TOOLS}
    assert tools["calculator"].invoke({"expression": "2+3"}) == "5"
    stamp = tools["get_current_datetime"].invoke({})
    told = datetime.strptime(stamp[:19], "%Y-%m-%d %H:%M:%S")
    assert abs(told - datetime.now()) < timedelta(minutes=1)  # today's date, the local time now
    assert f"({told.strftime('%A')})" in stamp  # and its weekday
    with pytest.raises(CalculatorError):
        tools["calculator"].invoke({"expression": "open('/etc/passwd').read()"})
    for tool in DEFAULT_TOOLS:  # no tool takes a path, a command or code
        assert set(tool.args) <= {"expression"}


def test_checkpoint_library_is_past_its_advisories():
    major, minor = (int(part) for part in version("langgraph-checkpoint-sqlite").split(".")[:2])
    assert (major, minor) >= (3, 1)


def test_a_database_left_readable_by_others_becomes_owner_only_with_its_wal(tmp_path):
    path = tmp_path / "chat.sqlite"
    older = sqlite3.connect(path)  # an older run, still open, left the files readable by everyone
    older.execute("PRAGMA journal_mode=WAL")
    older.execute("CREATE TABLE kept (x)")
    older.execute("INSERT INTO kept VALUES (1)")
    older.commit()
    leftovers = [path, path.with_name("chat.sqlite-wal"), path.with_name("chat.sqlite-shm")]
    for file in leftovers:
        file.chmod(0o644)
    saver = create_checkpointer(path)
    assert {file.name: stat.S_IMODE(file.stat().st_mode) for file in leftovers} == {
        file.name: 0o600 for file in leftovers}
    assert saver.conn.execute("SELECT x FROM kept").fetchall() == [(1,)]
    saver.conn.close()
    older.close()


def test_the_wal_of_a_database_that_was_readable_by_others_is_created_owner_only(tmp_path):
    path = tmp_path / "chat.sqlite"
    with closing(sqlite3.connect(path)) as older:
        older.execute("CREATE TABLE kept (x)")
        older.commit()
    path.chmod(0o644)
    saver = create_checkpointer(path)
    saver.conn.execute("INSERT INTO kept VALUES (1)")
    saver.conn.commit()
    created = [path, path.with_name("chat.sqlite-wal"), path.with_name("chat.sqlite-shm")]
    assert {file.name: stat.S_IMODE(file.stat().st_mode) for file in created} == {
        file.name: 0o600 for file in created}
    saver.conn.close()
