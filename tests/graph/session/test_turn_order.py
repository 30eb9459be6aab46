"""One session's turns are first come, first served, and Stop reaches exactly the reply that streams."""

import re
import threading

import pytest
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage
from langchain_core.outputs import ChatGenerationChunk
from pydantic import Field

from state.turns import STOPPED_MARK
from tests.conftest import make_engine
from tests.fakes import ScriptedChatModel, summary_reply
from tests.fakes.faults import model_of_kind

pytestmark = pytest.mark.faults


def test_back_to_back_sends_are_answered_in_the_order_they_were_sent(database, model_kind):
    chat = model_of_kind(model_kind, lambda messages: AIMessage(f"Reply to: {messages[-1].content}"), delay=0.001)
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    session = engine.session("order")
    expected: list[str] = []
    for trial in range(8):
        texts = [f"trial {trial} message {n}" for n in range(5)]
        runs = [session.send(text) for text in texts]  # five sends before any is answered
        for run, text in zip(runs, texts, strict=True):
            assert run.wait()[-1].text == f"Reply to: {text}"
        expected += texts
    humans = [m.content for m in session.messages() if isinstance(m, HumanMessage)]
    assert humans == expected
    engine.close()


class HeldFirstReply(ScriptedChatModel):
    """Streams each question's first word back (then "end"), except that the reply to the first tab holds after a
    few words until `gate` opens: it is still streaming whenever Stop comes, however busy the machine."""

    gate: threading.Event = Field(default_factory=threading.Event)

    def _stream(self, messages, stop=None, run_manager=None, **kwargs):
        first = str(messages[-1].content).split()[0]
        self.calls.append(list(messages))
        words = [first, *([" " + first] * 40), " end"]
        for index, word in enumerate(words):
            if index == HELD_AT and first == "first":
                self.gate.wait(GATE_SECONDS)  # Stop ends the wait for it: the call is abandoned, then let go
            yield ChatGenerationChunk(message=AIMessageChunk(content=word))


GATE_SECONDS = 60.0
HELD_AT = 12  # words: past the few the reply check holds back while it reads on


def stop_while_another_tab_sends(session, chat: HeldFirstReply) -> tuple[list, list]:
    """The first tab's reply streams; the second tab sends while the first presses Stop: both tabs' events."""
    chat.gate = threading.Event()
    first = session.send("first tab asks")
    assert next(iter(first)).kind == "token"  # the first reply streams (and holds)
    started = threading.Barrier(2)

    def second_tab():
        started.wait()
        return session.send("second tab asks")

    box: list = []
    thread = threading.Thread(target=lambda: box.append(second_tab()))
    thread.start()
    started.wait()
    session.stop()
    thread.join()
    try:
        return first.wait(), box[0].wait()
    finally:
        chat.gate.set()  # the abandoned call ends


def assert_the_first_reply_was_the_one_stopped(session, first_events: list, second_events: list) -> None:
    assert first_events[-1].kind == "reply" and first_events[-1].data.get("stopped")
    assert re.fullmatch(f"first( first)* {STOPPED_MARK}", first_events[-1].text)
    assert second_events[-1].kind == "reply" and not second_events[-1].data.get("stopped")
    assert second_events[-1].text == "second" + " second" * 40 + " end"
    assert [m.content for m in session.messages()] == ["first tab asks", first_events[-1].text, "second tab asks",
                                                       second_events[-1].text]


def test_stop_from_another_tab_stops_the_streaming_reply_not_the_waiting_message(database):
    chat = HeldFirstReply()
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    try:
        session = engine.session("tabs")
        first_events, second_events = stop_while_another_tab_sends(session, chat)
        assert_the_first_reply_was_the_one_stopped(session, first_events, second_events)
        calls = [str(call[-1].content) for call in chat.calls]
        assert calls == ["first tab asks", "second tab asks"]  # the model saw the waiting message
    finally:
        engine.close()


def test_the_stop_race_stops_the_right_reply_two_hundred_times(tmp_path):
    chat = HeldFirstReply()
    engine = make_engine(tmp_path / "chat.sqlite", chat, model_of_kind("streaming", summary_reply))
    try:
        for trial in range(200):
            session = engine.session(f"tabs-{trial}")
            first_events, second_events = stop_while_another_tab_sends(session, chat)
            assert_the_first_reply_was_the_one_stopped(session, first_events, second_events)
    finally:
        engine.close()


def test_stop_with_nothing_streaming_stops_nothing(database):
    chat = model_of_kind("streaming", lambda messages: AIMessage("fine"))
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    session = engine.session("idle")
    session.stop()
    assert session.send("hello").wait()[-1].text == "fine"
    engine.close()
