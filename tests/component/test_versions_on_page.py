"""The page says what an edit of an early question leaves out before it happens, puts the way back to the other
version in plain sight above the new one, and a reload during a reply shows the question and what streamed at once."""

import time

import pytest
from streamlit.testing.v1 import AppTest

from graph.engine import Session
from state.texts import localized
from tests.component.apptest import send
from tests.component.test_app import bubble_texts

pytestmark = pytest.mark.app


def messages_of(app, fake_engine) -> list:
    return fake_engine.engine.session(app.session_state["session_id"]).messages()


def edit_first_question(app, fake_engine, text: str) -> None:
    first = messages_of(app, fake_engine)[0]
    app.button(key=f"edit_{first.id}").click().run()
    app.text_area(key=f"edit_text_{first.id}").set_value(text)
    next(b for b in app.button if b.label == "보내기").click().run()


def test_the_edit_form_says_how_many_later_turns_the_new_version_leaves_out(app, fake_engine):
    for n in range(1, 5):
        send(app, f"question {n}")
    first, third = messages_of(app, fake_engine)[0], messages_of(app, fake_engine)[4]
    app.button(key=f"edit_{first.id}").click().run()
    assert [info.value for info in app.info] == [localized("ko", "edit_leaves_out", later=3)]
    next(b for b in app.button if b.label == "취소").click().run()
    app.button(key=f"edit_{third.id}").click().run()
    assert [info.value for info in app.info] == [localized("ko", "edit_leaves_out_one")]
    last = messages_of(app, fake_engine)[6]
    next(b for b in app.button if b.label == "취소").click().run()
    app.button(key=f"edit_{last.id}").click().run()
    assert not app.info  # nothing after the last question


def test_the_new_version_says_above_it_what_the_other_keeps_and_shows_it_in_one_click(app, fake_engine):
    for n in range(1, 5):
        send(app, f"question {n}")
    edit_first_question(app, fake_engine, "question 1, asked again")
    assert not app.exception and len(app.chat_message) == 2
    notice = [m.value for m in app.markdown]
    assert f"**{localized('ko', 'version_notice', shown=2, count=2)}**" in notice
    assert "— " + localized("ko", "version_later", later=3, version=1) in notice
    app.button(key="version_show_1_1").click().run()
    assert len(app.chat_message) == 8 and bubble_texts(app, 7)[0] == "Reply to: question 4"
    assert f"**{localized('ko', 'version_notice', shown=1, count=2)}**" in [m.value for m in app.markdown]
    app.button(key="version_notice_next_1").click().run()
    assert len(app.chat_message) == 2


WORDS = " ".join(f"word{n}" for n in range(200))


def reply_streaming_unread(app, fake_engine):
    """After one answered turn, a second reply streaming slowly that the page which sent it never reads (a reload
    left it): the session's id and the run, once a few words have streamed."""
    send(app, "first question")
    session_id = app.session_state["session_id"]
    fake_engine.chat.script = [WORDS]
    fake_engine.chat.delay = 0.05
    run = fake_engine.engine.session(session_id).send("the question being answered")
    deadline = time.monotonic() + 20
    while len(run.streamed.split()) < 5:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return session_id, run


def test_a_reload_during_a_reply_shows_the_question_and_what_streamed_at_once(app, fake_engine):
    session_id, run = reply_streaming_unread(app, fake_engine)
    reloaded = AppTest.from_file("../../app.py", default_timeout=30)
    reloaded.query_params["session"] = session_id
    reloaded.run()
    texts = [bubble_texts(reloaded, i) for i in range(len(reloaded.chat_message))]
    assert texts[2][0] == "the question being answered"
    assert texts[3][0].startswith("word0 word1 word2 word3")
    assert localized("ko", "live_turn") in [c.value for c in reloaded.chat_message[3].caption]
    assert all(b.key != "retry" for b in reloaded.button)  # it is being answered: nothing to retry
    fake_engine.chat.delay = 0
    run.wait()
    reloaded.run()
    assert bubble_texts(reloaded, 3)[0] == WORDS


def test_a_reply_that_ends_while_a_reload_draws_the_page_is_shown_whole(app, fake_engine, monkeypatch):
    session_id, run = reply_streaming_unread(app, fake_engine)
    read_view = Session.view

    def view_then_the_turn_ends(session):  # the reply saves itself right after the page read the session
        seen = read_view(session)
        monkeypatch.setattr(Session, "view", read_view)
        fake_engine.chat.delay = 0
        run.wait()
        return seen

    monkeypatch.setattr(Session, "view", view_then_the_turn_ends)
    reloaded = AppTest.from_file("../../app.py", default_timeout=30)
    reloaded.query_params["session"] = session_id
    reloaded.run()
    assert not reloaded.exception
    texts = [bubble_texts(reloaded, i) for i in range(len(reloaded.chat_message))]
    assert [text[0] for text in texts[2:]] == ["the question being answered", WORDS]
