"""Delete is final: background work that was summarizing the session writes nothing afterwards, and a
session made again under the same id inherits nothing of the deleted one."""

import threading

import pytest
from langchain_core.messages import AIMessage

from graph.engine import SessionSettings
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel, summary_reply
from tests.graph.storage.conftest import count_rows

pytestmark = pytest.mark.faults


class GatedSummaries(ScriptedChatModel):
    """A summary model that waits at a gate, so a delete can happen while a summary is being made."""

    gate: threading.Event = threading.Event()
    entered: threading.Event = threading.Event()

    def _next(self, messages):
        self.entered.set()
        self.gate.wait(timeout=30)
        return super()._next(messages)


def test_a_summary_made_while_the_session_is_deleted_is_never_stored(database):
    summary = GatedSummaries(reply=summary_reply, gate=threading.Event(), entered=threading.Event())
    engine = make_engine(database, ScriptedChatModel(), summary)
    session = engine.session("doomed")
    for n in range(1, 4):
        session.send(f"question {n} about Lisbon").wait()  # after turn 3 the preparer summarizes 1-3
    assert summary.entered.wait(timeout=30)
    engine.delete("doomed")
    summary.gate.set()
    engine.wait_idle()
    rows = count_rows(engine.storage, "doomed")
    assert not any(rows.values()), rows
    engine.close()


def test_a_session_made_again_under_a_deleted_id_recalls_only_its_own_turns(database):
    engine = make_engine(database, ScriptedChatModel(reply=lambda messages: AIMessage("noted")),
                         ScriptedChatModel(reply=summary_reply))
    session = engine.session("team")
    session.save_settings(SessionSettings(recall=True))
    for text in ["I live in Lisbon, by the river.", "My sister is a nurse.", "I like green tea.",
                 "The weather is mild today.", "Tell me a joke.", "What is a prime number?"]:
        send(session, text)
    engine.delete("team")
    again = engine.session("team")
    for text in ["Chess openings are fun.", "I bake sourdough bread.", "I live in Porto now, near the harbour.",
                 "Rain again this morning.", "I collect old maps.", "The train was late."]:
        send(again, text)
    question = "Which city do I live in?"
    fresh = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    expected = [item["record"] for item in fresh.recall.recall("team", question, 7, 10_000)]
    fresh.close()
    recalled = [item["record"] for item in engine.recall.recall("team", question, 7, 10_000)]
    assert recalled == expected and expected  # ranked on the new session's own turns, not a deleted one's
    assert "Lisbon" not in str(recalled)
    engine.close()
