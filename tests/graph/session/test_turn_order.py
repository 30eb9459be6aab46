"""One session's turns are first come, first served, and Stop reaches exactly the reply that streams."""

import threading

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from tests.conftest import make_engine
from tests.fakes import summary_reply
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


@pytest.mark.parametrize("trial", range(10))
def test_stop_from_another_tab_stops_the_streaming_reply_not_the_waiting_message(trial, database):
    def reply(messages):  # each tab's reply its own words: a late Stop never makes the second one a repeat
        return AIMessage(f"{str(messages[-1].content).split()[0]} " * 40 + "end")

    chat = model_of_kind("streaming", reply, delay=0.01)
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    session = engine.session("tabs")
    first = session.send("first tab asks")
    next(iter(first))  # the first reply streams
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
    first_events, second_events = first.wait(), box[0].wait()
    assert first_events[-1].data.get("stopped")
    assert second_events[-1].kind == "reply" and not second_events[-1].data.get("stopped")
    assert second_events[-1].text.endswith("end")
    calls = [str(call[-1].content) for call in chat.calls]
    assert calls == ["first tab asks", "second tab asks"]  # the model saw the waiting message
    engine.close()


def test_stop_with_nothing_streaming_stops_nothing(database):
    chat = model_of_kind("streaming", lambda messages: AIMessage("fine"))
    engine = make_engine(database, chat, model_of_kind("streaming", summary_reply))
    session = engine.session("idle")
    session.stop()
    assert session.send("hello").wait()[-1].text == "fine"
    engine.close()
