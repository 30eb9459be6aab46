"""Sessions saved before the transcript was stored as deltas (the whole list in every checkpoint) load,
continue, and are retried on either backend.

The databases in `data/` were written by the release before delta channels, through its session API with
fake models: "whole-list" has 11 answered turns and 3 summaries; "unfinished" has 2 answered turns and a third
whose model call failed, left for Retry. The PostgreSQL one is a `pg_dump` of such a database.
"""

import pytest
from langchain_core.messages import HumanMessage

from graph.session.runner import thread_config
from tests.conftest import send
from tests.graph.storage.conftest import answering_engine, restored_release

pytestmark = pytest.mark.storage

@pytest.fixture
def old_database(backend: str, database: str, request) -> str:
    """The database the earlier release wrote, restored where this test keeps its data."""
    return restored_release("whole-list", backend, database, request)


def questions(messages) -> list[str]:
    return [m.content for m in messages if isinstance(m, HumanMessage)]


def test_a_session_saved_whole_loads_continues_and_reloads(old_database):
    engine = answering_engine(old_database)
    try:
        session = engine.session("whole-list")
        before = session.state()
        assert questions(before["messages"]) == [f"question {n} about the garden" for n in range(1, 12)]
        assert [r["turns"] for r in before["summary_history"]] == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        for n in range(12, 15):
            assert [e.kind for e in send(session, f"question {n} about the garden") if e.kind == "error"] == []
        assert engine.storage.prune_checkpoints("whole-list") == 0  # housekeeping ran after each turn
        latest = engine.saver.get_tuple(thread_config("whole-list"))
        assert "messages" in latest.metadata["counters_since_delta_snapshot"]  # new turns are stored as deltas
        assert "messages" not in latest.checkpoint["channel_values"]
    finally:
        engine.close()
    reopened = answering_engine(old_database)
    try:
        state = reopened.session("whole-list").state()
        assert questions(state["messages"]) == [f"question {n} about the garden" for n in range(1, 15)]
        assert [m.content for m in state["messages"][-2:]] == ["question 14 about the garden",
                                                               "Answer about question 14 about the garden"]
        assert [r["turns"] for r in state["summary_history"]] == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
        assert state["turn_count"] == 14
    finally:
        reopened.close()


def test_a_turn_left_unfinished_by_the_earlier_release_is_retried(old_database):
    engine = answering_engine(old_database)
    try:
        session = engine.session("unfinished")
        assert session.unfinished()
        assert questions(session.messages()) == ["first 1", "first 2", "unreachable question"]
        events = session.retry()
        assert [e.kind for e in events if e.kind == "error"] == []
        messages = session.messages()
        assert questions(messages) == ["first 1", "first 2", "unreachable question"]  # neither lost nor doubled
        assert messages[-1].content == "Answer about unreachable question" and not session.unfinished()
        send(session, "first 4")
        assert questions(session.messages())[-1] == "first 4" and session.turns_completed() == 4
    finally:
        engine.close()
