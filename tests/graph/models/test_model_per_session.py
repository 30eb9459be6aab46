"""Each session is answered by the model it chose, from its next turn on, and everything the model's capabilities
decide follows it: tools called by the model or by the app, summaries written or extracted, the window."""

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from langchain_core.messages import AIMessage, ToolMessage

from graph.engine import Engine, SessionSettings, Settings, assemble
from graph.models import ModelProfile, Models, bundled_profile
from graph.models.catalog import FixedCatalog
from graph.storage.sqlite import create_checkpointer
from state.turns import message_text
from tests.fakes import ScriptedChatModel, summary_calls, summary_reply

pytestmark = pytest.mark.graph

REMOTE = ModelProfile("remote", "remote", streaming=True, tools=True, structured_output=True, context_window=128_000)


def answering_as(name: str):
    """A reply that says which model wrote it and to what."""
    def reply(messages) -> AIMessage:
        return AIMessage(f"{name} answers: {message_text(messages[-1])}")
    return reply


@dataclass
class Fake:
    """One model's chat and summary fakes, as the catalog offers it."""

    chat: ScriptedChatModel
    summary: ScriptedChatModel
    models: Models


def fake(name: str, profile: ModelProfile = REMOTE, streaming: bool = True) -> Fake:
    chat = ScriptedChatModel(reply=answering_as(name), disable_streaming=not streaming)
    summary = ScriptedChatModel(reply=summary_reply)
    return Fake(chat, summary, Models(chat=chat, summary=summary, profile=profile))


class BrokenCatalog(FixedCatalog):
    """Offers a model that cannot be opened (its server would not start)."""

    def open(self, name: str) -> Models:
        if name == "broken":
            raise ConnectionError("the model's server did not start")
        return super().open(name)


def engine_with(tmp_path, offered: dict[str, Fake], catalog: type[FixedCatalog] = FixedCatalog) -> Engine:
    path = tmp_path / "chat.sqlite"
    first = next(iter(offered.values()))
    return assemble(Settings(db_path=str(path), summary_late_turns=0), create_checkpointer(path), first.models,
                    catalog=catalog({name: f.models for name, f in offered.items()}))


@pytest.fixture(params=["streaming", "non_streaming"])
def pair(request, tmp_path) -> Iterator[tuple[Engine, Fake, Fake]]:
    streaming = request.param == "streaming"
    a, b = fake("A", streaming=streaming), fake("B", streaming=streaming)
    engine = engine_with(tmp_path, {"model-a": a, "model-b": b})
    yield engine, a, b
    engine.close()


def asked(model: ScriptedChatModel) -> list[str]:
    """The last message of every chat request the model got."""
    return [message_text(call[-1]) for call in model.calls]


def test_a_session_that_chose_b_is_answered_by_b_while_another_uses_a(pair):
    engine, a, b = pair
    on_b, on_a = engine.session("on-b"), engine.session("on-a")
    on_b.save_settings(model="model-b")
    b_events = on_b.send("Hello from the first session").wait()
    a_events = on_a.send("Hello from the second session").wait()
    engine.wait_idle()
    assert b_events[-1].kind == "reply" and b_events[-1].text == "B answers: Hello from the first session"
    assert a_events[-1].text == "A answers: Hello from the second session"
    assert asked(b.chat) == ["Hello from the first session"] and asked(a.chat) == ["Hello from the second session"]
    streamed = "".join(event.text for event in b_events if event.kind == "token")
    assert streamed == "B answers: Hello from the first session"  # on screen as it came, whichever way it came
    assert on_b.settings().model == "model-b" and on_a.settings().model == ""


def test_the_choice_applies_from_the_next_turn_with_the_whole_conversation(pair):
    engine, a, b = pair
    session = engine.session("switch")
    session.send("My name is Ada.").wait()
    session.save_settings(model="model-b")
    session.send("What is my name?").wait()
    assert asked(a.chat) == ["My name is Ada."] and asked(b.chat) == ["What is my name?"]
    sent = [message_text(message) for message in b.chat.calls[0]]
    assert "My name is Ada." in sent and "A answers: My name is Ada." in sent  # the transcript goes with it
    assert [message_text(m) for m in session.messages()][-1] == "B answers: What is my name?"


def test_a_model_no_longer_offered_gives_way_to_the_default_and_the_choice_stays(pair):
    engine, a, b = pair
    session = engine.session("gone")
    session.save_settings(model="a-model-since-removed")
    events = session.send("Still there?").wait()
    assert events[-1].text == "A answers: Still there?" and b.chat.calls == []
    assert session.settings().model == "a-model-since-removed"
    assert engine.session_model(session.settings())[0] == "model-a"


