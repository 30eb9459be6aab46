"""A chat is titled by the gist of its first message at once, with no model call on the bundled profile; on a
remote profile the summary model names it in the background after the reply; a rename always wins."""

import threading

import pytest
from langchain_core.messages import AIMessage, BaseMessage

from graph.models import bundled_profile
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel
from tests.fakes.models import summary_reply, title_question

pytestmark = pytest.mark.graph

FIRST = "Hi! Can you help me plan a 5-day trip to Kyoto in April with my kids?"


def title_of(engine, session_id: str) -> str:
    return next(info.title for info in engine.sessions() if info.session_id == session_id)


def naming_model(title: str, asked: list[str] | None = None, gate: threading.Event | None = None) -> ScriptedChatModel:
    """A summary model that answers a title request with `title` (once `gate` opens), and summarizes otherwise."""
    def reply(messages: list[BaseMessage]) -> AIMessage:
        if (question := title_question(messages)) is None:
            return summary_reply(messages)
        if asked is not None:
            asked.append(question)
        if gate is not None:
            gate.wait(30)
        return AIMessage(title)
    return ScriptedChatModel(reply=reply)


def test_the_bundled_profile_titles_by_the_gist_without_asking_a_model(database):
    summary = naming_model("Never asked")
    engine = make_engine(database, summary=summary, profile=bundled_profile())
    try:
        engine.session("s").send(FIRST).wait()
        engine.wait_idle()
        assert title_of(engine, "s") == "Plan a 5-day trip to Kyoto in April…"
        assert not [call for call in summary.calls if title_question(call) is not None]
    finally:
        engine.close()


def test_a_remote_model_names_the_chat_after_its_first_reply(database):
    asked: list[str] = []
    engine = make_engine(database, summary=naming_model('Title: "Kyoto family trip"', asked))
    try:
        engine.session("s").send(FIRST).wait()
        engine.wait_idle()
        assert title_of(engine, "s") == "Kyoto family trip" and asked == [FIRST]
        engine.session("s").send("And where should we stay?").wait()
        engine.wait_idle()
        assert title_of(engine, "s") == "Kyoto family trip" and asked == [FIRST]  # named once
    finally:
        engine.close()


def test_a_rename_made_while_the_model_names_the_chat_wins(database):
    gate = threading.Event()
    asked: list[str] = []
    engine = make_engine(database, summary=naming_model("Kyoto family trip", asked, gate))
    try:
        engine.session("s").send(FIRST).wait()
        engine.rename("s", "Our April holiday")  # the person renames while the title is being asked for
        gate.set()
        engine.wait_idle()
        assert title_of(engine, "s") == "Our April holiday"
    finally:
        gate.set()
        engine.close()
