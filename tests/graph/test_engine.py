"""The engine behind the session API: deleting a session leaves nothing behind, session locks go
with their turns, closing stops background work, and one summary plan serves the UI and the graph."""

import gc
import threading

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graph.policies import PolicyInput, get_policy
from graph.request.report import fixed_request_tokens
from graph.request.tokens import count_messages
from graph.storage.locks import held_lock_count
from graph.tools.catalog import DEFAULT_TOOLS
from prompt.system import BASE_SYSTEM_PROMPT
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply
from tests.graph.replies import varied_replies, varied_text
from tests.graph.storage.conftest import count_rows

pytestmark = pytest.mark.graph

APP_TABLES = {"chat_sessions", "prepared_summaries", "turn_journal", "documents", "document_chunks"}
CHECKPOINT_TABLES = {"sqlite": {"checkpoints", "writes"},
                     "postgres": {"checkpoints", "checkpoint_blobs", "checkpoint_writes"}}
HANDBOOK = ("The handbook covers parking, lunch and meetings. " * 200
            + "Vacation policy: 15 days of paid annual leave.")


def test_deleting_a_session_removes_its_rows_in_every_table(backend, database, chat_model, summary_model):
    engine = make_engine(database, chat_model, summary_model)
    doomed, kept = engine.session("doomed"), engine.session("kept")
    for n in range(1, 4):
        send(doomed, f"question {n}")  # after turn 3 a summary waits in prepared_summaries
    chat_model.script = [ConnectionError("refused")]
    assert send(doomed, "question 4", rate=0.5)[-1].kind == "error"  # pending writes; the 0.3 summary stays
    doomed.add_document("memo.txt", b"Mina's birthday is on May 3.")
    doomed.add_document("handbook.md", HANDBOOK.encode())
    engine.storage.journal_write("doomed", {"messages": [{"id": "m5", "text": "question 5"}]})  # as a crash
    send(kept, "hello there")
    kept.add_document("handbook.md", HANDBOOK.encode())
    before = count_rows(engine.storage, "doomed")
    session_tables = APP_TABLES | CHECKPOINT_TABLES[backend]
    assert session_tables <= before.keys()
    assert all(before[table] > 0 for table in session_tables), before
    kept_before = count_rows(engine.storage, "kept")

    engine.delete("doomed")

    after = count_rows(engine.storage, "doomed")
    assert after.keys() == before.keys() and not any(after.values()), after
    assert count_rows(engine.storage, "kept") == kept_before
    assert [s.session_id for s in engine.sessions()] == ["kept"]
    assert doomed.messages() == [] and doomed.documents() == [] and not doomed.unfinished()
    assert [d.title for d in kept.documents()] == ["handbook.md"]
    engine.close()


def test_session_locks_go_once_their_turns_ended(engine, chat_model):
    gc.collect()
    before = held_lock_count()
    chat_model.delay = 0.02
    run = engine.session("busy").send("a long answer please")
    next(iter(run))  # the turn is streaming: its lock is held
    assert held_lock_count() == before + 1
    run.wait()
    for n in range(30):
        send(engine.session(f"s{n}"), "hello there")
    gc.collect()
    assert held_lock_count() == before


def test_close_shuts_down_the_preparer(database, chat_model, summary_model):
    engine = make_engine(database, chat_model, summary_model)
    existing = set(threading.enumerate())
    send(engine.session("s1"), "hello there")
    workers = [t for t in set(threading.enumerate()) - existing if t.name.startswith("summary-preparer")]
    assert workers and all(t.is_alive() for t in workers)
    engine.close()
    for worker in workers:
        worker.join(timeout=10)
    assert not any(t.is_alive() for t in workers)
    try:
        engine.preparer.schedule("s1", 0.3)
    except RuntimeError as error:
        assert "shutdown" in str(error)
    else:
        raise AssertionError("a closed engine still accepted background work")


def test_ui_prediction_and_the_summary_node_agree_when_fixed_tokens_decide(database):
    """Seed 002 counts the base prompt and tool schemas; the UI's prediction must count them too."""
    fixed = fixed_request_tokens(BASE_SYSTEM_PROMPT, DEFAULT_TOOLS)
    seven = [m for n in range(1, 8) for m in (HumanMessage(f"question {n}"), AIMessage(varied_text(n, 60)))]
    window = int((count_messages(seven) + fixed / 2) / 0.6) + 1  # only the fixed tokens pass 60% at turn 7
    chat = ScriptedChatModel(reply=varied_replies(60))
    summary = ScriptedChatModel(reply=summary_reply)
    engine = make_engine(database, chat, summary, context_window=window)
    assert engine.planner.fixed_tokens == fixed > 0
    session = engine.session("s")
    session.save_settings(context_policy="window_share")
    predictions, made = [], []
    for n in range(1, 11):
        state = session.state()
        predicted = session.summary_due()
        if n == 8:
            without_fixed = PolicyInput(state["messages"], state["summary_history"], window, 0)
            assert get_policy("window_share").due(without_fixed) == []  # messages alone stay under 60%
            assert predicted == [[1]]  # fixed tokens push it over: all but the last 6 rounds
        events = send(session, f"question {n}")
        summarized = [e.data["turns"] for e in events if e.kind == "summary"]
        predictions.append([turns[-1] for turns in predicted])
        made.append([turns[-1] for turns in summarized[0]] if summarized else [])
        if n == 8:
            assert summarized == [[[1]]]
            notice = next(e for e in events if e.kind == "notice")
            assert notice.data["before"] > window * 0.6 > notice.data["before"] - fixed
    assert predictions == made
    assert [n for n, spans in enumerate(made, start=1) if spans][0] == 8
    engine.close()
