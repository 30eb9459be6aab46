"""Sessions saved while the request's report and log were stored under the context's names keep their token chart
and last report on either backend, continue, and leave no old name behind.

`data/request-names.*` were written by the release before the rename, through its session API with fake models:
session "before-names" has 20 answered turns, so its log is stored as a full copy and the writes after it. The
PostgreSQL one is a `pg_dump` of such a database.
"""

import sqlite3
from contextlib import closing

import psycopg
import pytest

from graph.storage.langgraph_private import DeltaSnapshot
from graph.storage.shared.request_names import renamed_checkpoint, renamed_metadata, renamed_value
from tests.conftest import send
from tests.graph.storage.conftest import answering_engine, restored_release

pytestmark = pytest.mark.storage

SESSION = "before-names"
OLD_NAMES = ("context_report", "context_log", "context_tokens")


@pytest.fixture
def old_database(backend: str, database: str, request) -> str:
    """The database the earlier release wrote, restored where this test keeps its data."""
    return restored_release("request-names", backend, database, request)


def stored_channels(database: str) -> set[str]:
    """Every channel name the checkpoint tables hold, in writes, blobs, versions and delta counters."""
    if database.startswith("postgresql"):
        with psycopg.connect(database) as conn:
            names = {row[0] for row in conn.execute("SELECT channel FROM checkpoint_writes UNION "
                                                    "SELECT channel FROM checkpoint_blobs")}
            names |= {row[0] for row in conn.execute(
                "SELECT jsonb_object_keys(checkpoint -> 'channel_versions') FROM checkpoints UNION "
                "SELECT jsonb_object_keys(metadata -> 'counters_since_delta_snapshot') FROM checkpoints "
                "WHERE metadata ? 'counters_since_delta_snapshot'")}
            return names
    with closing(sqlite3.connect(database)) as conn:
        names = {row[0] for row in conn.execute("SELECT channel FROM writes")}
        names |= {row[0] for row in conn.execute(
            "SELECT key FROM checkpoints, json_each(CAST(metadata AS TEXT), '$.counters_since_delta_snapshot')")}
        return names


def test_a_session_saved_under_the_old_names_keeps_its_chart_and_report(old_database):
    engine = answering_engine(old_database)
    try:
        session = engine.session(SESSION)
        state = session.state()
        assert [point["turn"] for point in state["request_log"]] == list(range(1, 21))
        assert all(point["request_tokens"] > 0 and "context_tokens" not in point for point in state["request_log"])
        assert state["request_report"]["turn"] == 20 and state["request_report"]["request_tokens"] > 0
        assert not set(OLD_NAMES) & set(state)
        for n in range(21, 23):
            assert [e.kind for e in send(session, f"question {n} about the harbour") if e.kind == "error"] == []
    finally:
        engine.close()
    assert {"request_log", "messages"} <= stored_channels(old_database)
    assert not set(OLD_NAMES) & stored_channels(old_database)
    reopened = answering_engine(old_database)
    try:
        state = reopened.session(SESSION).state()
        assert [point["turn"] for point in state["request_log"]] == list(range(1, 23))
        assert state["request_report"]["turn"] == 22
    finally:
        reopened.close()


def test_the_renaming_reaches_every_place_a_checkpoint_names_a_channel():
    point = {"turn": 3, "context_tokens": 120, "history_tokens": 300}
    checkpoint = {
        "v": 4, "id": "1", "ts": "",
        "channel_values": {"context_log": DeltaSnapshot([point]), "context_report": {"turn": 3, "context_tokens": 9},
                           "turn_count": 3},
        "channel_versions": {"context_log": "7", "context_report": "8", "turn_count": "2"},
        "versions_seen": {"llm": {"context_report": "8", "branch:to:llm": "5"}},
        "updated_channels": ["context_log", "turn_count"],
    }
    renamed = renamed_checkpoint(checkpoint)
    assert renamed["channel_values"] == {"request_log": DeltaSnapshot([{**renamed_value(point)}]),
                                         "request_report": {"turn": 3, "request_tokens": 9}, "turn_count": 3}
    assert renamed["channel_values"]["request_log"].value == [{"turn": 3, "request_tokens": 120,
                                                               "history_tokens": 300}]
    assert renamed["channel_versions"] == {"request_log": "7", "request_report": "8", "turn_count": "2"}
    assert renamed["versions_seen"] == {"llm": {"request_report": "8", "branch:to:llm": "5"}}
    assert renamed["updated_channels"] == ["request_log", "turn_count"]
    metadata = {"step": 4, "counters_since_delta_snapshot": {"messages": [1, 4], "context_log": [2, 4]}}
    assert renamed_metadata(metadata)["counters_since_delta_snapshot"] == {"messages": [1, 4], "request_log": [2, 4]}
    assert renamed_checkpoint(renamed) == renamed  # a second pass changes nothing
