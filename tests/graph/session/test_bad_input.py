"""Bad input gets a clear answer and loses nothing: empty or invisible, huge, control characters, bad settings."""

import stat
import threading
import unicodedata

import pytest
from langchain_core.messages import HumanMessage
from streamlit.testing.v1 import AppTest

from graph.session.inputs import clean_user_text
from graph.storage.sqlite import create_checkpointer
from tests.conftest import make_engine
from tests.conftest import send as send_turn
from tests.fakes import ScriptedChatModel, summary_reply

pytestmark = pytest.mark.faults


def test_control_characters_and_lone_surrogates_are_cleaned():
    assert clean_user_text("a\x00b\x07c\r\nd\te\ud800f") == "abc\nd\te\ufffdf"
    assert clean_user_text("   \n\t ") == ""


INVISIBLE_ONLY = ["\u200b", "\ufeff", "\u202e", "\u2060", "\u200b \ufeff\n\u202e\t\u2060", "\u200d\u200c",
                  "\u00ad", "\u3164", "\u2800", "\u00a0\u3000", "\ufe0f", "\x00\u200b\x07"]
VISIBLE_WITH_INVISIBLE = ["\U0001f468\u200d\U0001f469\u200d\U0001f467", "\u2764\ufe0f", "안녕\u200b하세요",
                          "\u1100\u1161\u11a8", "a\u200bb", "\u200bhi", "\u202eabc", "\u0645\u200c\u0627"]


@pytest.mark.parametrize("text", INVISIBLE_ONLY)
def test_text_of_only_invisible_characters_is_cleaned_to_nothing(text):
    assert clean_user_text(text) == ""


@pytest.mark.parametrize("text", VISIBLE_WITH_INVISIBLE)
def test_invisible_characters_inside_real_text_stay(text):
    assert clean_user_text(text) == unicodedata.normalize("NFC", text)


def test_a_message_of_only_invisible_characters_is_refused_without_a_turn(engine, chat_model):
    session = engine.session("s")
    for text in INVISIBLE_ONLY:
        events = session.send(text).wait()
        assert [e.kind for e in events] == ["error"] and events[0].data["code"] == "empty", repr(text)
    assert chat_model.calls == [] and session.messages() == [] and engine.sessions() == []
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    send_turn(session, family)
    assert session.messages()[0].content == family and chat_model.calls[-1][-1].content == family


def test_cleaned_text_is_stored_and_reloaded(database):
    chat = ScriptedChatModel()
    engine = make_engine(database, chat, ScriptedChatModel(reply=summary_reply))
    send_turn(engine.session("s"), "hi\x00 there \udcff!")
    assert chat.calls[-1][-1].content == "hi there \ufffd!"
    engine.close()
    reopened = make_engine(database, ScriptedChatModel(), ScriptedChatModel(reply=summary_reply))
    messages = reopened.session("s").messages()
    assert messages[0].content == "hi there \ufffd!" and isinstance(messages[0], HumanMessage)
    assert [s.title for s in reopened.sessions()] == ["Hi there \ufffd"]  # the gist of the cleaned text
    reopened.close()


def send(app, text):
    app.chat_input[0].set_value(text).run()
    return app


def test_one_megabyte_paste_is_kept_whole_and_shortened_for_the_model(fake_engine):
    app = AppTest.from_file("../../../app.py", default_timeout=60).run()
    paste = "The quarterly report says revenue grew. " * 26_000
    send(app, paste)
    assert not app.exception and fake_engine.chat.calls == []  # first offered as a document
    app.button(key="paste_message").click().run()  # the person sends it as a message anyway
    assert not app.exception
    state = fake_engine.engine.session(app.session_state["session_id"]).state()
    assert state["messages"][0].content == paste.strip()
    sent = fake_engine.chat.calls[-1][-1].content
    assert len(sent) < len(paste) and "characters omitted" in sent
    assert any("1,040,000" in c.value or "1,039,999" in c.value for c in app.caption)


def test_out_of_range_rate_in_session_state_is_clamped(fake_engine):
    app = AppTest.from_file("../../../app.py", default_timeout=30)
    app.session_state["compression_rate"] = 7.0
    app.run()
    assert not app.exception
    assert app.slider(key="compression_rate").value == 0.5


def test_unwritable_database_path_is_a_clear_error_at_start_up(tmp_path, monkeypatch):
    import streamlit as st

    st.cache_resource.clear()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("CHAT_DB_PATH", str(blocker / "chat.sqlite"))
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CHAT_MODEL", "any")
    app = AppTest.from_file("../../../app.py", default_timeout=30).run()
    for _ in range(600):  # the engine starts on a thread of its own behind the page
        if app.error:
            break
        threading.Event().wait(0.05)
        app.run()
    assert not app.exception
    assert any("Cannot open the chat database" in e.value for e in app.error)
    assert len(app.chat_input) == 0
    st.cache_resource.clear()


def test_database_file_is_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "chat.sqlite"
    create_checkpointer(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
