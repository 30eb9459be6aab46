"""A page that goes away while a reply streams (reloaded, its tab closed) leaves the reply to finish in the
background: the reply saved is the whole of what the model wrote for that question, and the page loaded next shows
the question and the reply, in an existing chat and in a new one, listed by its title."""

import pytest
import streamlit as st
from streamlit.runtime.scriptrunner import StopException
from streamlit.testing.v1 import AppTest

from state.texts import localized
from state.turns import STOPPED_MARK
from tests.component.apptest import send
from tests.component.test_app import bubble_texts

pytestmark = pytest.mark.app

WORDS = " ".join(f"word{n}" for n in range(150))
QUESTION = "Tell me a story about a dragon who learns to cook"


def page_goes_away_mid_reply(monkeypatch) -> list[str]:
    """The next reply's stream ends the page's script after its first few words, as Streamlit does to a page whose
    browser reloaded (StopException at its next element); returns the words the page had drawn."""
    drawn: list[str] = []
    write_stream = st.write_stream

    def drawing_then_gone(stream):
        for text in stream:
            drawn.append(text)
            if len(drawn) == 3:
                monkeypatch.setattr(st, "write_stream", write_stream)
                raise StopException()
        return "".join(drawn)

    monkeypatch.setattr(st, "write_stream", drawing_then_gone)
    return drawn


def reload_of(session_id: str) -> AppTest:
    """The page a reload opens: a new browser session with the chat's address."""
    page = AppTest.from_file("../../app.py", default_timeout=30)
    page.query_params["session"] = session_id
    return page.run()


def texts_of(page: AppTest) -> list[str]:
    return [bubble_texts(page, index)[0] for index in range(len(page.chat_message))]


def test_a_reply_streaming_when_the_page_goes_away_finishes_and_the_next_page_shows_it_whole(app, fake_engine,
                                                                                           monkeypatch):
    send(app, "What time is it?")
    session_id = app.session_state["session_id"]
    fake_engine.chat.script, fake_engine.chat.delay = [WORDS], 0.01
    drawn = page_goes_away_mid_reply(monkeypatch)
    send(app, QUESTION)
    assert drawn == ["word0", " word1", " word2"]
    fake_engine.engine.wait_idle()
    saved = fake_engine.engine.session(session_id).messages()
    assert [message.content for message in saved[-2:]] == [QUESTION, WORDS]  # whole, not cut at the reload
    assert STOPPED_MARK not in WORDS
    page = reload_of(session_id)
    assert not page.exception
    assert texts_of(page) == ["What time is it?", "Reply to: What time is it?", QUESTION, WORDS]


def test_a_new_chat_reloaded_during_its_first_reply_opens_with_its_question_and_reply(app, fake_engine,
                                                                                      monkeypatch):
    fake_engine.chat.script, fake_engine.chat.delay = [WORDS], 0.02
    page_goes_away_mid_reply(monkeypatch)
    send(app, QUESTION)
    session_id = app.session_state["session_id"]
    assert app.query_params["session"] == session_id  # the address names the chat from its first message
    page = reload_of(session_id)
    assert not page.exception
    listed = page.button(key=f"open_{session_id}").label
    assert listed not in ("", session_id)  # listed by its title, never by its raw id
    texts = texts_of(page)
    assert texts[0] == QUESTION
    if len(texts) == 2 and localized("ko", "live_turn") in [c.value for c in page.chat_message[1].caption]:
        assert WORDS.startswith(texts[1])  # still being written: what streamed so far
    else:
        assert texts == [QUESTION, WORDS]  # a busy machine: it had ended, and shows whole
    fake_engine.engine.wait_idle()
    page.run()
    assert texts_of(page) == [QUESTION, WORDS]
    assert page.button(key=f"open_{session_id}").label == listed
