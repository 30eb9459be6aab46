"""A new chat is listed under its first question's title from the moment its first reply begins (a page loaded
meanwhile opens it and lists it so), never under its raw id, and keeps that title once the reply is saved."""

import threading

import pytest
from langchain_core.messages import AIMessage

from state.titles import gist_title
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.storage

QUESTION = "Write a long story about a dragon who learns to cook"


class HeldReply:
    """A reply that waits until the test lets it go, telling the test when the model was asked."""

    def __init__(self) -> None:
        self.asked, self.go = threading.Event(), threading.Event()

    def __call__(self, messages):
        self.asked.set()
        assert self.go.wait(60)
        return AIMessage("Once upon a time a dragon cooked.")


def listed(engine) -> dict[str, str]:
    return {info.session_id: info.title for info in engine.sessions()}


def test_a_new_chat_is_listed_by_its_title_while_its_first_reply_runs(database):
    reply = HeldReply()
    engine = make_engine(database, ScriptedChatModel(reply=reply), ScriptedChatModel(reply=summary_reply))
    try:
        session = engine.session("a1b2c3d4e5f60718")
        run = session.send(QUESTION)
        assert reply.asked.wait(60)
        during = listed(engine)
        assert list(during) == [session.id] and during[session.id] not in ("", session.id)
        live = session.live_turn()
        assert live is not None and live.question == QUESTION
        reply.go.set()
        assert run.wait()[-1].text == "Once upon a time a dragon cooked."
        assert listed(engine) == during  # the title the first question gives, as it had while the reply ran
        assert during[session.id] == gist_title(QUESTION)
        assert [info.turns for info in engine.sessions()] == [1]
    finally:
        reply.go.set()
        engine.close()


def test_a_chat_whose_settings_were_saved_before_its_first_message_is_not_listed(database):
    engine = make_engine(database)
    try:
        engine.session("not-begun").save_settings(compression_rate=0.4)
        assert listed(engine) == {}
    finally:
        engine.close()
