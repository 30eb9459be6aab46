"""What the model saw comes back from the turn's own state update: exactly the last request sent, after a tool
round too, streamed or not, and never written into a checkpoint."""

import pytest
from langchain_core.messages import AIMessage, ToolMessage

from graph.models import ModelProfile
from graph.session.runner import thread_config
from tests.conftest import make_engine, send
from tests.fakes import ScriptedChatModel

pytestmark = pytest.mark.graph


def engine_streaming(database, chat_model, streaming: bool):
    """An engine on the fake model, streaming its replies or answering each request whole."""
    profile = ModelProfile(label="fake", provider="remote", streaming=streaming, tools=True,
                           structured_output=True, context_window=128_000)
    return make_engine(database, chat_model, profile=profile)


def as_sent(messages) -> list[tuple[str, str]]:
    return [(message.type, str(message.content)) for message in messages]


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "whole"])
def test_the_last_context_is_the_request_the_model_was_last_sent(backend, database, streaming):
    chat_model = ScriptedChatModel()
    engine = engine_streaming(database, chat_model, streaming)
    session = engine.session("seen")
    assert session.last_context() == []  # nothing sent yet
    send(session, "My sister Mina lives in Busan.")
    send(session, "She works as a nurse there.")
    assert as_sent(session.last_context()) == as_sent(chat_model.calls[-1])
    assert "She works as a nurse there." in as_sent(session.last_context())[-1][1]
    engine.close()


@pytest.mark.parametrize("streaming", [True, False], ids=["streaming", "whole"])
def test_after_a_tool_round_the_last_context_holds_the_tool_result(backend, database, streaming):
    chat_model = ScriptedChatModel(script=[
        AIMessage("", tool_calls=[{"name": "calculator", "args": {"expression": "17*23"}, "id": "t1"}]),
        "That is 391.",
    ])
    engine = engine_streaming(database, chat_model, streaming)
    session = engine.session("tools")
    send(session, "What is 17*23? Use the calculator.")
    assert len(chat_model.calls) == 2
    sent = session.last_context()
    assert as_sent(sent) == as_sent(chat_model.calls[-1])
    assert isinstance(sent[-1], ToolMessage) and sent[-1].content == "391"
    engine.close()


def test_no_checkpoint_keeps_the_request(backend, database):
    chat_model = ScriptedChatModel()
    engine = engine_streaming(database, chat_model, True)
    session = engine.session("kept")
    for text in ("I adopted a shiba named Kkami.", "Kkami loves the beach.", "What is my dog called?"):
        send(session, text)
    assert session.last_context()  # the request was handed out ...
    saved = list(engine.saver.list(thread_config("kept")))
    assert saved
    assert all("request" not in kept.checkpoint["channel_values"] for kept in saved)  # ... and never stored
    assert all(channel != "request" for kept in saved for _, channel, _ in kept.pending_writes or [])
    assert "request" not in session.state()
    engine.close()


def test_a_restarted_engine_has_seen_no_request_yet(database):
    engine = engine_streaming(database, ScriptedChatModel(), True)
    send(engine.session("again"), "hello there")
    engine.close()
    reopened = engine_streaming(database, ScriptedChatModel(), True)
    session = reopened.session("again")
    assert session.last_context() == [] and session.turns_completed() == 1
    reopened.close()