def test_a_model_that_cannot_start_fails_the_turn_and_keeps_the_message(tmp_path):
    a = fake("A")
    engine = engine_with(tmp_path, {"model-a": a, "broken": fake("X")}, BrokenCatalog)
    session = engine.session("broken")
    session.save_settings(model="broken")
    events = session.send("Are you there?").wait()
    assert events[-1].kind == "error"
    engine.wait_idle()  # work scheduled after the turn holds the session's lock a moment; recover does not wait
    assert session.recover() and session.unfinished()  # kept by the turn journal, as the page puts it back
    assert [message_text(m) for m in session.messages()] == ["Are you there?"]
    session.save_settings(model="model-a")
    assert session.retry()[-1].text == "A answers: Are you there?"
    engine.close()


def test_the_capability_profile_follows_the_model(tmp_path):
    a, small = fake("A"), fake("Small", profile=bundled_profile())
    engine = engine_with(tmp_path, {"model-a": a, "small": small})
    try:
        on_small, on_a = engine.session("small"), engine.session("capable")
        on_small.save_settings(model="small")
        for session in (on_small, on_a):
            session.send("What is 17 * 23?").wait()
        result = [m for m in on_small.messages() if isinstance(m, ToolMessage)]
        assert [m.content for m in result] == ["391"]  # the app called the calculator for the small model
        assert small.chat.bound_tools == [] and a.chat.bound_tools  # the capable model is given the tools
        assert not any(isinstance(m, ToolMessage) for m in on_a.messages())  # and asked to call them itself
        for n in range(2, 5):
            on_small.send(f"On day {n} I walked {n} kilometres along the river with my sister Mina.").wait()
            on_a.send(f"On day {n} I read {n} chapters of a long novel about the sea.").wait()
            engine.wait_idle()
        assert on_small.state()["summary_history"] and on_a.state()["summary_history"]
        assert summary_calls(small.summary) == []  # the small model's summaries are the person's own sentences
        assert all("river" not in message_text(call[0]) for call in summary_calls(a.summary))  # nor sent elsewhere
        name, profile = engine.session_model(on_small.settings())
        assert (name, profile.context_window, profile.tools) == ("small", 8192, False)
        assert engine.request_limit_of(profile) < engine.request_limit
    finally:
        engine.close()


def test_summaries_made_ahead_are_made_by_the_sessions_model(tmp_path):
    a, b = fake("A"), fake("B")
    engine = engine_with(tmp_path, {"model-a": a, "model-b": b})
    try:
        session = engine.session("ahead")
        session.save_settings(model="model-b")
        for n in range(1, 4):
            session.send(f"question {n} about the harbour").wait()
        engine.wait_idle()  # the summary of turns 1-3 was prepared ahead, after turn 3
        assert summary_calls(b.summary) and summary_calls(a.summary) == []
        assert session.summary_due() == [[1, 2, 3]]
        session.send("question 4").wait()
        assert [record["turns"] for record in session.state()["summary_history"]] == [[1, 2, 3]]
        assert a.chat.calls == [] and a.summary.calls == []
    finally:
        engine.close()


def test_the_default_needs_no_choice(tmp_path):
    a = fake("A")
    engine = engine_with(tmp_path, {"model-a": a})
    try:
        assert [option.name for option in engine.model_options()] == ["model-a"]
        assert engine.session_model(SessionSettings()) == ("model-a", REMOTE)
    finally:
        engine.close()


class ReplacingCatalog(FixedCatalog):
    """Hands out new clients for model-b each time it is opened; told they went stale (as a downloaded model's
    clients do when its server stops for another downloaded model), it no longer counts them as current."""

    streaming = True  # whether the clients it hands out stream

    def __init__(self, models: dict[str, Models]) -> None:
        super().__init__(models)
        self.opened: list[Models] = []
        self.stale = False

    def open(self, name: str) -> Models:
        if name != "model-b":
            return super().open(name)
        chat = ScriptedChatModel(reply=answering_as(f"B{len(self.opened) + 1}"), disable_streaming=not self.streaming)
        self.opened.append(Models(chat=chat, summary=ScriptedChatModel(reply=summary_reply), profile=REMOTE))
        self.stale = False
        return self.opened[-1]

    def current(self, name: str, models: Models) -> bool:
        """As a downloaded model's: only the clients opened last, and only while they reach it."""
        return name != "model-b" or (not self.stale and bool(self.opened) and models is self.opened[-1])


@pytest.mark.parametrize("streaming", [True, False])
def test_a_model_whose_clients_went_stale_is_opened_again_for_its_next_turn(tmp_path, monkeypatch, streaming):
    monkeypatch.setattr(ReplacingCatalog, "streaming", streaming)
    engine = engine_with(tmp_path, {"model-a": fake("A"), "model-b": fake("B")}, ReplacingCatalog)
    catalog = engine.rooms.catalog
    assert isinstance(catalog, ReplacingCatalog)
    session = engine.session("stale")
    session.save_settings(model="model-b")
    assert session.send("One").wait()[-1].text == "B1 answers: One"
    assert session.send("Two").wait()[-1].text == "B1 answers: Two" and len(catalog.opened) == 1  # kept while current
    catalog.stale = True
    assert session.send("Three").wait()[-1].text == "B2 answers: Three" and len(catalog.opened) == 2
    engine.close()
